import type { CloseReason } from '@/lib/survey-format/survey';

import { forbidden, type ApiError } from '../http/api-error';

/** 403 for writes to a closed survey; `close_reason` lets the client pick the right message. */
export function closedError(closeReason: CloseReason): ApiError {
  return forbidden('survey_closed', 'This survey is closed. For more information please contact the survey author.', {
    close_reason: closeReason,
  });
}
