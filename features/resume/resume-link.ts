import { defaultLocale, localeTable } from '@/lib/i18n/locales';

/** The default language's code in URLs. */
const DEFAULT_CODE = localeTable.find((entry) => entry.locale === defaultLocale)?.code ?? defaultLocale;

/**
 * The link that resumes a response (spec §2 survey resume page), as sent by e-mail:
 * `https://host/en/survey-resume?code=<response code>&survey=<survey code>`. The response code is the resume
 * capability (survey-format.md), so it travels in the query, encoded, never as part of the path.
 *
 * `localePrefix` is the language's URL prefix as `prefixForLocale` gives it (`''` for the default language,
 * `'/jp'`); a bare `'jp'` or a trailing slash is accepted too, as is a trailing slash on `origin`.
 *
 * The default language's link names it too (`/es/survey-resume`, which the proxy sends on to the unprefixed page and
 * saves as the chosen language): unprefixed, the link would open in whatever language the device that opens the
 * e-mail negotiates.
 */
export function resumeLink(origin: string, localePrefix: string, responseCode: string, surveyCode: string): string {
  const base = origin.replace(/\/+$/, '');
  const prefix = localePrefix.replace(/^\/+|\/+$/g, '') || DEFAULT_CODE;
  const path = `/${prefix}/survey-resume`;
  return `${base}${path}?code=${encodeURIComponent(responseCode)}&survey=${encodeURIComponent(surveyCode)}`;
}
