// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import FreetextMultiple from './freetext-multiple';
import { makeWidget, renderWidget } from '@/test/render-with-intl';
import { langMarks } from '../test-fixtures';

const items = [
  { id: 1, value: 'Rent' },
  { id: 2, value: 'Food' },
  { id: 3, value: 'Leisure' },
];

describe('FreetextMultiple', () => {
  it('encodes one "<item id>:|:<value>" per filled item, in item order', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderWidget(FreetextMultiple, makeWidget({ subtype: 'freetext_multiple', items }));
    await user.type(screen.getByRole('textbox', { name: 'Leisure' }), 'cinema');
    expect(lastValue()).toEqual(['3:|:cinema']);
    await user.type(screen.getByRole('textbox', { name: 'Rent' }), 'flat');
    expect(lastValue()).toEqual(['1:|:flat', '3:|:cinema']);
    await user.clear(screen.getByRole('textbox', { name: 'Leisure' }));
    expect(lastValue()).toEqual(['1:|:flat']);
    await user.clear(screen.getByRole('textbox', { name: 'Rent' }));
    expect(lastValue()).toEqual([]);
  });

  it('leaves out a field holding only spaces', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderWidget(FreetextMultiple, makeWidget({ subtype: 'freetext_multiple', items }));
    await user.type(screen.getByRole('textbox', { name: 'Rent' }), '  ');
    expect(lastValue()).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: 'Food' }), 'a b');
    expect(lastValue()).toEqual(['2:|:a b']);
  });

  it('shows a resumed answer and groups the fields under the question', () => {
    renderWidget(FreetextMultiple, makeWidget({ subtype: 'freetext_multiple', id: 5, items }), {
      value: ['2:|:bread:|:milk'],
    });
    expect(screen.getByRole('group', { name: 'Question' })).toBeInTheDocument();
    const food = screen.getByRole('textbox', { name: 'Food' });
    expect(food).toHaveValue('bread:|:milk');
    expect(food).toHaveAttribute('name', 'q5_2');
  });

  it('marks the fields an error names, and every field when it names none', () => {
    const { rerender } = renderWidget(FreetextMultiple, makeWidget({ subtype: 'freetext_multiple', items }), {
      value: ['1:|:a@b.co', '2:|:nope'],
      invalid: true,
      invalidCells: ['2'],
    });
    expect(screen.getByRole('textbox', { name: 'Food' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Rent' })).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByRole('textbox', { name: 'Leisure' })).toHaveAttribute('aria-invalid', 'false');
    rerender({ invalid: true, invalidCells: undefined });
    for (const field of screen.getAllByRole('textbox')) expect(field).toHaveAttribute('aria-invalid', 'true');
    rerender({ invalid: false, invalidCells: ['2'] });
    for (const field of screen.getAllByRole('textbox')) expect(field).toHaveAttribute('aria-invalid', 'false');
  });

  it('leaves out items hidden by logic', () => {
    renderWidget(FreetextMultiple, makeWidget({ subtype: 'freetext_multiple', items }), {
      hiddenItemIds: new Set([2]),
    });
    expect(screen.queryByRole('textbox', { name: 'Food' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(2);
  });

  describe('summation (settings.sum_total)', () => {
    const summation = makeWidget({ subtype: 'freetext_multiple', items, settings: { sum_total: 100 } });

    it('keeps a polite live total as the respondent types', async () => {
      const user = userEvent.setup();
      const { lastValue } = renderWidget(FreetextMultiple, summation);
      const total = screen.getByText('Total: 0 of 100');
      expect(total).toHaveAttribute('aria-live', 'polite');
      await user.type(screen.getByRole('textbox', { name: 'Rent' }), '50');
      expect(total).toHaveTextContent('Total: 50 of 100');
      await user.type(screen.getByRole('textbox', { name: 'Food' }), '20,5');
      expect(total).toHaveTextContent('Total: 70.5 of 100');
      await user.type(screen.getByRole('textbox', { name: 'Leisure' }), '29.5');
      expect(total).toHaveTextContent('Total: 100 of 100');
      expect(total).toHaveAttribute('data-state', 'exact');
      expect(lastValue()).toEqual(['1:|:50', '2:|:20,5', '3:|:29.5']);
    });

    it('ignores entries that are not numbers and flags a total over the target', async () => {
      const user = userEvent.setup();
      renderWidget(FreetextMultiple, summation);
      await user.type(screen.getByRole('textbox', { name: 'Rent' }), 'abc');
      expect(screen.getByText('Total: 0 of 100')).toBeInTheDocument();
      await user.type(screen.getByRole('textbox', { name: 'Food' }), '120');
      expect(screen.getByText('Total: 120 of 100')).toHaveAttribute('data-state', 'over');
    });

    it('counts "60." only once a digit follows, as validation does', async () => {
      const user = userEvent.setup();
      renderWidget(FreetextMultiple, summation);
      await user.type(screen.getByRole('textbox', { name: 'Food' }), '40');
      const rent = screen.getByRole('textbox', { name: 'Rent' });
      await user.type(rent, '60.');
      expect(screen.getByText('Total: 40 of 100')).toHaveAttribute('data-state', 'under');
      await user.type(rent, '0');
      expect(screen.getByText('Total: 100 of 100')).toHaveAttribute('data-state', 'exact');
    });

    it('describes every field with the total and offers a decimal keypad', () => {
      renderWidget(FreetextMultiple, summation, { describedBy: 'q-error' });
      const rent = screen.getByRole('textbox', { name: 'Rent' });
      expect(rent).toHaveAttribute('inputmode', 'decimal');
      expect(rent).toHaveAccessibleDescription('Total: 0 of 100');
      expect(rent.getAttribute('aria-describedby')?.split(' ')).toContain('q-error');
    });
  });
  it('language of parts: the item labels carry textLang, the running total does not', () => {
    const es = makeWidget({
      subtype: 'freetext_multiple',
      items: [{ id: 1, value: 'Alquiler' }],
      settings: { sum_total: 100 },
    });
    const { container } = renderWidget(FreetextMultiple, es, { textLang: 'es' });
    expect(langMarks(container)).toEqual(['label Alquiler=es']);
    const { container: same } = renderWidget(FreetextMultiple, es);
    expect(langMarks(same)).toEqual([]);
  });
});
