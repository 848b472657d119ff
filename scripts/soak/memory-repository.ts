import type { OutboxRepository, OutboxSnapshot } from '@/features/response-sync/outbox/outbox-repository';

/**
 * What IndexedDB is to a browser, for one simulated respondent: the outbox's copy of its queue, kept across a
 * simulated page reload (a new outbox over the same repository). Values are copied in and out, as IndexedDB does.
 */
export function createKeptRepository(): OutboxRepository {
  const kept: OutboxSnapshot = { ops: [], bindings: {}, seqs: {}, uploads: {} };
  const copy = <T>(value: T): T => structuredClone(value);
  return {
    load: async () => copy(kept),
    async putOp(op) {
      kept.ops = [...kept.ops.filter((candidate) => candidate.id !== op.id), copy(op)];
    },
    async deleteOp(id) {
      kept.ops = kept.ops.filter((candidate) => candidate.id !== id);
    },
    async putBinding(responseKey, binding) {
      kept.bindings[responseKey] = copy(binding);
    },
    async deleteBinding(responseKey) {
      delete kept.bindings[responseKey];
    },
    async putSeq(responseKey, seq) {
      kept.seqs[responseKey] = seq;
    },
    async putUpload(uploadKey, upload) {
      kept.uploads[uploadKey] = copy(upload);
    },
    async deleteUpload(uploadKey) {
      delete kept.uploads[uploadKey];
    },
  };
}
