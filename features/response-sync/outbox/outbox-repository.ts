import { createStore, del, entries, set, type UseStore } from 'idb-keyval';

import type { OutboxOp, ResponseBinding } from './outbox-types';

/**
 * Where the outbox keeps pending operations across reloads: the spec's browser database `encuesta_response`,
 * object store `database`, one entry per operation so two tabs never overwrite each other's queue.
 *
 * Keys: `outbox:op:<op id>`, `outbox:binding:<response key>`, `outbox:seq:<response key>`.
 * Blobs (upload operations) are stored as they are; IndexedDB keeps them natively.
 */

export const OUTBOX_DB_NAME = 'encuesta_response';
export const OUTBOX_STORE_NAME = 'database';

const OP_PREFIX = 'outbox:op:';
const BINDING_PREFIX = 'outbox:binding:';
const SEQ_PREFIX = 'outbox:seq:';

export interface OutboxSnapshot {
  ops: OutboxOp[];
  bindings: Record<string, ResponseBinding>;
  seqs: Record<string, number>;
}

export interface OutboxRepository {
  load(): Promise<OutboxSnapshot>;
  putOp(op: OutboxOp): Promise<void>;
  deleteOp(id: string): Promise<void>;
  putBinding(responseKey: string, binding: ResponseBinding): Promise<void>;
  deleteBinding(responseKey: string): Promise<void>;
  putSeq(responseKey: string, seq: number): Promise<void>;
}

/** Keeps nothing: the outbox's own memory is then the only copy (IndexedDB unavailable). */
export function createMemoryOutboxRepository(): OutboxRepository {
  return {
    load: async () => ({ ops: [], bindings: {}, seqs: {} }),
    putOp: async () => {},
    deleteOp: async () => {},
    putBinding: async () => {},
    deleteBinding: async () => {},
    putSeq: async () => {},
  };
}

function isOp(value: unknown): value is OutboxOp {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<OutboxOp>;
  return typeof candidate.id === 'string' && typeof candidate.order === 'number' && typeof candidate.type === 'string';
}

function isBinding(value: unknown): value is ResponseBinding {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<ResponseBinding>;
  return typeof candidate.code === 'string' && typeof candidate.id === 'number';
}

/**
 * The IndexedDB repository. Creating it can throw (no `indexedDB` at all) and any call can reject (private mode,
 * quota, a blocked database); the outbox catches both and falls back to memory.
 */
export function createIdbOutboxRepository(
  store: UseStore = createStore(OUTBOX_DB_NAME, OUTBOX_STORE_NAME),
): OutboxRepository {
  return {
    async load() {
      const snapshot: OutboxSnapshot = { ops: [], bindings: {}, seqs: {} };
      for (const [key, value] of await entries<IDBValidKey, unknown>(store)) {
        if (typeof key !== 'string') continue;
        if (key.startsWith(OP_PREFIX) && isOp(value)) snapshot.ops.push(value);
        else if (key.startsWith(BINDING_PREFIX) && isBinding(value)) {
          snapshot.bindings[key.slice(BINDING_PREFIX.length)] = value;
        } else if (key.startsWith(SEQ_PREFIX) && typeof value === 'number') {
          snapshot.seqs[key.slice(SEQ_PREFIX.length)] = value;
        }
      }
      return snapshot;
    },
    // `async` so that a synchronous throw (no `indexedDB` global) becomes a rejection like every other failure.
    putOp: async (op) => set(OP_PREFIX + op.id, op, store),
    deleteOp: async (id) => del(OP_PREFIX + id, store),
    putBinding: async (responseKey, binding) => set(BINDING_PREFIX + responseKey, binding, store),
    deleteBinding: async (responseKey) => del(BINDING_PREFIX + responseKey, store),
    putSeq: async (responseKey, seq) => set(SEQ_PREFIX + responseKey, seq, store),
  };
}
