import 'server-only';

import type { Alert } from '@/lib/survey-format/alert';

import type { Db } from '../db/create-db';
import { badRequest, notFound } from '../http/api-error';
import { requireOwnedResponse } from '../responses/response-access';
import { consumeClientLimit, type ClientLimit } from '../security/rate-limit';
import { requireSurveyById } from '../surveys/load-survey';

/**
 * New alerts one client may queue in an hour. Each reaches the survey's owner; a respondent queues at most the
 * survey's alerts once per response, so a class of 40 behind one router on a survey of five alerts stays below it,
 * while one address creating responses to mail an owner is stopped. A refused alert waits in the browser's outbox
 * for `Retry-After`, never lost.
 */
export const ALERTS_PER_CLIENT: ClientLimit = { name: 'alert', limit: 300, windowMs: 3_600_000 };

export interface AlertOutcome {
  duplicate: boolean;
}

/**
 * Queues an owner alert once per response and alert id (spec §4: "sent once per alert id"). The unique key
 * decides, so two racing requests still store one row; the loser learns it was a duplicate.
 */
export async function enqueueAlert(
  db: Db,
  responseCode: string,
  token: string | undefined,
  alertId: number,
  alert: Alert,
  now: number,
  client: string,
): Promise<AlertOutcome> {
  const response = await requireOwnedResponse(db, responseCode, token);
  if (alert.id !== alertId) {
    throw badRequest('alert_mismatch', `The body describes alert ${alert.id}, but the URL names alert ${alertId}.`);
  }
  const { survey } = await requireSurveyById(db, response.survey_id);
  const known = survey.alerts.find((candidate) => candidate.id === alertId);
  if (known === undefined) throw notFound(`The survey has no alert with the id ${alertId}.`);
  // A repeat (the outbox sending again after a lost reply) is answered without counting against the limit.
  const queued = await db
    .selectFrom('alert_queue')
    .select('id')
    .where('response_id', '=', response.id)
    .where('alert_id', '=', alertId)
    .executeTakeFirst();
  if (queued) return { duplicate: true };
  await consumeClientLimit(db, ALERTS_PER_CLIENT, client, now);
  const result = await db
    .insertInto('alert_queue')
    .values({
      response_id: response.id,
      alert_id: alertId,
      // The survey's own entry, not the client's copy: the worker must trust what it reads.
      payload: JSON.stringify(known),
      created_at: new Date(now).toISOString(),
    })
    .onConflict((oc) => oc.columns(['response_id', 'alert_id']).doNothing())
    .executeTakeFirst();
  return { duplicate: Number(result.numInsertedOrUpdatedRows ?? 0) === 0 };
}
