// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seededShuffle } from '@/lib/seeded-shuffle';
import { makeWidget, renderWidget } from '@/test/render-with-intl';
import OtherRanking from './other-ranking';

const items = [
  { id: 1, value: 'Price' },
  { id: 2, value: 'Quality' },
  { id: 3, value: 'Service' },
];
const widget = makeWidget({ subtype: 'other_ranking', title: 'Rank these', items });

/** The drag and drop arrives after the question has mounted (other-ranking.before-drag.test.tsx covers before). */
async function dragArrived() {
  await waitFor(() => expect(screen.getAllByRole('listitem')[0]?.querySelector('[aria-describedby]')).not.toBeNull());
}

function shownOrder(): string[] {
  return within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((row) => within(row).getAllByRole('button')[0]?.textContent ?? '');
}

describe('OtherRanking', () => {
  it('starts as an ordered list in item order, unanswered', () => {
    const { onChange } = renderWidget(OtherRanking, widget);
    expect(screen.getByRole('group', { name: 'Rank these' })).toBeInTheDocument();
    expect(screen.getByRole('list').tagName).toBe('OL');
    expect(shownOrder()).toEqual(['Price', 'Quality', 'Service']);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('draws its icons with the stylesheet: a row is seven elements', async () => {
    renderWidget(OtherRanking, widget);
    await dragArrived();
    for (const row of screen.getAllByRole('listitem')) {
      // The row, its rank, the handle with its label, and the two move buttons in their span.
      expect(row.querySelectorAll('*')).toHaveLength(6);
      expect(row.querySelector('svg')).toBeNull();
    }
  });

  it('confirming commits the order shown as item ids', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderWidget(OtherRanking, widget);
    await dragArrived();
    await user.click(screen.getByRole('button', { name: 'Confirm ranking' }));
    expect(lastValue()).toEqual(['1', '2', '3']);
  });

  it('ranks with the keyboard through the move buttons, commits each move and announces it', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderWidget(OtherRanking, widget);
    await dragArrived();
    const serviceUp = screen.getByRole('button', { name: 'Move up, Service' });
    serviceUp.focus();
    await user.keyboard('{Enter}');
    expect(lastValue()).toEqual(['1', '3', '2']);
    expect(screen.getByText('Service moved to position 2 of 3')).toHaveAttribute('role', 'status');
    // Focus stays with the moved item, so the respondent can keep pressing.
    expect(screen.getByRole('button', { name: 'Move up, Service' })).toHaveFocus();
    await user.keyboard(' ');
    expect(lastValue()).toEqual(['3', '1', '2']);
    expect(shownOrder()).toEqual(['Service', 'Price', 'Quality']);
    // At the top "move up" is disabled, so focus moves to "move down" of the same item.
    expect(screen.getByRole('button', { name: 'Move up, Service' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move down, Service' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Move down, Price' }));
    expect(lastValue()).toEqual(['3', '2', '1']);
  });

  it('disables moves past either end', () => {
    renderWidget(OtherRanking, widget);
    expect(screen.getByRole('button', { name: 'Move up, Price' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move down, Service' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move down, Price' })).toBeEnabled();
  });

  it('shows a resumed answer in its order', () => {
    renderWidget(OtherRanking, widget, { value: ['2', '3', '1'] });
    expect(shownOrder()).toEqual(['Quality', 'Service', 'Price']);
  });

  it('shuffles with the seed when randomized, the same way every time', () => {
    const many = Array.from({ length: 8 }, (_, index) => ({ id: index + 1, value: `Item ${index + 1}` }));
    const randomized = makeWidget({ subtype: 'other_ranking', items: many, settings: { randomize: true } });
    const expected = seededShuffle(randomized.items, `seed:${randomized.id}`).map((item) => item.value);
    const first = renderWidget(OtherRanking, randomized, { shuffleSeed: 'seed' });
    const order = shownOrder();
    expect(order).toEqual(expected);
    expect(order).not.toEqual(many.map((item) => item.value));
    first.unmount();
    renderWidget(OtherRanking, randomized, { shuffleSeed: 'seed' });
    expect(shownOrder()).toEqual(order);
  });

  it('leaves out items hidden by logic, in the answer too', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderWidget(OtherRanking, widget, { hiddenItemIds: new Set([2]) });
    await dragArrived();
    expect(shownOrder()).toEqual(['Price', 'Service']);
    await user.click(screen.getByRole('button', { name: 'Confirm ranking' }));
    expect(lastValue()).toEqual(['1', '3']);
  });

  it('describes the keyboard drag on each handle and announces a cancelled keyboard drag', async () => {
    const user = userEvent.setup();
    const { onChange } = renderWidget(OtherRanking, widget);
    await dragArrived();
    const handle = screen.getByRole('button', { name: 'Quality' });
    expect(handle).toHaveAccessibleDescription(
      'Drag the items, or focus one and press Space, then the arrow keys, then Space again, to put them in order.',
    );
    handle.focus();
    await user.keyboard(' ');
    expect(handle).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{Escape}');
    // jsdom lays nothing out, so only the pick-up and the cancel are meaningful here; moves are e2e territory.
    expect(await screen.findByText('Quality, Position 2')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('does nothing while disabled', () => {
    renderWidget(OtherRanking, widget, { disabled: true });
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
  });
});
