/**
 * The link that resumes a response (spec §2 survey resume page), as sent by e-mail:
 * `https://host/en/survey-resume?code=<response code>&survey=<survey code>`. The response code is the resume
 * capability (survey-format.md), so it travels in the query, encoded, never as part of the path.
 *
 * `localePrefix` is the language's URL prefix as `prefixForLocale` gives it (`''` for the default language,
 * `'/jp'`); a bare `'jp'` or a trailing slash is accepted too, as is a trailing slash on `origin`.
 */
export function resumeLink(origin: string, localePrefix: string, responseCode: string, surveyCode: string): string {
  const base = origin.replace(/\/+$/, '');
  const prefix = localePrefix.replace(/^\/+|\/+$/g, '');
  const path = prefix === '' ? '/survey-resume' : `/${prefix}/survey-resume`;
  return `${base}${path}?code=${encodeURIComponent(responseCode)}&survey=${encodeURIComponent(surveyCode)}`;
}
