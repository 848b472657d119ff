import { describe, expect, it, vi } from 'vitest';

import { resetServerEnvCache } from '@/lib/env';

import type { Db } from '../db/create-db';
import { getAppSecret } from './app-secret';

/** Just the two queries getAppSecret makes; the insert fails while `down` is set. */
function fakeDb(state: { down: boolean }): Db {
  // A query builder: every step returns the builder, until the call that runs it.
  const builder = (run: Record<string, () => Promise<unknown>>): unknown => {
    const proxy: unknown = new Proxy(
      {},
      {
        get: (_, key) => (typeof key === 'string' && key in run ? run[key] : key === 'then' ? undefined : () => proxy),
      },
    );
    return proxy;
  };
  return {
    insertInto: () =>
      builder({
        execute: async () => {
          if (state.down) throw new Error('database down');
        },
      }),
    selectFrom: () => builder({ executeTakeFirstOrThrow: async () => ({ value: 'stored-secret' }) }),
  } as unknown as Db;
}

describe('getAppSecret', () => {
  it('reads the secret stored in the database, and tries again after a failed first read', async () => {
    vi.stubEnv('APP_SECRET', '');
    resetServerEnvCache();
    const state = { down: true };
    const db = fakeDb(state);
    await expect(getAppSecret(db)).rejects.toThrow('database down');
    state.down = false;
    await expect(getAppSecret(db)).resolves.toBe('stored-secret');
    vi.unstubAllEnvs();
    resetServerEnvCache();
  });
});
