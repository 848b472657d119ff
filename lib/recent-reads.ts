/**
 * A read shared by the callers of one short moment: a caller within `ttlMs` of a read that started (or is still
 * under way) gets its answer. Only answers `keep` accepts are shared after they arrive; at most `maxEntries` keys are
 * remembered, the oldest forgotten first.
 */
export function createRecentReads<T>(options: { ttlMs: number; maxEntries: number; now?: () => number }) {
  const now = options.now ?? (() => Date.now());
  const reads = new Map<string, { at: number; answer: Promise<T> }>();
  return {
    get(key: string, read: () => Promise<T>, keep: (answer: T) => boolean): Promise<T> {
      const at = now();
      const recent = reads.get(key);
      if (recent && at - recent.at < options.ttlMs) return recent.answer;
      reads.delete(key);
      const answer = read();
      reads.set(key, { at, answer });
      void answer.then(
        (value) => {
          if (!keep(value) && reads.get(key)?.answer === answer) reads.delete(key);
        },
        () => {
          if (reads.get(key)?.answer === answer) reads.delete(key);
        },
      );
      while (reads.size > options.maxEntries) reads.delete(reads.keys().next().value!);
      return answer;
    },
  };
}
