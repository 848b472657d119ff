'use client';

import { useTranslations } from 'next-intl';
import { saveLocaleChoice } from '@/lib/i18n/locale-cookie';
import { localeForCode, localeTable, prefixForLocale } from '@/lib/i18n/locales';
import styles from './survey.module.css';

type LanguageSelectorProps = {
  /** The survey's languages the respondent may choose (`selectorLanguages`). */
  codes: readonly string[];
  lang: string;
  /** This page's language prefix (`/jp`, none for `es`), which the chosen language's replaces. */
  languagePrefix: string;
};

/**
 * The survey's language selector (PLUS and several languages): the same page, query and all, under the chosen
 * language's prefix, the choice saved first (an unprefixed Spanish URL is served in the saved language). A page
 * load, which renders the survey in that language; the answers come back from this device's storage. A module of
 * its own, with the language table, loaded only by a survey that shows it.
 */
export function LanguageSelector({ codes, lang, languagePrefix }: LanguageSelectorProps) {
  const t = useTranslations('common');
  // Only the languages this app has a UI for can be switched to.
  const choices = codes.filter((code) => localeForCode(code) !== undefined);
  if (choices.length < 2) return null;
  return (
    <label>
      <span className="visually-hidden">{t('language')}</span>
      <select
        className={styles.languageSelect}
        value={lang}
        onChange={(event) => {
          const locale = localeForCode(event.target.value);
          if (!locale) return;
          const { pathname, search } = window.location;
          const path = pathname.startsWith(`${languagePrefix}/`) ? pathname.slice(languagePrefix.length) : pathname;
          saveLocaleChoice(locale);
          // A page load on purpose (above), not a router navigation.
          // eslint-disable-next-line @next/next/no-location-assign-relative-destination
          window.location.assign(`${prefixForLocale(locale)}${path}${search}`);
        }}
      >
        {choices.map((code) => (
          <option key={code} value={code}>
            {localeTable.find((entry) => entry.code === code)?.name ?? code}
          </option>
        ))}
      </select>
    </label>
  );
}
