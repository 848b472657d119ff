import { describe, expect, it } from 'vitest';

import { setUpTestBackend } from '../testing/test-backend';
import { consumeRateLimit, sweepRateEvents } from './rate-limit';

const backend = setUpTestBackend();
const HOUR_MS = 3_600_000;
const now = 1_800_000_000_000;

async function eventsOf(bucket: string): Promise<number[]> {
  const rows = await backend()
    .db.selectFrom('rate_events')
    .select('at')
    .where('bucket', '=', bucket)
    .orderBy('at')
    .execute();
  return rows.map((row) => Number(row.at));
}

describe('sweepRateEvents', () => {
  it('deletes the events no window counts any more, in buckets never used again, and keeps the rest', async () => {
    const { db } = backend();
    await db
      .insertInto('rate_events')
      .values([
        { bucket: 'sweep-gone', at: now - 2 * HOUR_MS },
        { bucket: 'sweep-gone', at: now - HOUR_MS },
        { bucket: 'sweep-gone', at: now - HOUR_MS + 1 },
        { bucket: 'sweep-other', at: now - 3 * HOUR_MS },
        { bucket: 'sweep-other', at: now - 60_000 },
      ])
      .execute();
    expect(await sweepRateEvents(db, now, 1_000)).toBe(3);
    expect(await eventsOf('sweep-gone')).toEqual([now - HOUR_MS + 1]);
    expect(await eventsOf('sweep-other')).toEqual([now - 60_000]);
  });

  it('deletes at most the rows it is given, oldest first, and the rest on later runs', async () => {
    const { db } = backend();
    await db
      .insertInto('rate_events')
      .values(Array.from({ length: 7 }, (_, index) => ({ bucket: 'sweep-many', at: now - 2 * HOUR_MS + index })))
      .execute();
    expect(await sweepRateEvents(db, now, 5)).toBe(5);
    expect(await eventsOf('sweep-many')).toEqual([now - 2 * HOUR_MS + 5, now - 2 * HOUR_MS + 6]);
    expect(await sweepRateEvents(db, now, 5)).toBe(2);
    expect(await eventsOf('sweep-many')).toEqual([]);
  });
});

describe('consumeRateLimit', () => {
  it('refuses a window longer than the sweep keeps events for', async () => {
    const limit = { bucket: 'long-window', limit: 5, windowMs: HOUR_MS + 1 };
    await expect(consumeRateLimit(backend().db, limit, now)).rejects.toThrow(/at most/);
  });
});
