import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededShuffle } from '@/lib/seeded-shuffle';

import { arrangeItems } from './shuffle';

type Item = { id: number; fixed?: boolean };

const itemsArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 10_000 }), { maxLength: 30 })
  .chain((ids) => fc.tuple(fc.constant(ids), fc.array(fc.boolean(), { minLength: ids.length, maxLength: ids.length })))
  .map(([ids, fixed]): Item[] => ids.map((id, index) => ({ id, fixed: fixed[index] })));

describe('seededShuffle', () => {
  it('is a permutation that keeps every fixed item at its index', () => {
    fc.assert(
      fc.property(itemsArb, fc.string(), (items, seed) => {
        const shuffled = seededShuffle(items, seed);
        expect([...shuffled].map((item) => item.id).sort()).toEqual([...items].map((item) => item.id).sort());
        items.forEach((item, index) => {
          if (item.fixed) expect(shuffled[index]).toBe(item);
        });
      }),
    );
  });

  it('gives the same order for the same seed and does not touch its input', () => {
    fc.assert(
      fc.property(itemsArb, fc.string(), (items, seed) => {
        const copy = [...items];
        expect(seededShuffle(items, seed)).toEqual(seededShuffle(items, seed));
        expect(items).toEqual(copy);
      }),
    );
  });

  it('actually reorders, and different seeds give different orders', () => {
    const items = Array.from({ length: 10 }, (_, index) => ({ id: index + 1, fixed: false }));
    const orders = new Set(
      ['a', 'b', 'c', 'd', 'e'].map((seed) =>
        seededShuffle(items, seed)
          .map((item) => item.id)
          .join(','),
      ),
    );
    expect(orders.size).toBeGreaterThan(1);
    expect(orders.has(items.map((item) => item.id).join(','))).toBe(false);
  });

  it('moves every movable position over many seeds (no stuck slot)', () => {
    const items = Array.from({ length: 5 }, (_, index) => ({ id: index, fixed: false }));
    const seenAtFirst = new Set<number>();
    for (let seed = 0; seed < 200; seed += 1) seenAtFirst.add(seededShuffle(items, String(seed))[0]?.id ?? -1);
    expect(seenAtFirst).toEqual(new Set([0, 1, 2, 3, 4]));
  });
});

describe('arrangeItems', () => {
  const items = Array.from({ length: 8 }, (_, index) => ({ id: index + 1, fixed: index === 7 }));

  it('keeps the survey order without randomize', () => {
    expect(arrangeItems(items, { randomize: false, seed: 's', widgetId: 1, hiddenIds: undefined })).toEqual(items);
  });

  it('mixes the widget id into the seed', () => {
    const a = arrangeItems(items, { randomize: true, seed: 's', widgetId: 1, hiddenIds: undefined });
    const b = arrangeItems(items, { randomize: true, seed: 's', widgetId: 2, hiddenIds: undefined });
    expect(a.map((item) => item.id)).not.toEqual(b.map((item) => item.id));
    expect(a).toEqual(seededShuffle(items, 's:1'));
  });

  it('drops hidden items after shuffling, so the others keep their relative order', () => {
    const all = arrangeItems(items, { randomize: true, seed: 's', widgetId: 1, hiddenIds: undefined });
    const someHidden = arrangeItems(items, { randomize: true, seed: 's', widgetId: 1, hiddenIds: new Set([3, 5]) });
    expect(someHidden).toEqual(all.filter((item) => item.id !== 3 && item.id !== 5));
  });
});
