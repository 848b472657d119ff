import { needsPassword } from '@/features/password-gate/gate-rules';
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

/**
 * Whether the owner's close type (URL, MSG, BACK) applies to a survey that cannot be answered for `message`: it does
 * for a survey closed or out of time, not for a response already completed (spec §4: "an error screen in the survey
 * theme", with its message) nor for a survey meant for other devices, which is open.
 */
export function followsCloseType(message: ClosedMessageKey): boolean {
  return message !== 'already_completed' && message !== 'device_unavailable';
}

/**
 * The phase the server renders, computed from the survey and what the request says (no browser storage; the
 * device as its User-Agent tells), so the first client render matches it: closed, already completed, not for this
 * device, restoring this device's answers (`restoring`: the restore hint cookie says this device keeps some, or a
 * resume link names a response), behind the gate, or answering. The gate stands whether the backend withheld the
 * pages (ours) or sent them with the survey. Restoring comes before the gate: this device may have passed it, which
 * only the client can tell (the flow controller's `reopen`, which shows the gate or the questions); a gate rendered
 * meanwhile would flash, and take a password typed into it to the server again.
 */
export function initialPhase(survey: Survey, restoring = false, device: DeviceType = 'desktop'): SurveyPhase {
  if (!survey.is_open) return { kind: 'closed', message: closedMessageFor(survey.close_reason) };
  if (survey.response_is_completed) return { kind: 'closed', message: 'already_completed' };
  if (!availableOn(survey, device)) return { kind: 'closed', message: 'device_unavailable' };
  if (restoring) return { kind: 'restoring' };
  return needsPassword(survey.share_config) ? { kind: 'gate' } : { kind: 'answering' };
}
