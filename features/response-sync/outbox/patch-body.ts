import type { PatchResponseBodyInput } from '@/lib/survey-format/response';

import type { OutboxOp, PatchOpType } from './outbox-types';

export type PatchOp = Extract<OutboxOp, { type: PatchOpType }>;

export function isPatchOp(op: OutboxOp): op is PatchOp {
  return op.type !== 'create' && op.type !== 'upload';
}

/** The PATCH body of each operation: the six forms of spec §7, each with the op's `seq`. */
export function toPatchBody(op: PatchOp, seq: number): PatchResponseBodyInput {
  switch (op.type) {
    case 'save':
      return { seq, content: op.content, expired_empty: false, expired_partial: false };
    case 'finish':
      return {
        seq,
        client_signature: op.clientSignature,
        content: op.content,
        completed: true,
        redirected: op.redirected,
        expired_empty: false,
        expired_partial: false,
      };
    case 'expire_partial':
      return { seq, content: op.content, expired_partial: true };
    case 'expire_empty':
      return { seq, expired_empty: true };
    case 'redirected':
      return { seq, redirected: true };
    case 'start_date':
      return { seq, start_date: op.startDate };
  }
}
