// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeWidget, renderWidget } from '@/test/render-with-intl';
import DropdownMatrix from './dropdown-matrix';
import { langMarks } from '../test-fixtures';

const widget = makeWidget({
  subtype: 'other_dropdown_matrix',
  items: [
    { id: 1, value: 'Laptop' },
    { id: 2, value: 'Phone' },
  ],
  col_options: [
    { id: 5, value: 'Brand' },
    { id: 6, value: 'Age' },
  ],
  settings: {
    dropdown_items: [
      { id: 31, value: 'Acme' },
      { id: 32, value: 'Globex' },
    ],
  },
});

describe('DropdownMatrix', () => {
  it('is a table of selects named "row, column" with an empty first choice', () => {
    renderWidget(DropdownMatrix, widget, { describedBy: 'err' });
    const table = screen.getByRole('table', { name: 'Question' });
    expect(table).toHaveAttribute('aria-describedby', 'err');
    const select = screen.getByRole('combobox', { name: 'Phone, Age' });
    expect(select.tagName).toBe('SELECT');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose an option', 'Acme', 'Globex']);
  });

  it('writes row:|:col:|:dropdown item id, and clears a cell with the empty choice', async () => {
    const user = userEvent.setup();
    const { lastValue, onAnswered } = renderWidget(DropdownMatrix, widget);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Phone, Age' }), 'Globex');
    expect(lastValue()).toEqual(['2:|:6:|:32']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Laptop, Brand' }), 'Acme');
    expect(lastValue()).toEqual(['1:|:5:|:31', '2:|:6:|:32']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Phone, Age' }), 'Choose an option');
    expect(lastValue()).toEqual(['1:|:5:|:31']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Laptop, Brand' }), '');
    expect(lastValue()).toEqual([]);
    expect(onAnswered).not.toHaveBeenCalled();
  });

  it('restores stored cells', () => {
    renderWidget(DropdownMatrix, widget, { value: ['1:|:6:|:32'] });
    expect(screen.getByRole('combobox', { name: 'Laptop, Age' })).toHaveValue('32');
    expect(screen.getByRole('combobox', { name: 'Laptop, Brand' })).toHaveValue('');
  });

  it("a question's split: one table for either width, each select under its column text", () => {
    renderWidget(DropdownMatrix, makeWidget({ ...widget, settings: { ...widget.settings, split: true } }), {
      mobile: null,
    });
    const select = screen.getByRole('combobox', { name: 'Laptop, Brand' });
    expect(select.closest('tr')).toBe(screen.getByRole('rowheader', { name: 'Laptop' }).closest('tr'));
    expect(select.closest('label')?.textContent).toMatch(/^Brand/);
  });

  it('hidden rows are not rendered', () => {
    renderWidget(DropdownMatrix, widget, { hiddenItemIds: new Set([2]) });
    expect(screen.getAllByRole('combobox')).toHaveLength(2);
  });

  it('follows the survey direction', () => {
    const { container } = renderWidget(DropdownMatrix, widget, { rtl: true });
    expect(container.querySelector('[dir="rtl"]')).toContainElement(screen.getByRole('table'));
  });
  it('language of parts: headers, selects and owner choices carry textLang; "Choose" says the page language', () => {
    const es = makeWidget({
      subtype: 'other_dropdown_matrix',
      items: [{ id: 1, value: 'Portátil' }],
      col_options: [{ id: 5, value: 'Marca' }],
      settings: { dropdown_items: [{ id: 31, value: 'Acme' }] },
    });
    const { container } = renderWidget(DropdownMatrix, es, { textLang: 'es' });
    expect(langMarks(container)).toEqual([
      'th Marca=es',
      'th Portátil=es',
      'select Portátil, Marca=es',
      'option Choose an option=en',
      'option Acme=es',
    ]);
    const { container: same } = renderWidget(DropdownMatrix, es);
    expect(langMarks(same)).toEqual([]);
  });
});
