import { describe, expect, it } from 'vitest';
import { moveItem, rankedItems, toRankingAnswer } from './ranking-order';

const items = [{ id: 1 }, { id: 2 }, { id: 3 }];

describe('rankedItems', () => {
  it('keeps the starting order while nothing is committed', () => {
    expect(rankedItems(items, [])).toEqual(items);
  });

  it('follows the committed answer, skipping unknown and repeated ids, appending the rest', () => {
    expect(rankedItems(items, ['3', '9', '3', '1']).map((item) => item.id)).toEqual([3, 1, 2]);
  });
});

describe('moveItem', () => {
  it('moves up, down and clamps at the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 5)).toEqual(['a', 'b', 'c']);
  });
});

describe('toRankingAnswer', () => {
  it('lists item ids as strings in rank order', () => {
    expect(toRankingAnswer([{ id: 3 }, { id: 1 }])).toEqual(['3', '1']);
  });
});
