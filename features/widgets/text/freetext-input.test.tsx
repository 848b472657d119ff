// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import FreetextComment from './freetext-comment';
import FreetextInput from './freetext-input';
import { makeWidget, renderWidget } from '@/test/render-with-intl';
import { langMarks } from '../test-fixtures';

describe('FreetextInput', () => {
  it('encodes typed text as ["text"] and an emptied field as []', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderWidget(FreetextInput, makeWidget({ subtype: 'freetext_input', title: 'Your name' }));
    const field = screen.getByRole('textbox', { name: 'Your name' });
    await user.type(field, 'Ana :|: Ruiz');
    expect(lastValue()).toEqual(['Ana :|: Ruiz']);
    await user.clear(field);
    expect(lastValue()).toEqual([]);
  });

  it('is a native, named, labelled field with its error and required state', () => {
    renderWidget(
      FreetextInput,
      makeWidget({ subtype: 'freetext_input', id: 7, required: true, settings: { placeholder: 'Type here' } }),
      {
        describedBy: 'q-error',
        invalid: true,
        value: ['kept'],
      },
    );
    const field = screen.getByRole('textbox', { name: 'Question' });
    expect(field).toHaveAttribute('name', 'q7');
    expect(field).toHaveValue('kept');
    expect(field).toHaveAttribute('placeholder', 'Type here');
    expect(field).toHaveAttribute('aria-describedby', 'q-error');
    expect(field).toBeInvalid();
    expect(field).toBeRequired();
  });

  it('offers the keyboard that suits the validation', () => {
    const { unmount } = renderWidget(
      FreetextInput,
      makeWidget({ subtype: 'freetext_input', validation: { type: 'email' } }),
    );
    expect(screen.getByRole('textbox')).toHaveAttribute('type', 'email');
    unmount();
    renderWidget(
      FreetextInput,
      makeWidget({ subtype: 'freetext_input', validation: { type: 'number', min_value: 0 } }),
    );
    const field = screen.getByRole('textbox');
    expect(field).toHaveAttribute('type', 'text');
    expect(field).toHaveAttribute('inputmode', 'numeric');
  });

  it('cannot be typed in when disabled', async () => {
    const user = userEvent.setup();
    const { onChange } = renderWidget(FreetextInput, makeWidget({ subtype: 'freetext_input' }), { disabled: true });
    await user.type(screen.getByRole('textbox'), 'x');
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('FreetextComment', () => {
  it('is a text area with settings.rows (default 4) and the same encoding', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderWidget(FreetextComment, makeWidget({ subtype: 'freetext_comment', id: 9 }));
    const area = screen.getByRole('textbox', { name: 'Question' });
    expect(area.tagName).toBe('TEXTAREA');
    expect(area).toHaveAttribute('rows', '4');
    expect(area).toHaveAttribute('name', 'q9');
    await user.type(area, 'line one{Enter}line two');
    expect(lastValue()).toEqual(['line one\nline two']);
    await user.clear(area);
    expect(lastValue()).toEqual([]);
  });

  it('honours settings.rows', () => {
    renderWidget(FreetextComment, makeWidget({ subtype: 'freetext_comment', settings: { rows: 8 } }));
    expect(screen.getByRole('textbox')).toHaveAttribute('rows', '8');
  });
});

describe('language of parts', () => {
  it.each([
    ['FreetextInput', FreetextInput, 'freetext_input', 'input'],
    ['FreetextComment', FreetextComment, 'freetext_comment', 'textarea'],
  ])('%s: the field carries textLang only when its placeholder is the owner text', (_name, Field, subtype, tag) => {
    const withPlaceholder = makeWidget({ subtype, settings: { placeholder: 'Escriba aquí' } });
    const { container } = renderWidget(Field, withPlaceholder, { textLang: 'es' });
    expect(langMarks(container)).toEqual([`${tag} Escriba aquí=es`]);
    const { container: bare } = renderWidget(Field, makeWidget({ subtype }), { textLang: 'es' });
    expect(langMarks(bare)).toEqual([]);
    const { container: same } = renderWidget(Field, withPlaceholder);
    expect(langMarks(same)).toEqual([]);
  });
});
