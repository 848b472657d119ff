import type { ShareConfig } from '@/lib/survey-format/share-config';
import { availableOn } from '@/lib/survey-format/survey-rules';
import type { CloseReason, Survey } from '@/lib/survey-format/survey';
import type { DeviceType } from '@/lib/survey-format/theme';
import type { ClosedMessageKey, SurveyPhase } from '@/stores/page-store';

const closeMessages: Record<CloseReason, ClosedMessageKey> = {
  author: 'closed',
  max_responses: 'closed_max_responses',
  end_date: 'closed_end_date',
};

export function closedMessageFor(reason: CloseReason | null): ClosedMessageKey {
  return reason ? closeMessages[reason] : 'closed';
}

/** The share config's password fields (spec §3): booleans (which gate applies) or strings, as a backend chooses. */
const passwordFields = [
  'password',
  'global_password',
  'custom_password',
  'multiple_password',
  'repository_password',
] as const satisfies readonly (keyof ShareConfig)[];

function isSet(field: ShareConfig['password']): field is true | string {
  return field === true || (typeof field === 'string' && field !== '');
}

/** A password gate applies when any of the share config's password fields is set (spec §3, survey-format.md). */
export function needsPassword(share: ShareConfig): boolean {
  return passwordFields.some((name) => isSet(share[name]));
}

/**
 * The passwords a backend sent with the survey, checked in the browser (spec §5: "against the stored password"),
 * or null when the server decides: a repository password (spec §5), or a backend that sends only which gate
 * applies, as ours does (survey-format.md "Passwords").
 */
export function storedPasswords(share: ShareConfig): string[] | null {
  if (isSet(share.repository_password)) return null;
  const passwords = passwordFields
    .map((name) => share[name])
    .filter((field): field is string => typeof field === 'string' && isSet(field));
  return passwords.length > 0 ? passwords : null;
}

/** The survey once its gate is passed: no password field applies any more. */
export function withoutPasswords(survey: Survey): Survey {
  const cleared = Object.fromEntries(passwordFields.map((name) => [name, null]));
  return { ...survey, share_config: { ...survey.share_config, ...cleared } };
}

/**
 * The phase the server renders, computed from the survey and what the request says (no browser storage; the
 * device as its User-Agent tells), so the first client render matches it: closed, already completed, not for this
 * device, behind the gate, restoring this device's answers
 * (`restoring`: the restore hint cookie says this device keeps some), or answering. The gate stands whether the
 * backend withheld the pages (ours) or sent them with the survey.
 */
export function initialPhase(survey: Survey, restoring = false, device: DeviceType = 'desktop'): SurveyPhase {
  if (!survey.is_open) return { kind: 'closed', message: closedMessageFor(survey.close_reason) };
  if (survey.response_is_completed) return { kind: 'closed', message: 'already_completed' };
  if (!availableOn(survey, device)) return { kind: 'closed', message: 'device_unavailable' };
  if (needsPassword(survey.share_config)) return { kind: 'gate' };
  return restoring ? { kind: 'restoring' } : { kind: 'answering' };
}
