import 'server-only';

import type { Survey } from '@/lib/survey-format/survey';
import { effectiveShareConfig, servedForPack } from '@/lib/survey-format/survey-rules';

import type { Db } from '../db/create-db';
import { isGateOpen } from '../passwords/survey-gate';
import { requireSurveyByCode } from './load-survey';
import { gateShareConfig } from './survey-file';
import { closeReasonOf } from '@/lib/survey-format/survey-status';
import { countFinishedResponses } from './survey-repository';

/**
 * The survey as served to a browser: what its pack allows (survey-rules.ts), live totals and open state, password
 * fields as gate flags only, and no questions or rules until the password gate has been passed.
 */
export async function readSurvey(db: Db, code: string, gateToken: string | undefined, now: number): Promise<Survey> {
  const loaded = await requireSurveyByCode(db, code);
  const finished = await countFinishedResponses(db, loaded.id);
  const closeReason = closeReasonOf(loaded.survey, finished, now);
  const gateOpen = await isGateOpen(db, loaded, gateToken, now);
  return {
    ...servedForPack(loaded.survey),
    responses_total: finished,
    is_open: closeReason === null,
    close_reason: closeReason,
    share_config: gateShareConfig(effectiveShareConfig(loaded.survey), loaded.passwordHash !== null),
    pages: gateOpen ? loaded.survey.pages : [],
    logic_list: gateOpen ? loaded.survey.logic_list : [],
  };
}
