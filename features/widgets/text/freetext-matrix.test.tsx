// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import FreetextMatrix from './freetext-matrix';
import { makeWidget, renderWidget } from '@/test/render-with-intl';
import { langMarks } from '../test-fixtures';

const widget = makeWidget({
  subtype: 'freetext_matrix',
  id: 12,
  title: 'Opening hours',
  items: [
    { id: 1, value: 'Monday' },
    { id: 2, value: 'Tuesday' },
  ],
  col_options: [
    { id: 10, value: 'Opens' },
    { id: 20, value: 'Closes' },
  ],
});

describe('FreetextMatrix', () => {
  it('is a table with row and column headers, each field named "row, column"', () => {
    renderWidget(FreetextMatrix, widget);
    const table = screen.getByRole('table', { name: 'Opening hours' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Opens', 'Closes']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Monday', 'Tuesday']);
    expect(screen.getByRole('textbox', { name: 'Tuesday, Closes' })).toHaveAttribute('name', 'q12_2_20');
  });

  it('encodes "<row id>:|:<col id>:|:<value>" per filled cell, row by row', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderWidget(FreetextMatrix, widget);
    await user.type(screen.getByRole('textbox', { name: 'Tuesday, Opens' }), '9:00');
    await user.type(screen.getByRole('textbox', { name: 'Monday, Closes' }), '18:00');
    expect(lastValue()).toEqual(['1:|:20:|:18:00', '2:|:10:|:9:00']);
    await user.clear(screen.getByRole('textbox', { name: 'Monday, Closes' }));
    expect(lastValue()).toEqual(['2:|:10:|:9:00']);
  });

  it('leaves out a cell holding only spaces', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderWidget(FreetextMatrix, widget);
    await user.type(screen.getByRole('textbox', { name: 'Monday, Opens' }), '   ');
    expect(lastValue()).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: 'Tuesday, Opens' }), '9 am');
    expect(lastValue()).toEqual(['2:|:10:|:9 am']);
  });

  it('on phones shows one labelled group per row', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderWidget(FreetextMatrix, widget, { mobile: true, value: ['1:|:10:|:8:30'] });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const monday = screen.getByRole('group', { name: 'Monday' });
    expect(within(monday).getByRole('textbox', { name: 'Opens' })).toHaveValue('8:30');
    await user.type(within(monday).getByRole('textbox', { name: 'Closes' }), '17:00');
    expect(lastValue()).toEqual(['1:|:10:|:8:30', '1:|:20:|:17:00']);
  });

  it('marks only the cells an error names, and every cell for an error about the question', () => {
    const { rerender } = renderWidget(FreetextMatrix, widget, {
      invalid: true,
      describedBy: 'err',
      invalidCells: ['2:20'],
    });
    const invalid = () =>
      screen
        .getAllByRole('textbox')
        .filter((field) => field.getAttribute('aria-invalid') === 'true')
        .map((field) => field.getAttribute('name'));
    expect(invalid()).toEqual(['q12_2_20']);
    expect(screen.getByRole('textbox', { name: 'Tuesday, Closes' })).toHaveAttribute('aria-describedby', 'err');
    expect(screen.getByRole('textbox', { name: 'Monday, Opens' })).not.toHaveAttribute('aria-describedby');
    rerender({ invalid: true, describedBy: 'err', invalidCells: undefined });
    expect(invalid()).toEqual(['q12_1_10', 'q12_1_20', 'q12_2_10', 'q12_2_20']);
  });
  describe('language of parts', () => {
    const es = makeWidget({
      subtype: 'freetext_matrix',
      items: [{ id: 1, value: 'Lunes' }],
      col_options: [
        { id: 10, value: 'Abre' },
        { id: 20, value: 'Cierra' },
      ],
    });
    it.each([
      [false, ['th Abre=es', 'th Cierra=es', 'th Lunes=es', 'input Lunes, Abre=es', 'input Lunes, Cierra=es']],
      [true, ['legend Lunes=es', 'label Abre=es', 'label Cierra=es']],
    ])('mobile %s: headers, labels and the fields named by owner text carry textLang', (mobile, marks) => {
      const { container } = renderWidget(FreetextMatrix, es, { mobile, textLang: 'es' });
      expect(langMarks(container)).toEqual(marks);
      const { container: same } = renderWidget(FreetextMatrix, es, { mobile });
      expect(langMarks(same)).toEqual([]);
    });
  });
});
