// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeWidget, renderWidget } from '@/test/render-with-intl';
import RadioMatrix from './radio-matrix';
import { langMarks } from '../test-fixtures';

const widget = makeWidget({
  subtype: 'other_radio_matrix',
  items: [
    { id: 1, value: 'Price' },
    { id: 2, value: 'Quality' },
    { id: 3, value: 'Service' },
  ],
  col_options: [
    { id: 10, value: 'Bad' },
    { id: 20, value: 'Good' },
  ],
});

describe('RadioMatrix', () => {
  it('is a table labelled by the title, with row and column headers and named radios', () => {
    renderWidget(RadioMatrix, widget, { describedBy: 'err', invalid: true });
    const table = screen.getByRole('table', { name: 'Question' });
    expect(table).toHaveAttribute('aria-describedby', 'err');
    expect(table).toHaveAttribute('aria-invalid', 'true');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Bad', 'Good']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['Price', 'Quality', 'Service']);
    const cell = screen.getByRole('radio', { name: 'Quality, Good' });
    expect(cell).toHaveAttribute('name', 'q101-2');
    expect(cell).toHaveAttribute('value', '20');
  });

  it('writes one entry per row, empty_row for the others, and auto flow only when complete', async () => {
    const user = userEvent.setup();
    const { lastValue, onAnswered } = renderWidget(RadioMatrix, widget);
    await user.click(screen.getByRole('radio', { name: 'Quality, Good' }));
    expect(lastValue()).toEqual(['1:|:empty_row', '2:|:20', '3:|:empty_row']);
    await user.click(screen.getByRole('radio', { name: 'Price, Bad' }));
    await user.click(screen.getByRole('radio', { name: 'Quality, Bad' }));
    expect(lastValue()).toEqual(['1:|:10', '2:|:10', '3:|:empty_row']);
    expect(onAnswered).not.toHaveBeenCalled();
    await user.click(screen.getByRole('radio', { name: 'Service, Good' }));
    expect(lastValue()).toEqual(['1:|:10', '2:|:10', '3:|:20']);
    expect(onAnswered).toHaveBeenCalledTimes(1);
  });

  it('arrow keys move within a row', async () => {
    const user = userEvent.setup();
    const { lastValue, onAnswered } = renderWidget(RadioMatrix, widget, {
      value: ['1:|:10', '2:|:10', '3:|:10'],
    });
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Price, Bad' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(lastValue()).toEqual(['1:|:20', '2:|:10', '3:|:10']);
    expect(onAnswered).not.toHaveBeenCalled();
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Quality, Bad' })).toHaveFocus();
  });

  it('restores a stored answer, ignoring empty_row', () => {
    renderWidget(RadioMatrix, widget, { value: ['1:|:empty_row', '2:|:20', '3:|:empty_row'] });
    expect(screen.getByRole('radio', { name: 'Quality, Good' })).toBeChecked();
    expect(screen.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked)).toHaveLength(1);
  });

  it('randomize_rows shuffles rows with the seed, keeping fixed rows, stable across renders', () => {
    const rows = Array.from({ length: 7 }, (_, index) => ({ id: index + 1, value: `Row ${index + 1}` }));
    const shuffled = makeWidget({
      ...widget,
      items: [...rows, { id: 99, value: 'Overall', fixed: true }],
      settings: { randomize_rows: true },
    });
    const headers = () => screen.getAllByRole('rowheader').map((header) => header.textContent);
    const { rerender } = renderWidget(RadioMatrix, shuffled, { shuffleSeed: 'seed-1' });
    const order = headers();
    expect(order).not.toEqual([...rows.map((row) => row.value), 'Overall']);
    expect(order.at(-1)).toBe('Overall');
    rerender({ shuffleSeed: 'seed-1', invalid: true });
    expect(headers()).toEqual(order);
  });

  it('writes answers in survey row order even when rows are shuffled', async () => {
    const user = userEvent.setup();
    const shuffled = makeWidget({ ...widget, settings: { randomize_rows: true } });
    const { lastValue } = renderWidget(RadioMatrix, shuffled, { shuffleSeed: 'x' });
    await user.click(screen.getByRole('radio', { name: 'Service, Bad' }));
    expect(lastValue()).toEqual(['1:|:empty_row', '2:|:empty_row', '3:|:10']);
  });

  it('hidden rows are neither shown nor written', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderWidget(RadioMatrix, widget, { hiddenItemIds: new Set([2]) });
    expect(screen.queryByRole('rowheader', { name: 'Quality' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Price, Good' }));
    expect(lastValue()).toEqual(['1:|:20', '3:|:empty_row']);
  });

  describe("a question's split", () => {
    const split = makeWidget({ ...widget, settings: { split: true } });

    it('is one table for either width, each cell an option with its column text, the same whatever the width', async () => {
      const user = userEvent.setup();
      const renders = ([true, false, null] as const).map((mobile) => {
        const { container, unmount } = renderWidget(RadioMatrix, split, { mobile });
        const html = container.innerHTML;
        unmount();
        return html;
      });
      expect(new Set(renders).size).toBe(1);

      const { lastValue } = renderWidget(RadioMatrix, split, { mobile: null });
      const table = screen.getByRole('table');
      expect(table.parentElement?.className).toContain('narrowSplit');
      const cell = screen.getByRole('radio', { name: 'Quality, Bad' }).closest('td');
      expect(cell?.textContent).toBe('Bad');
      expect(screen.getAllByRole('radio', { name: 'Quality, Bad' })).toHaveLength(1);
      await user.click(screen.getByRole('radio', { name: 'Quality, Bad' }));
      expect(lastValue()).toEqual(['1:|:empty_row', '2:|:10', '3:|:empty_row']);
    });

    it('leaves a matrix without it a plain table, and the theme splits it into fieldsets at every width', () => {
      const { container, unmount } = renderWidget(RadioMatrix, widget, { mobile: true });
      expect(container.querySelector('[class*="narrowSplit"]')).toBeNull();
      expect(screen.getByRole('radio', { name: 'Quality, Bad' }).closest('td')?.textContent).toBe('');
      unmount();
      renderWidget(RadioMatrix, split, { mobile: false, matrixSplit: true });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(screen.getByRole('group', { name: 'Quality' }).tagName).toBe('FIELDSET');
    });
  });

  it('follows the survey direction', () => {
    const { container } = renderWidget(RadioMatrix, widget, { rtl: true });
    expect(container.querySelector('[dir="rtl"]')).toContainElement(screen.getByRole('table'));
  });
  describe('language of parts', () => {
    const es = makeWidget({
      subtype: 'other_radio_matrix',
      items: [{ id: 1, value: 'Precio' }],
      col_options: [
        { id: 10, value: 'Malo' },
        { id: 20, value: 'Bueno' },
      ],
    });
    it.each([
      [false, ['th Malo=es', 'th Bueno=es', 'th Precio=es', 'input Precio, Malo=es', 'input Precio, Bueno=es']],
      [true, ['legend Precio=es', 'input Precio, Malo=es', 'span Malo=es', 'input Precio, Bueno=es', 'span Bueno=es']],
    ])('split %s: headers, legends and the radios named by them carry textLang', (matrixSplit, marks) => {
      const { container } = renderWidget(RadioMatrix, es, { matrixSplit, textLang: 'es' });
      expect(langMarks(container)).toEqual(marks);
      const { container: same } = renderWidget(RadioMatrix, es, { matrixSplit });
      expect(langMarks(same)).toEqual([]);
    });
  });
});
