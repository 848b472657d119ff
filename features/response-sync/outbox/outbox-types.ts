import type { PatchReply } from '@/lib/api/response-api';
import type { Content } from '@/lib/survey-format/content';
import type {
  AlertQueueBody,
  CreateResponseBody,
  CreateResponseResult,
  EmailQueueBody,
  PatchResponseBodyInput,
  UploadFields,
  UploadResult,
} from '@/lib/survey-format/response';

/**
 * The outbox's operations and its two injected collaborators (the sender and the connectivity source).
 *
 * Every operation belongs to one response, named by a `responseKey`: the response code for a response the server
 * already knows, or a local id (`local:…`) for one whose `create` still waits in the outbox. A response key gets a
 * binding (code, id, token) when its create succeeds, or up front through `outbox.bind` for a resumed response.
 *
 * Each operation is idempotent on the server, so a replay (a lost acknowledgement, a reload mid-send) never counts
 * twice: a create by its `client_key`, a PATCH by its `seq`, an upload by its `uploadKey` (sent as `hash_code`), an
 * alert by response and alert id, an e-mail by its `client_key`.
 */

/** What the server knows a response by, and the token that authorises writes to it. */
export interface ResponseBinding {
  code: string;
  /** None when the backend's read gave none (spec §7 lists no id) and this device kept none from the create. */
  id: number | null;
  token: string | null;
}

export type OutboxOpInput =
  | { type: 'create'; responseKey: string; surveyCode: string; body: CreateResponseBody }
  | { type: 'save'; responseKey: string; content: Content }
  | { type: 'finish'; responseKey: string; content: Content; clientSignature: string; redirected: boolean }
  | { type: 'expire_partial'; responseKey: string; content: Content }
  | { type: 'expire_empty'; responseKey: string }
  | {
      type: 'upload';
      responseKey: string;
      /** Chosen by the browser when the file is picked; the answer holds `localUploadRef(uploadKey)` meanwhile. */
      uploadKey: string;
      surveyId: number;
      questionId: number;
      file: Blob;
      fileName: string;
    }
  | { type: 'alert'; responseKey: string; alertId: number; alert: AlertQueueBody }
  | { type: 'email'; responseKey: string; body: EmailQueueBody };

export type OutboxOpType = OutboxOpInput['type'];

/** The operations sent as a PATCH, each with its own `seq`. */
export type PatchOpType = Exclude<OutboxOpType, 'create' | 'upload' | 'alert' | 'email'>;

interface OpMeta {
  /** Unique across reloads and tabs. */
  id: string;
  /** Enqueue order; operations are sent strictly in this order. */
  order: number;
  /** `seq` of a PATCH (grows per response); `null` for the other calls. */
  seq: number | null;
  attempts: number;
  /** Times the server answered with a newer `seq` than this op's (see `outbox.ts`). */
  staleResends: number;
  /**
   * A save, finish or expiry of a response the server was found ahead of (another device saved since): rebased
   * before it is sent.
   * Kept with the op, so a reload in between does not send the old copy.
   */
  behind?: boolean;
}

export type OutboxOp = OutboxOpInput & OpMeta;

export type OpResult =
  | { type: 'create'; binding: ResponseBinding }
  | { type: 'upload'; upload: UploadResult }
  | { type: 'alert' }
  | { type: 'email' }
  | { type: PatchOpType };

export type OutboxEvent =
  /** Something about the queue changed; read `outbox.status()`. */
  | { type: 'change' }
  | { type: 'created'; responseKey: string; binding: ResponseBinding }
  | { type: 'sent'; op: OutboxOp; result: OpResult }
  /** A permanent failure: the operation was removed from the queue. */
  | { type: 'dropped'; op: OutboxOp; error: unknown }
  /** A PATCH answer said the response is finished, though this op did not finish it (finished elsewhere). */
  | { type: 'completed_elsewhere'; responseKey: string }
  /** IndexedDB could not be used: pending operations now live only in memory and a reload loses them. */
  | { type: 'not_durable'; error: unknown };

export type OutboxListener = (event: OutboxEvent) => void;

/** The survey API calls the outbox makes; `createSurveyApiSender(api)` satisfies it. */
export interface OutboxSender {
  createResponse(surveyCode: string, body: CreateResponseBody): Promise<CreateResponseResult>;
  patchResponse(responseCode: string, body: PatchResponseBodyInput, token: string | null): Promise<PatchReply | null>;
  uploadFile(fields: UploadFields, file: Blob, fileName: string, token: string | null): Promise<UploadResult>;
  queueAlert(responseCode: string, alertId: number, body: AlertQueueBody, token: string | null): Promise<void>;
  queueResponseEmail(responseCode: string, body: EmailQueueBody, token: string | null): Promise<void>;
}

/** Online/offline as the browser reports it (`navigator.onLine` and its events), injected for tests. */
export interface ConnectivitySource {
  isOnline(): boolean;
  subscribe(listener: (online: boolean) => void): () => void;
}

/** How a failed send is handled. */
export type ErrorDecision = { kind: 'retry'; retryAfterMs: number | null } | { kind: 'drop' };

export interface OutboxStatus {
  pendingCount: number;
  online: boolean;
  /** An operation is on the wire. */
  sending: boolean;
  /** A failed send waits for its retry. */
  retrying: boolean;
  /** `false` when IndexedDB is unavailable and pending operations would not survive a reload. */
  durable: boolean;
  /** The last permanent failure of a save, finish, create or upload since the last successful send of one. */
  lastError: unknown;
}

/** A save sent with `fetch(…, { keepalive: true })` while the page unloads. */
export interface KeepaliveSave {
  responseCode: string;
  token: string | null;
  body: PatchResponseBodyInput;
}
