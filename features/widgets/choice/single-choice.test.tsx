// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeWidget, renderWidget, serverRenderedWidget } from '@/test/render-with-intl';
import SingleChoice from './single-choice';
import { langMarks } from '../test-fixtures';

const items = [
  { id: 1, value: 'Red' },
  { id: 2, value: 'Green' },
  { id: 3, value: 'Blue' },
];

function optionNames(): string[] {
  return screen.getAllByRole('radio').map((radio) => radio.getAttribute('value') ?? '');
}

describe('SingleChoice', () => {
  it.each(['single_radio', 'single_select', 'single_select_image'])(
    '%s: a click stores the item id and calls onAnswered',
    async (subtype) => {
      const user = userEvent.setup();
      const { lastValue, onAnswered } = renderWidget(SingleChoice, makeWidget({ subtype, items }));
      await user.click(screen.getByRole('radio', { name: 'Green' }));
      expect(lastValue()).toEqual(['2']);
      expect(onAnswered).toHaveBeenCalledTimes(1);
      await user.click(screen.getByRole('radio', { name: 'Blue' }));
      expect(lastValue()).toEqual(['3']);
    },
  );

  it('is a radiogroup labelled by the question title, with native named radios', () => {
    renderWidget(SingleChoice, makeWidget({ subtype: 'single_radio', items, required: true }), {
      describedBy: 'err',
      invalid: true,
    });
    const group = screen.getByRole('radiogroup', { name: 'Question' });
    expect(group).toHaveAttribute('aria-describedby', 'err');
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAttribute('aria-required', 'true');
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    for (const radio of radios) expect(radio).toHaveAttribute('name', 'q101');
    expect(screen.getByRole('radio', { name: 'Red' })).toHaveAttribute('value', '1');
  });

  it('shows the stored answer as checked', () => {
    renderWidget(SingleChoice, makeWidget({ subtype: 'single_radio', items }), { value: ['3'] });
    expect(screen.getByRole('radio', { name: 'Blue' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Red' })).not.toBeChecked();
  });

  it('arrow keys move the choice without auto flow; Space on the checked radio confirms', async () => {
    const user = userEvent.setup();
    const { lastValue, onAnswered } = renderWidget(SingleChoice, makeWidget({ subtype: 'single_radio', items }));
    await user.click(screen.getByRole('radio', { name: 'Red' }));
    expect(onAnswered).toHaveBeenCalledTimes(1);
    await user.keyboard('{ArrowDown}');
    expect(lastValue()).toEqual(['2']);
    expect(screen.getByRole('radio', { name: 'Green' })).toHaveFocus();
    expect(onAnswered).toHaveBeenCalledTimes(1);
    await user.keyboard(' ');
    expect(onAnswered).toHaveBeenCalledTimes(2);
  });

  it('reaches the group with Tab and selects with Space', async () => {
    const user = userEvent.setup();
    const { lastValue, onAnswered } = renderWidget(SingleChoice, makeWidget({ subtype: 'single_select', items }));
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Red' })).toHaveFocus();
    await user.keyboard(' ');
    expect(lastValue()).toEqual(['1']);
    expect(onAnswered).toHaveBeenCalledTimes(1);
  });

  describe('other option', () => {
    const widget = makeWidget({ subtype: 'single_radio', items, settings: { has_other: true } });

    it('shows a text field once chosen and encodes the typed text', async () => {
      const user = userEvent.setup();
      const { lastValue, onAnswered } = renderWidget(SingleChoice, widget);
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
      await user.click(screen.getByRole('radio', { name: 'Other' }));
      expect(lastValue()).toEqual(['others:|:']);
      const field = screen.getByRole('textbox', { name: 'Other' });
      expect(field).toHaveAttribute('placeholder', 'Please specify');
      expect(field).toHaveFocus();
      await user.type(field, 'Teal');
      expect(lastValue()).toEqual(['others:|:Teal']);
      // Choosing or typing "other" is not a complete answer for auto flow.
      expect(onAnswered).not.toHaveBeenCalled();
    });

    it('is in the server’s HTML, hidden, so "other" chosen before the client takes over can show it', async () => {
      const { container, hydrate } = serverRenderedWidget(SingleChoice, widget);
      const field = container.querySelector('input[name="q101-other"]');
      expect(field).toBeInstanceOf(HTMLInputElement);
      expect(field?.closest('[hidden]')).not.toBeNull();
      await hydrate();
      // Hydrated, not drawn again: what was typed in it before stays in the same field.
      expect(container.querySelector('input[name="q101-other"]')).toBe(field);
      expect(within(container).queryByRole('textbox')).not.toBeInTheDocument();
    });

    it('chosen with nothing typed, carries the question’s error; typed in, or not chosen, it does not', async () => {
      const user = userEvent.setup();
      const required = makeWidget({ subtype: 'single_radio', items, required: true, settings: { has_other: true } });
      const { container, rerender } = renderWidget(SingleChoice, required, { describedBy: 'err', invalid: true });
      const field = container.querySelector('input[name="q101-other"]');
      expect(field).not.toHaveAttribute('aria-invalid', 'true');
      expect(field).not.toHaveAttribute('aria-describedby');
      await user.click(screen.getByRole('radio', { name: 'Other' }));
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAttribute('aria-describedby', 'err');
      await user.type(screen.getByRole('textbox', { name: 'Other' }), 'Teal');
      rerender({ describedBy: 'err', invalid: true });
      expect(field).toHaveAttribute('aria-invalid', 'false');
    });

    it('typed in with only invisible characters, still carries the error, as validation reads it blank', () => {
      const { container } = renderWidget(SingleChoice, widget, {
        value: ['others:|:\u200b '],
        describedBy: 'err',
        invalid: true,
      });
      expect(container.querySelector('input[name="q101-other"]')).toHaveAttribute('aria-invalid', 'true');
    });

    it('keeps text that contains the separator', async () => {
      const user = userEvent.setup();
      const { lastValue } = renderWidget(SingleChoice, widget, { value: ['others:|:a'] });
      await user.type(screen.getByRole('textbox', { name: 'Other' }), ':|:b');
      expect(lastValue()).toEqual(['others:|:a:|:b']);
      expect(screen.getByRole('textbox', { name: 'Other' })).toHaveValue('a:|:b');
    });

    it('restores a stored other answer and drops it when an item is chosen', async () => {
      const user = userEvent.setup();
      const { lastValue } = renderWidget(SingleChoice, widget, { value: ['others:|:Teal'] });
      expect(screen.getByRole('radio', { name: 'Other' })).toBeChecked();
      expect(screen.getByRole('textbox', { name: 'Other' })).toHaveValue('Teal');
      await user.click(screen.getByRole('radio', { name: 'Red' }));
      expect(lastValue()).toEqual(['1']);
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    });

    it('uses the survey other_label when there is one', () => {
      renderWidget(
        SingleChoice,
        makeWidget({ subtype: 'single_radio', items, settings: { has_other: true, other_label: 'Something else' } }),
        {
          value: ['others:|:'],
        },
      );
      expect(screen.getByRole('radio', { name: 'Something else' })).toHaveAttribute('value', 'others');
      expect(screen.getByRole('textbox', { name: 'Something else' })).toBeInTheDocument();
    });
  });

  describe('randomize', () => {
    const many = Array.from({ length: 8 }, (_, index) => ({ id: index + 1, value: `Option ${index + 1}` }));
    const fixedLast = [...many, { id: 99, value: 'None of these', fixed: true }];

    it('shuffles with the seed, keeps fixed items in place and is stable across renders', () => {
      const widget = makeWidget({ subtype: 'single_radio', items: fixedLast, settings: { randomize: true } });
      const first = renderWidget(SingleChoice, widget, { shuffleSeed: 'abc' });
      const order = optionNames();
      expect(order).not.toEqual(fixedLast.map((item) => String(item.id)));
      expect(order.at(-1)).toBe('99');
      first.rerender({ shuffleSeed: 'abc' });
      expect(optionNames()).toEqual(order);
      first.unmount();
      renderWidget(SingleChoice, widget, { shuffleSeed: 'abc' });
      expect(optionNames()).toEqual(order);
    });

    it('keeps the survey order without randomize', () => {
      renderWidget(SingleChoice, makeWidget({ subtype: 'single_radio', items: many }));
      expect(optionNames()).toEqual(many.map((item) => String(item.id)));
    });
  });

  it('does not render hidden items, and hiding one does not reorder the others', () => {
    const many = Array.from({ length: 6 }, (_, index) => ({ id: index + 1, value: `Option ${index + 1}` }));
    const widget = makeWidget({ subtype: 'single_radio', items: many, settings: { randomize: true } });
    const { rerender } = renderWidget(SingleChoice, widget);
    const order = optionNames();
    rerender({ hiddenItemIds: new Set([2]) });
    expect(screen.queryByRole('radio', { name: 'Option 2' })).not.toBeInTheDocument();
    expect(optionNames()).toEqual(order.filter((id) => id !== '2'));
  });

  it('image cards: the picture is named by the option text and the radio keeps that name', () => {
    renderWidget(
      SingleChoice,
      makeWidget({
        subtype: 'single_select_image',
        items: [
          { id: 1, value: 'Cat', image_src: 'https://example.com/cat.png' },
          { id: 2, value: 'Dog', image_src: 'https://example.com/dog.png' },
        ],
      }),
    );
    expect(screen.getByRole('img', { name: 'Cat' })).toHaveAttribute('src', 'https://example.com/cat.png');
    expect(screen.getByRole('radio', { name: 'Cat' })).toHaveAttribute('value', '1');
    expect(screen.getByRole('radio', { name: 'Dog' })).toHaveAttribute('type', 'radio');
  });

  it('follows the survey direction', () => {
    renderWidget(SingleChoice, makeWidget({ subtype: 'single_radio', items }), { rtl: true });
    expect(screen.getByRole('radiogroup')).toHaveAttribute('dir', 'rtl');
  });

  it('disables every option when the widget is disabled', () => {
    renderWidget(SingleChoice, makeWidget({ subtype: 'single_radio', items }), { disabled: true });
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
  });
  describe('language of parts', () => {
    const es = [
      { id: 1, value: 'Gato', image_src: 'https://example.com/cat.png' },
      { id: 2, value: 'Perro', image_src: 'https://example.com/dog.png' },
    ];
    it.each([
      // The interface's default "Other" and its "Please specify" stay in the page's language.
      ['single_radio', { has_other: true }, ['span Gato=es', 'span Perro=es']],
      ['single_select', { has_other: true, other_label: 'Otro' }, ['span Gato=es', 'span Perro=es', 'span Otro=es']],
      ['single_select_image', {}, ['img Gato=es', 'span Gato=es', 'img Perro=es', 'span Perro=es']],
    ])('%s %j: the owner texts carry textLang', (subtype, settings, marks) => {
      const { container } = renderWidget(SingleChoice, makeWidget({ subtype, items: es, settings }), {
        textLang: 'es',
        value: ['others:|:'],
      });
      expect(langMarks(container)).toEqual(marks);
      const { container: same } = renderWidget(SingleChoice, makeWidget({ subtype, items: es, settings }));
      expect(langMarks(same)).toEqual([]);
    });
  });
});
