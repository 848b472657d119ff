// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeWidget, renderWidget, serverRenderedWidget } from '@/test/render-with-intl';
import CheckboxMatrix from './checkbox-matrix';

const widget = makeWidget({
  subtype: 'other_checkbox_matrix',
  items: [
    { id: 1, value: 'Monday' },
    { id: 2, value: 'Tuesday' },
  ],
  col_options: [
    { id: 7, value: 'Morning' },
    { id: 8, value: 'Afternoon' },
    { id: 9, value: 'Evening' },
  ],
});

describe('CheckboxMatrix', () => {
  it('is a table of checkboxes named "row, column"', () => {
    renderWidget(CheckboxMatrix, widget);
    expect(screen.getByRole('table', { name: 'Question' })).toBeInTheDocument();
    const box = screen.getByRole('checkbox', { name: 'Tuesday, Evening' });
    expect(box).toHaveAttribute('name', 'q101-2');
    expect(box).toHaveAttribute('value', '9');
  });

  it('writes each checked cell in column order, empty_row for empty rows, [] when cleared', async () => {
    const user = userEvent.setup();
    const { lastValue, onAnswered } = renderWidget(CheckboxMatrix, widget);
    await user.click(screen.getByRole('checkbox', { name: 'Monday, Evening' }));
    await user.click(screen.getByRole('checkbox', { name: 'Monday, Morning' }));
    expect(lastValue()).toEqual(['1:|:7', '1:|:9', '2:|:empty_row']);
    await user.click(screen.getByRole('checkbox', { name: 'Tuesday, Afternoon' }));
    expect(lastValue()).toEqual(['1:|:7', '1:|:9', '2:|:8']);
    await user.click(screen.getByRole('checkbox', { name: 'Monday, Morning' }));
    await user.click(screen.getByRole('checkbox', { name: 'Monday, Evening' }));
    expect(lastValue()).toEqual(['1:|:empty_row', '2:|:8']);
    await user.click(screen.getByRole('checkbox', { name: 'Tuesday, Afternoon' }));
    expect(lastValue()).toEqual([]);
    expect(onAnswered).not.toHaveBeenCalled();
  });

  it('toggles with Space from the keyboard', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderWidget(CheckboxMatrix, widget);
    await user.tab();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Monday, Afternoon' })).toHaveFocus();
    await user.keyboard(' ');
    expect(lastValue()).toEqual(['1:|:8', '2:|:empty_row']);
  });

  it('max_selections per row disables the rest of that row only', async () => {
    const user = userEvent.setup();
    renderWidget(CheckboxMatrix, makeWidget({ ...widget, settings: { max_selections: 2 } }));
    await user.click(screen.getByRole('checkbox', { name: 'Monday, Morning' }));
    await user.click(screen.getByRole('checkbox', { name: 'Monday, Afternoon' }));
    expect(screen.getByRole('checkbox', { name: 'Monday, Evening' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Monday, Morning' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Tuesday, Evening' })).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Monday, Morning' }));
    expect(screen.getByRole('checkbox', { name: 'Monday, Evening' })).toBeEnabled();
  });

  it("a question's split: one table for either width, each row's boxes with their column text", async () => {
    const user = userEvent.setup();
    const split = makeWidget({ ...widget, settings: { split: true } });
    const phone = renderWidget(CheckboxMatrix, split, { mobile: true });
    const phoneHtml = phone.container.innerHTML;
    phone.unmount();
    const { container, lastValue } = renderWidget(CheckboxMatrix, split, { mobile: null });
    expect(container.innerHTML).toBe(phoneHtml);
    const row = screen.getByRole('rowheader', { name: 'Tuesday' }).closest('tr');
    expect(row?.querySelectorAll('input[type="checkbox"]')).toHaveLength(3);
    expect(screen.getByRole('checkbox', { name: 'Tuesday, Morning' }).closest('label')?.textContent).toBe('Morning');
    await user.click(screen.getByRole('checkbox', { name: 'Tuesday, Morning' }));
    expect(lastValue()).toEqual(['1:|:empty_row', '2:|:7']);
  });

  it('splits into one fieldset per row at every width when the theme asks (theme.matrix_split)', () => {
    renderWidget(CheckboxMatrix, makeWidget(widget), { mobile: false, matrixSplit: true });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Tuesday' }).tagName).toBe('FIELDSET');
  });

  it('hidden rows are not rendered', () => {
    renderWidget(CheckboxMatrix, widget, { hiddenItemIds: new Set([1]) });
    expect(screen.queryByRole('checkbox', { name: 'Monday, Morning' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('checkbox')).toHaveLength(3);
  });

  it('max_selections is on each row in the server’s HTML, in either shape, for the page’s inline script', () => {
    // The inline script (features/take-over/early-answers.ts) refuses a tick that would take the element with
    // data-max-selections around it past its maximum: here, a row.
    for (const settings of [{ max_selections: 2 }, { max_selections: 2, split: true }]) {
      for (const matrixSplit of [false, true]) {
        const { container } = serverRenderedWidget(CheckboxMatrix, makeWidget({ ...widget, settings }), {
          matrixSplit,
        });
        const limits = ['Monday, Morning', 'Tuesday, Evening'].map((name) =>
          container.querySelector(`input[aria-label="${name}"]`)?.closest('[data-max-selections]'),
        );
        expect(limits.map((row) => row?.getAttribute('data-max-selections'))).toEqual(['2', '2']);
        expect(limits[0]).not.toBe(limits[1]);
        expect(limits[0]?.querySelectorAll('input')).toHaveLength(3);
        container.remove();
      }
    }
    const unlimited = serverRenderedWidget(CheckboxMatrix, makeWidget({ ...widget, settings: { max_selections: 0 } }));
    expect(unlimited.container.querySelector('[data-max-selections]')).toBeNull();
  });
});
