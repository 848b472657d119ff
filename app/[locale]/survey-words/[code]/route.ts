import { NextResponse } from 'next/server';
import { loadSurvey } from '@/features/survey-flow/server/load-survey';
import { isSurveyCode } from '@/lib/survey-code';
import { SURVEY_DEFAULTS } from '@/lib/survey-format/survey-defaults';
import { compactSurvey } from '@/lib/survey-format/survey-transport';

/** The survey may change between two reads: never kept by a browser or a proxy. */
const headers = { 'Cache-Control': 'no-store' };

/**
 * `GET /{lang}/survey-words/{code}`: the survey as this server reads and parses it for the survey page (read-survey
 * through the contract, shared for a second between requests, nothing of the respondent in it: a gated survey comes
 * without its pages), for the words the first HTML left out (`use-page-words.ts`). Parsed here, so the browser needs
 * no schema code to take them, and sent as the page sends it, without its defaults (`survey-transport.ts`). Under the language prefix only because every page path is; the words do not depend
 * on it.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  if (!isSurveyCode(code)) return NextResponse.json({ error: 'not_found' }, { status: 404, headers });
  const loaded = await loadSurvey(code);
  if (!loaded.ok) {
    const status = loaded.status !== undefined && loaded.status >= 400 ? loaded.status : 502;
    return NextResponse.json({ error: loaded.key }, { status, headers });
  }
  return NextResponse.json(compactSurvey(loaded.survey, SURVEY_DEFAULTS), { headers });
}
