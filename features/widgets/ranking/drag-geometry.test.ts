import { describe, expect, it } from 'vitest';
import { edgeScrollStep, nearestRow, rowShifts, type RowBox } from './drag-geometry';

// Three rows of 50 px with 8 px between them, the list 100 px down the page.
const rows: RowBox[] = [
  { top: 100, height: 50 },
  { top: 158, height: 50 },
  { top: 216, height: 50 },
];

describe('nearestRow', () => {
  it('stays put until the dragged row is nearer another row’s centre', () => {
    expect(nearestRow(rows, 0, 0)).toBe(0);
    expect(nearestRow(rows, 0, 28)).toBe(0);
    expect(nearestRow(rows, 0, 30)).toBe(1);
    expect(nearestRow(rows, 0, 116)).toBe(2);
  });

  it('goes up as well as down, and no further than the ends', () => {
    expect(nearestRow(rows, 2, -60)).toBe(1);
    expect(nearestRow(rows, 2, -400)).toBe(0);
    expect(nearestRow(rows, 0, 900)).toBe(2);
  });

  it('keeps the row where it is for a row it does not know', () => {
    expect(nearestRow(rows, 5, 100)).toBe(5);
    expect(nearestRow([], 0, 100)).toBe(0);
  });
});

describe('rowShifts', () => {
  it('moves nothing when the row stays', () => {
    expect(rowShifts(rows, 1, 1)).toEqual([0, 0, 0]);
  });

  it('slides the rows between up by one row and its gap when a row goes down', () => {
    expect(rowShifts(rows, 0, 2)).toEqual([116, -58, -58]);
  });

  it('slides them down when a row goes up', () => {
    expect(rowShifts(rows, 2, 0)).toEqual([58, 58, -116]);
  });

  it('keeps each row’s own height', () => {
    const uneven: RowBox[] = [
      { top: 0, height: 20 },
      { top: 30, height: 80 },
      { top: 120, height: 20 },
    ];
    // Order 1, 0, 2: the tall row at 0, the first row below it at 90, the last one where it was.
    expect(rowShifts(uneven, 1, 0)).toEqual([90, -30, 0]);
  });

  it('has nothing to move in an empty list', () => {
    expect(rowShifts([], 0, 0)).toEqual([]);
  });
});

describe('edgeScrollStep', () => {
  it('does not scroll away from the edges', () => {
    expect(edgeScrollStep(48, 800)).toBe(0);
    expect(edgeScrollStep(400, 800)).toBe(0);
    expect(edgeScrollStep(752, 800)).toBe(0);
  });

  it('scrolls up near the top and down near the bottom, faster nearer the edge', () => {
    expect(edgeScrollStep(40, 800)).toBe(-2);
    expect(edgeScrollStep(0, 800)).toBe(-12);
    expect(edgeScrollStep(790, 800)).toBe(10);
    expect(edgeScrollStep(800, 800)).toBe(12);
  });

  it('scrolls no faster past the edge', () => {
    expect(edgeScrollStep(-30, 800)).toBe(-12);
    expect(edgeScrollStep(900, 800)).toBe(12);
  });
});
