import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_WINDOW_MS, isChunkLoadError, reloadOnceForChunkError } from './chunk-reload';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

describe('chunk reload', () => {
  it('recognises chunk load failures only', () => {
    expect(isChunkLoadError({ name: 'ChunkLoadError', message: 'x' })).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk app/page failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('reloads once, never twice in a row', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnceForChunkError({ storage, now: 1_000_000, reload })).toBe(true);
    expect(reloadOnceForChunkError({ storage, now: 1_000_500, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnceForChunkError({ storage, now: 1_000_000 + CHUNK_RELOAD_WINDOW_MS + 1, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads while offline', () => {
    const reload = vi.fn();
    expect(reloadOnceForChunkError({ storage: memoryStorage(), now: 1, reload, online: false })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload when storage is unavailable', () => {
    const reload = vi.fn();
    const storage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => undefined,
    };
    expect(reloadOnceForChunkError({ storage, now: 1, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
