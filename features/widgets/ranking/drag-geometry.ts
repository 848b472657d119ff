/**
 * Pure geometry of a ranking's drag: where a dragged row would drop, how the other rows make room, and how fast the
 * page scrolls under a pointer held near its edge. Rows are measured once, when the drag begins, in page pixels.
 */
import { moveItem } from './ranking-order';

/** A row's place along the list, in page pixels. */
export type RowBox = { readonly top: number; readonly height: number };

const centre = (row: RowBox): number => row.top + row.height / 2;

/**
 * The index the row at `from` would drop at, moved `shift` pixels down (up when negative): the row whose centre is
 * nearest to the moved row's centre, the rows taken where they were when the drag began.
 */
export function nearestRow(rows: readonly RowBox[], from: number, shift: number): number {
  const dragged = rows[from];
  if (!dragged) return from;
  const target = centre(dragged) + shift;
  let nearest = from;
  let distance = Infinity;
  rows.forEach((row, index) => {
    const away = Math.abs(centre(row) - target);
    if (away < distance) {
      nearest = index;
      distance = away;
    }
  });
  return nearest;
}

/**
 * How far each row moves, in pixels, for the list to show the row at `from` put at `to`: the rows keep their heights
 * and the gap between them.
 */
export function rowShifts(rows: readonly RowBox[], from: number, to: number): number[] {
  const [first, second] = rows;
  if (!first) return [];
  const gap = second ? second.top - first.top - first.height : 0;
  const shifts = rows.map(() => 0);
  let top = first.top;
  for (const index of moveItem(
    rows.map((_, index) => index),
    from,
    to,
  )) {
    const row = rows[index] as RowBox;
    shifts[index] = top - row.top;
    top += row.height + gap;
  }
  return shifts;
}

/** Pixels from the viewport's top or bottom edge where a held drag scrolls the page. */
const EDGE = 48;
/** The fastest scroll, at the very edge, in pixels a frame. */
const FASTEST = 12;

/** How many pixels to scroll this frame for a pointer at `clientY`: negative up, positive down, 0 away from the edges. */
export function edgeScrollStep(clientY: number, viewportHeight: number): number {
  if (clientY < EDGE) return -Math.ceil((FASTEST * (EDGE - Math.max(clientY, 0))) / EDGE);
  const fromBottom = viewportHeight - clientY;
  if (fromBottom < EDGE) return Math.ceil((FASTEST * (EDGE - Math.max(fromBottom, 0))) / EDGE);
  return 0;
}
