// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seededShuffle } from '@/lib/seeded-shuffle';
import { makeWidget, renderWidget, serverRenderedWidget } from '@/test/render-with-intl';
import OtherRanking from './other-ranking';
import { inPersian, langMarks } from '../test-fixtures';

const items = [
  { id: 1, value: 'Price' },
  { id: 2, value: 'Quality' },
  { id: 3, value: 'Service' },
];
const widget = makeWidget({ subtype: 'other_ranking', title: 'Rank these', items });

/** jsdom lays nothing out: each row is given a box, 50 px high with 8 px between rows, from the page's top. */
function layOutRows() {
  screen.getAllByRole('listitem').forEach((row, index) => {
    const top = index * 58;
    row.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: top, width: 300, height: 50 });
  });
}

/** The rank each row shows, in the list's own order. */
function ranksShown(): string[] {
  return screen.getAllByRole('listitem').map((row) => row.querySelector('[aria-hidden="true"]')?.textContent ?? '');
}

function transformOf(label: string): string {
  return (screen.getByRole('button', { name: label }).closest('li') as HTMLElement).style.transform;
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

  it('shows the places in the page’s digits', () => {
    renderWidget(inPersian(OtherRanking), widget);
    expect(ranksShown()).toEqual(['۱', '۲', '۳']);
  });

  it('draws its icons with the stylesheet: a row is seven elements', () => {
    renderWidget(OtherRanking, widget);
    for (const row of screen.getAllByRole('listitem')) {
      // The row, its rank, the handle with its label, and the two move buttons in their span.
      expect(row.querySelectorAll('*')).toHaveLength(6);
      expect(row.querySelector('svg')).toBeNull();
    }
  });

  it('confirming commits the order shown as item ids, and the button says it is pressed', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderWidget(OtherRanking, widget);
    const confirm = screen.getByRole('button', { name: 'Confirm ranking', pressed: false });
    await user.click(confirm);
    expect(lastValue()).toEqual(['1', '2', '3']);
    expect(confirm).toHaveAttribute('aria-pressed', 'true');
  });

  it('ranks with the keyboard through the move buttons, commits each move and announces it', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderWidget(OtherRanking, widget);
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
    expect(shownOrder()).toEqual(['Price', 'Service']);
    await user.click(screen.getByRole('button', { name: 'Confirm ranking' }));
    expect(lastValue()).toEqual(['1', '3']);
  });

  it('describes the keyboard drag on each handle and announces a cancelled keyboard drag', async () => {
    const user = userEvent.setup();
    const { onChange } = renderWidget(OtherRanking, widget);
    const handle = screen.getByRole('button', { name: 'Quality' });
    expect(handle).toHaveAccessibleDescription(
      'Drag the items, or focus one and press Space, then the arrow keys, then Space again, to put them in order.',
    );
    handle.focus();
    await user.keyboard(' ');
    expect(handle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Quality, Position 2');
    await user.keyboard('{ArrowUp}{Escape}');
    expect(screen.getByRole('status')).toHaveTextContent('Quality, Position 2');
    expect(handle).not.toHaveAttribute('aria-pressed');
    expect(transformOf('Quality')).toBe('');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('moves a row with the keyboard: Space, the arrows, Space; the focus stays on its handle', async () => {
    const user = userEvent.setup();
    const { onChange, lastValue } = renderWidget(OtherRanking, widget);
    layOutRows();
    screen.getByRole('button', { name: 'Price' }).focus();
    await user.keyboard(' {ArrowDown}');
    // Shown in its new place, not yet the answer.
    expect(screen.getByRole('status')).toHaveTextContent('Price moved to position 2 of 3');
    expect(transformOf('Price')).toBe('translate3d(0, 58px, 0)');
    expect(transformOf('Quality')).toBe('translate3d(0, -58px, 0)');
    // The ranks follow the order shown.
    expect(ranksShown()).toEqual(['2', '1', '3']);
    expect(onChange).not.toHaveBeenCalled();
    // No further than the last place.
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown} ');
    expect(lastValue()).toEqual(['2', '3', '1']);
    expect(shownOrder()).toEqual(['Quality', 'Service', 'Price']);
    expect(screen.getByRole('status')).toHaveTextContent('Price moved to position 3 of 3');
    expect(screen.getByRole('button', { name: 'Price' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Price' })).not.toHaveAttribute('aria-pressed');
    for (const label of ['Price', 'Quality', 'Service']) expect(transformOf(label)).toBe('');
    expect(ranksShown()).toEqual(['1', '2', '3']);
  });

  it('leaves Shift+Enter to the survey (the next question): it picks nothing up', async () => {
    const user = userEvent.setup();
    renderWidget(OtherRanking, widget);
    const handle = screen.getByRole('button', { name: 'Price' });
    handle.focus();
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(handle).not.toHaveAttribute('aria-pressed');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('calls off a keyboard drag when the focus leaves the handle', async () => {
    const user = userEvent.setup();
    const { onChange } = renderWidget(OtherRanking, widget);
    screen.getByRole('button', { name: 'Service' }).focus();
    await user.keyboard(' {ArrowUp}');
    await user.tab();
    expect(screen.getByRole('status')).toHaveTextContent('Service, Position 3');
    expect(screen.getByRole('button', { name: 'Service' })).not.toHaveAttribute('aria-pressed');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('drags a row with the mouse once it has travelled a few pixels, and commits where it is let go', () => {
    const { onChange, lastValue } = renderWidget(OtherRanking, widget);
    layOutRows();
    const service = screen.getByRole('button', { name: 'Service' });
    fireEvent.pointerDown(service, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 20, clientY: 141 });
    fireEvent.pointerMove(window, { pointerId: 1, clientX: 20, clientY: 138 });
    // Three pixels: still a click.
    expect(service.closest('li')?.dataset.dragging).toBeUndefined();
    fireEvent.pointerMove(window, { pointerId: 1, clientX: 20, clientY: 30 });
    expect(service.closest('li')?.dataset.dragging).toBe('pointer');
    // The row follows the pointer; the two above it slide down to make room at the top.
    expect(transformOf('Service')).toBe('translate3d(0, -111px, 0)');
    expect(transformOf('Price')).toBe('translate3d(0, 58px, 0)');
    expect(transformOf('Quality')).toBe('translate3d(0, 58px, 0)');
    expect(screen.getByRole('status')).toHaveTextContent('Service moved to position 1 of 3');
    // Another pointer's moves are not this drag's.
    fireEvent.pointerMove(window, { pointerId: 2, clientX: 20, clientY: 141 });
    expect(transformOf('Service')).toBe('translate3d(0, -111px, 0)');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.pointerUp(window, { pointerId: 1, clientX: 20, clientY: 30 });
    expect(lastValue()).toEqual(['3', '1', '2']);
    expect(shownOrder()).toEqual(['Service', 'Price', 'Quality']);
    for (const label of ['Price', 'Quality', 'Service']) expect(transformOf(label)).toBe('');
  });

  it('keeps a mouse click on a handle a click, and a drag let go where it began changes nothing', () => {
    const { onChange } = renderWidget(OtherRanking, widget);
    layOutRows();
    const quality = screen.getByRole('button', { name: 'Quality' });
    fireEvent.pointerDown(quality, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 20, clientY: 83 });
    fireEvent.pointerMove(window, { pointerId: 1, clientX: 22, clientY: 85 });
    fireEvent.pointerUp(window, { pointerId: 1, clientX: 22, clientY: 85 });
    expect(quality.closest('li')?.dataset.dragging).toBeUndefined();
    fireEvent.pointerDown(quality, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 20, clientY: 83 });
    fireEvent.pointerMove(window, { pointerId: 1, clientX: 20, clientY: 100 });
    fireEvent.pointerMove(window, { pointerId: 1, clientX: 20, clientY: 84 });
    fireEvent.pointerUp(window, { pointerId: 1, clientX: 20, clientY: 84 });
    expect(screen.getByRole('status')).toHaveTextContent('Quality moved to position 2 of 3');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('calls off a mouse drag with Escape', () => {
    const { onChange } = renderWidget(OtherRanking, widget);
    layOutRows();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Price' }), {
      pointerId: 1,
      pointerType: 'mouse',
      button: 0,
      clientX: 20,
      clientY: 25,
    });
    fireEvent.pointerMove(window, { pointerId: 1, clientX: 20, clientY: 150 });
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(transformOf('Price')).toBe('');
    expect(screen.getByRole('status')).toHaveTextContent('Price, Position 1');
    fireEvent.pointerUp(window, { pointerId: 1, clientX: 20, clientY: 150 });
    expect(onChange).not.toHaveBeenCalled();
  });

  describe('by touch', () => {
    afterEach(() => {
      vi.useRealTimers();
    });
    const touch = (clientY: number, clientX = 20) => [{ identifier: 7, clientX, clientY }];

    it('drags after a long press, keeping the page from scrolling, and commits where the finger lifts', () => {
      vi.useFakeTimers();
      const { onChange, lastValue } = renderWidget(OtherRanking, widget);
      layOutRows();
      const price = screen.getByRole('button', { name: 'Price' });
      fireEvent.touchStart(price, { touches: touch(25) });
      vi.advanceTimersByTime(200);
      expect(price.closest('li')?.dataset.dragging).toBeUndefined();
      act(() => vi.advanceTimersByTime(50));
      expect(price.closest('li')?.dataset.dragging).toBe('pointer');
      expect(screen.getByRole('status')).toHaveTextContent('Price, Position 1');
      const moved = fireEvent.touchMove(window, { changedTouches: touch(150), cancelable: true });
      expect(moved).toBe(false);
      expect(transformOf('Price')).toBe('translate3d(0, 125px, 0)');
      fireEvent.touchEnd(window, { changedTouches: touch(150) });
      expect(lastValue()).toEqual(['2', '3', '1']);
      expect(onChange).toHaveBeenCalledTimes(1);
    });

    it('leaves a swipe to the page: a finger that moves within the long press never drags', () => {
      vi.useFakeTimers();
      const { onChange } = renderWidget(OtherRanking, widget);
      layOutRows();
      const price = screen.getByRole('button', { name: 'Price' });
      fireEvent.touchStart(price, { touches: touch(25) });
      vi.advanceTimersByTime(100);
      expect(fireEvent.touchMove(window, { changedTouches: touch(45), cancelable: true })).toBe(true);
      vi.advanceTimersByTime(500);
      expect(price.closest('li')?.dataset.dragging).toBeUndefined();
      expect(fireEvent.touchMove(window, { changedTouches: touch(150), cancelable: true })).toBe(true);
      fireEvent.touchEnd(window, { changedTouches: touch(150) });
      expect(onChange).not.toHaveBeenCalled();
    });
  });

  it('shows its buttons as not available yet until the client runs it, which they need to act', async () => {
    const { container, hydrate } = serverRenderedWidget(OtherRanking, widget);
    const enabled = () =>
      within(container)
        .getAllByRole('button')
        .filter((button) => !button.hasAttribute('disabled'))
        .map((button) => button.getAttribute('aria-label') ?? button.textContent);
    expect(enabled()).toEqual([]);
    await hydrate();
    expect(enabled()).toEqual([
      'Price',
      'Move down, Price',
      'Quality',
      'Move up, Quality',
      'Move down, Quality',
      'Service',
      'Move up, Service',
      'Confirm ranking',
    ]);
  });

  it('does nothing while disabled', () => {
    renderWidget(OtherRanking, widget, { disabled: true });
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
  });
  it('language of parts: the item texts carry textLang; the move buttons, mixing them with the interface, do not', () => {
    const es = makeWidget({
      subtype: 'other_ranking',
      items: [
        { id: 1, value: 'Precio' },
        { id: 2, value: 'Calidad' },
      ],
    });
    const { container } = renderWidget(OtherRanking, es, { textLang: 'es' });
    expect(langMarks(container)).toEqual(['span Precio=es', 'span Calidad=es']);
    expect(screen.getByRole('button', { name: 'Move down, Precio' })).not.toHaveAttribute('lang');
    const { container: same } = renderWidget(OtherRanking, es);
    expect(langMarks(same)).toEqual([]);
  });
});
