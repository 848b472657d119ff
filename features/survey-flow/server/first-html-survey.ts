import 'server-only';
import { captureParams } from '@/features/response-sync/lifecycle/capture-params';
import { nearPageIds } from '@/features/page-words/near-pages';
import { surveyLanguage } from '@/lib/survey-format/survey-rules';
import type { Survey } from '@/lib/survey-format/survey';
import { outlineSurvey, type SurveyOutline } from '@/lib/survey-format/survey-outline';
import type { DeviceType } from '@/lib/survey-format/theme';
import { firstPageId } from '../flow/first-page';
import { respondentOrder } from '../flow/respondent-order';

/**
 * The survey as the first HTML carries it: every page's structure, but only the words of the page the client
 * will show first (found as its first render finds it: the respondent's order, the URL parameters, the device)
 * and of the pages just after it (`near-pages.ts`). What the page costs then grows with the page shown, not with the survey.
 */
export function firstHtmlSurvey(
  survey: Survey,
  respondent: {
    /** Null when the survey's order depends on no seed (`dependsOnSeed`). */
    respondentSeed: string | null;
    urlParams: Readonly<Record<string, string>>;
    device: DeviceType;
    uiLanguage: string;
  },
): SurveyOutline {
  const ordered =
    respondent.respondentSeed === null ? survey : respondentOrder(survey, respondent.respondentSeed).survey;
  const shown = firstPageId(ordered, captureParams({}, {}, respondent.urlParams), {
    device: respondent.device,
    lang: surveyLanguage(survey, respondent.uiLanguage),
  });
  return outlineSurvey(survey, nearPageIds(ordered, shown));
}
