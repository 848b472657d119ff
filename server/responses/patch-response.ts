import 'server-only';

import type { Updateable } from 'kysely';

import {
  patchKind,
  RESPONSE_EXPIRED,
  type FinishPatch,
  type PatchResponseBody,
  type PatchResponseResult,
} from '@/lib/survey-format/response';

import type { Db } from '../db/create-db';
import { withLock } from '../db/lock';
import type { ResponseRow, ResponsesTable } from '../db/schema';
import { conflict } from '../http/api-error';
import { requireSurveyById } from '../surveys/load-survey';
import { countFinishedResponses } from '../surveys/survey-repository';
import { closeReasonOf } from '@/lib/survey-format/survey-status';
import { closedError } from '../surveys/survey-status';
import { checkContentLimits } from './content-limits';
import { requireOwnedResponse } from './response-access';
import { findResponseByCode, serializeContent } from './response-repository';

/** The stored state after a PATCH, plus whether this call changed it. */
export type PatchOutcome = PatchResponseResult & { applied: boolean };

function outcome(row: Pick<ResponseRow, 'code' | 'seq' | 'completed'>, applied: boolean): PatchOutcome {
  return { code: row.code, seq: row.seq, completed: row.completed === 1, applied };
}

function isFinish(body: PatchResponseBody): body is FinishPatch {
  return patchKind(body) === 'finish';
}

function completedError() {
  return conflict('response_completed', 'This response is finished and can no longer change.');
}

/** A save, finish or upload of a response whose time ran out: 409 `response_expired`. */
export function expiredError() {
  return conflict(RESPONSE_EXPIRED, 'This response ran out of time and can no longer change.');
}

export function isExpired(row: Pick<ResponseRow, 'expired_partial' | 'expired_empty'>): boolean {
  return row.expired_partial === 1 || row.expired_empty === 1;
}

/** A retried finish (same answers, same signature) is the same finish; anything else is a change. */
function isSameFinish(row: ResponseRow, body: FinishPatch): boolean {
  return row.content === serializeContent(body.content) && row.client_signature === body.client_signature;
}

/**
 * Finishing runs under a per-survey lock, so that two last respondents cannot both squeeze under
 * `max_responses`, and so that the completed check and the write are one step.
 */
async function finish(db: Db, row: ResponseRow, body: FinishPatch, now: number): Promise<PatchOutcome> {
  const loaded = await requireSurveyById(db, row.survey_id);
  return withLock(db, `finish:${row.survey_id}`, async (trx) => {
    const current = await trx.selectFrom('responses').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    if (current.completed === 1) {
      if (isSameFinish(current, body)) return outcome(current, false);
      throw completedError();
    }
    // Expiry is final, as a finish is: a device whose clock ran late must not finish after the time ran out.
    if (isExpired(current)) throw expiredError();
    // A finish whose seq is not newer was written on a device behind the server (another device has saved since):
    // like a save, it changes nothing, and its answer tells the device to rebase and send it again. One that carries
    // the answers already stored loses nothing, so it applies (a client that reuses its last save's seq).
    if (body.seq <= current.seq && current.content !== serializeContent(body.content)) return outcome(current, false);
    const closeReason = closeReasonOf(loaded.survey, await countFinishedResponses(trx, row.survey_id), now);
    if (closeReason !== null) throw closedError(closeReason);
    const seq = Math.max(current.seq, body.seq);
    await trx
      .updateTable('responses')
      .set({
        completed: 1,
        finished_at: new Date(now).toISOString(),
        content: serializeContent(body.content),
        client_signature: body.client_signature,
        redirected: body.redirected ? 1 : 0,
        expired_empty: 0,
        expired_partial: 0,
        seq,
      })
      .where('id', '=', row.id)
      .execute();
    return outcome({ ...current, seq, completed: 1 }, true);
  });
}

/** The columns each non-final form writes. */
function changesOf(body: Exclude<PatchResponseBody, FinishPatch>): Updateable<ResponsesTable> {
  if ('start_date' in body) return { start_date: body.start_date };
  if ('redirected' in body) return { redirected: 1 };
  if ('content' in body) {
    return {
      content: serializeContent(body.content),
      expired_partial: body.expired_partial ? 1 : 0,
      expired_empty: 0,
    };
  }
  return { expired_empty: 1 };
}

/**
 * One conditional UPDATE does the check and the write atomically on both engines: it applies only to an
 * unfinished response and, for forms that write answers, only when `seq` is newer than the stored one
 * (an older save arriving late must not overwrite newer answers). Flag forms apply whatever their seq.
 */
async function update(db: Db, row: ResponseRow, body: Exclude<PatchResponseBody, FinishPatch>): Promise<PatchOutcome> {
  const writesAnswers = 'content' in body;
  // A save would clear the expiry's flags: a response whose time ran out takes no more answers. The expiry forms
  // themselves may come again (a retry, the other device's timer).
  const saves = patchKind(body) === 'save' && writesAnswers;
  let query = db
    .updateTable('responses')
    .set((eb) => ({
      ...changesOf(body),
      // CASE rather than max()/greatest(): the one spelling both engines share.
      seq: writesAnswers ? body.seq : eb.case().when('seq', '<', body.seq).then(body.seq).else(eb.ref('seq')).end(),
    }))
    .where('id', '=', row.id)
    .where('completed', '=', 0);
  if (writesAnswers) query = query.where('seq', '<', body.seq);
  if (saves) query = query.where('expired_partial', '=', 0).where('expired_empty', '=', 0);
  const result = await query.executeTakeFirst();
  const current = await findResponseByCode(db, row.code);
  if (current === undefined) throw new Error(`Response ${row.id} vanished during an update`);
  if (Number(result.numUpdatedRows) > 0) return outcome(current, true);
  if (current.completed === 1) throw completedError();
  if (saves && isExpired(current)) throw expiredError();
  return outcome(current, false);
}

export async function patchResponse(
  db: Db,
  code: string,
  token: string | undefined,
  body: PatchResponseBody,
  now: number,
): Promise<PatchOutcome> {
  const row = await requireOwnedResponse(db, code, token);
  if ('content' in body) checkContentLimits((await requireSurveyById(db, row.survey_id)).survey, body.content);
  return isFinish(body) ? finish(db, row, body, now) : update(db, row, body);
}
