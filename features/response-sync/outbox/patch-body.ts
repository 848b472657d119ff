import type { Content } from '@/lib/survey-format/content';
import type { PatchResponseBodyInput } from '@/lib/survey-format/response';

import type { OutboxOp, PatchOpType } from './outbox-types';

export type PatchOp = Extract<OutboxOp, { type: PatchOpType }>;

export function isPatchOp(op: OutboxOp): op is PatchOp {
  return op.type !== 'create' && op.type !== 'upload' && op.type !== 'alert' && op.type !== 'email';
}

/**
 * The PATCH body of each operation: the forms of spec §7 this app sends (the finish carries `redirected`; the start date goes with the create), each with the op's `seq`. `resolve` turns the
 * answer's local upload references into the server's ids (see upload-ref.ts).
 */
export function toPatchBody(op: PatchOp, seq: number, resolve: (content: Content) => Content): PatchResponseBodyInput {
  switch (op.type) {
    case 'save':
      return { seq, content: resolve(op.content), expired_empty: false, expired_partial: false };
    case 'finish':
      return {
        seq,
        client_signature: op.clientSignature,
        content: resolve(op.content),
        completed: true,
        redirected: op.redirected,
        expired_empty: false,
        expired_partial: false,
      };
    case 'expire_partial':
      return { seq, content: resolve(op.content), expired_partial: true };
    case 'expire_empty':
      return { seq, expired_empty: true };
  }
}
