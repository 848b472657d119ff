import { describe, expect, it } from 'vitest';

import { type LockManagerLike, requestWriterLock, type WriterLockState } from './writer-lock';

type Request = {
  options: { ifAvailable?: boolean; steal?: boolean; signal?: AbortSignal };
  callback: (lock: unknown) => Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
};

/** One browser's lock manager for one lock name, shared by the "tabs" of a test. */
function fakeLocks() {
  let holder: Request | null = null;
  const queue: Request[] = [];
  function grant(request: Request) {
    holder = request;
    void request.callback({ name: 'lock' }).then(() => {
      if (holder === request) {
        holder = null;
        const next = queue.shift();
        if (next) grant(next);
      }
      request.resolve();
    });
  }
  const locks: LockManagerLike = {
    request(_name, options, callback) {
      return new Promise((resolve, reject) => {
        const request: Request = { options, callback, resolve: () => resolve(undefined), reject };
        if (options.steal) {
          const previous = holder;
          holder = null;
          previous?.reject(new DOMException('stolen', 'AbortError'));
          grant(request);
        } else if (!holder) grant(request);
        else if (options.ifAvailable) void callback(null).then(() => resolve(undefined));
        else {
          queue.push(request);
          // As in browsers, aborting affects a request only while it waits.
          options.signal?.addEventListener('abort', () => {
            const index = queue.indexOf(request);
            if (index < 0) return;
            queue.splice(index, 1);
            reject(new DOMException('aborted', 'AbortError'));
          });
        }
      });
    },
  };
  return locks;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
/** Past the grace period before a wait is said. */
const waitNotice = () => new Promise((resolve) => setTimeout(resolve, 700));

function watch(lock: ReturnType<typeof requestWriterLock>) {
  const states: WriterLockState[] = [lock.state()];
  lock.subscribe((state) => states.push(state));
  return states;
}

describe('writer lock', () => {
  it('lets one tab write; the next waits, and takes over when the first closes', async () => {
    const locks = fakeLocks();
    const first = requestWriterLock('demo', locks);
    await tick();
    expect(first.state()).toBe('held');
    const second = requestWriterLock('demo', locks);
    const states = watch(second);
    await tick();
    expect(second.state()).toBe('acquiring');
    await waitNotice();
    expect(second.state()).toBe('waiting');
    first.release();
    await tick();
    await tick();
    expect(states).toEqual(['acquiring', 'waiting', 'held']);
  });

  it("takes the lock on the respondent's word; the tab that wrote learns it lost it", async () => {
    const locks = fakeLocks();
    const first = requestWriterLock('demo', locks);
    const firstStates = watch(first);
    await tick();
    const second = requestWriterLock('demo', locks);
    await tick();
    second.takeOver();
    await tick();
    expect(second.state()).toBe('held');
    expect(firstStates.at(-1)).toBe('lost');
  });

  it('without Web Locks, writes as before', () => {
    expect(requestWriterLock('demo', null).state()).toBe('held');
  });
});
