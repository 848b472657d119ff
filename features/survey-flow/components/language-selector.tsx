'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useEffectEvent, useRef } from 'react';
import { saveLocaleChoice } from '@/lib/i18n/locale-cookie';
import { codeForLocale, isLocale, localeForCode, localeTable, prefixForLocale } from '@/lib/i18n/locales';
import styles from './survey.module.css';

type LanguageSelectorProps = {
  /** The survey's languages the respondent may choose (`selectorLanguages`). */
  codes: readonly string[];
  /** This page's language prefix (`/jp`, none for `es`), which the chosen language's replaces. */
  languagePrefix: string;
};

/** Keys that move through a closed select's options, each changing its value at once (Chromium, Firefox). */
const BROWSING_KEYS = /^(Arrow(Up|Down|Left|Right)|Home|End|PageUp|PageDown|[^ ])$/u;

/**
 * The survey's language selector (PLUS and several languages): the same page, query and all, under the chosen
 * language's prefix, the choice saved first (an unprefixed Spanish URL is served in the saved language). A page
 * load, which renders the survey in that language; the answers come back from this device's storage. A module of
 * its own, with the language table, loaded only by a survey that shows it.
 *
 * A pick with the pointer, or in the opened list, goes at once. Keys that step through the closed select only
 * choose, and Enter goes (WCAG 3.2.2: looking through the languages must not leave the page); leaving it without
 * Enter puts the page's language back.
 */
export function LanguageSelector({ codes, languagePrefix }: LanguageSelectorProps) {
  const t = useTranslations('common');
  const pageLocale = useLocale();
  const browsing = useRef(false);
  const select = useRef<HTMLSelectElement>(null);
  // Only the languages this app has a UI for can be switched to.
  const choices = codes.filter((code) => localeForCode(code) !== undefined);
  // The page's own language is the one shown chosen. When the survey has no texts in it (they show in the
  // original), it heads the list, so that every one of the survey's languages, the original too, can be chosen.
  const pageCode = isLocale(pageLocale) ? codeForLocale(pageLocale) : (choices[0] ?? '');
  const options = choices.includes(pageCode) ? choices : [pageCode, ...choices];

  const go = (code: string) => {
    const locale = localeForCode(code);
    if (!locale || code === pageCode) return;
    const { pathname, search } = window.location;
    const path = pathname.startsWith(`${languagePrefix}/`) ? pathname.slice(languagePrefix.length) : pathname;
    saveLocaleChoice(locale);
    // A page load on purpose (above), not a router navigation.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign(`${prefixForLocale(locale)}${path}${search}`);
  };

  // A language chosen before the client took over (the select is there without JavaScript) changed it before React
  // listened: it goes now, as its change would have. Never a choice the browser restored (autocomplete off): Back
  // from the chosen language would go to it again.
  const goToEarlyChoice = useEffectEvent(() => {
    if (select.current) go(select.current.value);
  });
  useEffect(() => goToEarlyChoice(), []);

  if (choices.length < 2) return null;

  return (
    <label>
      <span className="visually-hidden">{t('language')}</span>
      <select
        ref={select}
        autoComplete="off"
        className={styles.languageSelect}
        defaultValue={pageCode}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            go(event.currentTarget.value);
          } else if (BROWSING_KEYS.test(event.key) && !event.altKey) {
            browsing.current = true;
          }
        }}
        onChange={(event) => {
          if (!browsing.current) go(event.target.value);
        }}
        onBlur={(event) => {
          if (browsing.current) event.currentTarget.value = pageCode;
          browsing.current = false;
        }}
      >
        {options.map((code) => (
          // Each language named in its own, and read in its own voice.
          <option key={code} value={code} lang={localeForCode(code)}>
            {localeTable.find((entry) => entry.code === code)?.name ?? code}
          </option>
        ))}
      </select>
    </label>
  );
}
