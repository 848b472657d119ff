import type { CheckPasswordResult } from '@/lib/survey-format/response';
import type { Survey } from '@/lib/survey-format/survey';
import type { SurveyPersistencePort } from '@/stores/survey-persistence-port';
import { storedPasswords } from './gate-rules';

/** The two calls behind the gate (spec §5, §7). */
export interface GateApi {
  checkPassword(body: { survey_id: number; password: string }): Promise<CheckPasswordResult>;
  readSurvey(surveyCode: string, options: { accessToken: string }): Promise<Survey>;
}

/** Where this browser keeps that it passed a survey's gate: `true` for a stored password, else the access token. */
type GatePasses = Pick<SurveyPersistencePort, 'saveGatePass' | 'loadGatePass' | 'loadGateCustomFields'>;

export type GateDeps = { api: GateApi; passes: GatePasses | null; surveyCode: string };

/** Through the gate: the survey to show (its full content, when the backend withheld it) and what came with it. */
export type GatePassed = {
  survey: Survey;
  accessToken: string | null;
  /** The password repository's custom fields for this respondent (spec §5); none for a stored password. */
  customFields: Record<string, string> | null;
};

/**
 * Checks a password: against the passwords the backend sent with the survey, else with the server, which answers an
 * access token that unlocks the survey's content. Remembers the pass, so a reload does not ask again. `null`: wrong.
 * An API failure throws, for the gate to show.
 */
export async function passGate(survey: Survey, password: string, deps: GateDeps): Promise<GatePassed | null> {
  const passwords = storedPasswords(survey.share_config);
  if (passwords) {
    if (!passwords.includes(password)) return null;
    deps.passes?.saveGatePass(deps.surveyCode, true);
    return { survey, accessToken: null, customFields: null };
  }
  const result = await deps.api.checkPassword({ survey_id: survey.survey_id, password });
  if (!result.is_valid) return null;
  const token = result.access_token ?? null;
  if (token) deps.passes?.saveGatePass(deps.surveyCode, token, result.custom_fields);
  const full = token ? await deps.api.readSurvey(deps.surveyCode, { accessToken: token }) : survey;
  return { survey: full, accessToken: token, customFields: result.custom_fields };
}

/**
 * A gate this browser passed before opens again without asking: a stored password's pass at once, an access token
 * by reading the survey with it. A token the server no longer honours is forgotten (the gate then asks). `null`:
 * ask for the password.
 */
export async function reopenGate(survey: Survey, deps: GateDeps): Promise<GatePassed | null> {
  const pass = deps.passes?.loadGatePass(deps.surveyCode) ?? null;
  if (pass === true && storedPasswords(survey.share_config)) {
    return { survey, accessToken: null, customFields: null };
  }
  if (typeof pass !== 'string') return null;
  try {
    const full = await deps.api.readSurvey(deps.surveyCode, { accessToken: pass });
    if (full.pages.length === 0) return null;
    // The repository's fields for this respondent, as it gave them with the pass: a new response starts with them.
    const customFields = deps.passes?.loadGateCustomFields(deps.surveyCode) ?? null;
    return { survey: full, accessToken: pass, customFields };
  } catch {
    deps.passes?.saveGatePass(deps.surveyCode, null);
    return null;
  }
}
