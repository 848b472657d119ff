import { createStore, del as deleteEntry, entries, set as setEntry, type UseStore } from 'idb-keyval';

import type { OutboxOp, ResponseBinding } from './outbox-types';

/**
 * Where the outbox keeps pending operations across reloads: the spec's browser database `encuesta_response`,
 * object store `database`, one entry per operation so two tabs never overwrite each other's queue.
 *
 * Keys, each under the survey's code (`<survey code>:outbox:op:<op id>`), so a tab loads and sends only the queue
 * of the survey it writes: `outbox:op:<op id>`, `outbox:binding:<response key>`, `outbox:seq:<response key>`,
 * `outbox:upload:<upload key>` (the server's id of a stored upload, until its response is forgotten).
 * Blobs (upload operations) are stored as they are; IndexedDB keeps them natively.
 */

export const OUTBOX_DB_NAME = 'encuesta_response';
export const OUTBOX_STORE_NAME = 'database';

const OP_PREFIX = 'outbox:op:';
const BINDING_PREFIX = 'outbox:binding:';
const SEQ_PREFIX = 'outbox:seq:';
const UPLOAD_PREFIX = 'outbox:upload:';

/** The server's id of an upload the outbox sent, and the response it belongs to. */
export interface StoredUpload {
  responseKey: string;
  id: string;
}

export interface OutboxSnapshot {
  ops: OutboxOp[];
  bindings: Record<string, ResponseBinding>;
  seqs: Record<string, number>;
  uploads: Record<string, StoredUpload>;
}

export interface OutboxRepository {
  load(): Promise<OutboxSnapshot>;
  putOp(op: OutboxOp): Promise<void>;
  deleteOp(id: string): Promise<void>;
  putBinding(responseKey: string, binding: ResponseBinding): Promise<void>;
  deleteBinding(responseKey: string): Promise<void>;
  putSeq(responseKey: string, seq: number): Promise<void>;
  putUpload(uploadKey: string, upload: StoredUpload): Promise<void>;
  deleteUpload(uploadKey: string): Promise<void>;
}

/** Keeps nothing: the outbox's own memory is then the only copy (IndexedDB unavailable). */
export function createMemoryOutboxRepository(): OutboxRepository {
  return {
    load: async () => ({ ops: [], bindings: {}, seqs: {}, uploads: {} }),
    putOp: async () => {},
    deleteOp: async () => {},
    putBinding: async () => {},
    deleteBinding: async () => {},
    putSeq: async () => {},
    putUpload: async () => {},
    deleteUpload: async () => {},
  };
}

function isOp(value: unknown): value is OutboxOp {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<OutboxOp>;
  return typeof candidate.id === 'string' && typeof candidate.order === 'number' && typeof candidate.type === 'string';
}

function isStoredUpload(value: unknown): value is StoredUpload {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<StoredUpload>;
  return typeof candidate.responseKey === 'string' && typeof candidate.id === 'string';
}

function isBinding(value: unknown): value is ResponseBinding {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<ResponseBinding>;
  return typeof candidate.code === 'string' && (typeof candidate.id === 'number' || candidate.id === null);
}

/**
 * The IndexedDB repository. Creating it can throw (no `indexedDB` at all) and any call can reject (private mode,
 * quota, a blocked database); the outbox catches both and falls back to memory.
 */
export function createIdbOutboxRepository(
  surveyCode: string,
  store: UseStore = createStore(OUTBOX_DB_NAME, OUTBOX_STORE_NAME),
): OutboxRepository {
  const scope = `${surveyCode}:`;
  const set = (key: string, value: unknown, target: UseStore) => setEntry(scope + key, value, target);
  const del = (key: string, target: UseStore) => deleteEntry(scope + key, target);
  return {
    async load() {
      const snapshot: OutboxSnapshot = { ops: [], bindings: {}, seqs: {}, uploads: {} };
      for (const [scopedKey, value] of await entries<IDBValidKey, unknown>(store)) {
        if (typeof scopedKey !== 'string' || !scopedKey.startsWith(scope)) continue;
        const key = scopedKey.slice(scope.length);
        if (key.startsWith(OP_PREFIX) && isOp(value)) snapshot.ops.push(value);
        else if (key.startsWith(BINDING_PREFIX) && isBinding(value)) {
          snapshot.bindings[key.slice(BINDING_PREFIX.length)] = value;
        } else if (key.startsWith(SEQ_PREFIX) && typeof value === 'number') {
          snapshot.seqs[key.slice(SEQ_PREFIX.length)] = value;
        } else if (key.startsWith(UPLOAD_PREFIX) && isStoredUpload(value)) {
          snapshot.uploads[key.slice(UPLOAD_PREFIX.length)] = value;
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
    putUpload: async (uploadKey, upload) => set(UPLOAD_PREFIX + uploadKey, upload, store),
    deleteUpload: async (uploadKey) => del(UPLOAD_PREFIX + uploadKey, store),
  };
}
