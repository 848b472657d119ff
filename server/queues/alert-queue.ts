import 'server-only';

import type { Alert } from '@/lib/survey-format/alert';

import type { Db } from '../db/create-db';
import { badRequest, notFound } from '../http/api-error';
import { requireOwnedResponse } from '../responses/response-access';
import { requireSurveyById } from '../surveys/load-survey';

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
): Promise<AlertOutcome> {
  const response = await requireOwnedResponse(db, responseCode, token);
  if (alert.id !== alertId) {
    throw badRequest('alert_mismatch', `The body describes alert ${alert.id}, but the URL names alert ${alertId}.`);
  }
  const { survey } = await requireSurveyById(db, response.survey_id);
  const known = survey.alerts.find((candidate) => candidate.id === alertId);
  if (known === undefined) throw notFound(`The survey has no alert with the id ${alertId}.`);
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
