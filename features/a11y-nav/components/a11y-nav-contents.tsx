'use client';

import { useTranslations } from 'next-intl';
import { useId, useMemo, useState } from 'react';
import { isReachable, type NavPage, type NavPageStatus, PANEL_SHORTCUT, searchNav } from '../nav-model';
import styles from './a11y-nav.module.css';

/** Each page status's words (`a11y` namespace), spelled out so that every key is checked against the messages. */
const statusMessageKeys = {
  current: 'status_current',
  completed: 'status_completed',
  locked: 'status_locked',
  future: 'status_future',
} as const satisfies Record<NavPageStatus, string>;

type A11yNavContentsProps = {
  /** The dialog's title's id: each section's heading id is built on it. */
  titleId: string;
  /**
   * The respondent's pages with their status, and the whole-number percentage of their questions answered; `null`
   * when the survey shows no progress (spec §5: only with the progress bar).
   */
  describe: () => { pages: readonly NavPage[]; percent: number | null };
  /** Moves to a reachable page (and to one of its questions), closing the dialog. */
  go: (pageId: number, questionId: number | null) => void;
  /** Closes the dialog (Escape in the search field). */
  close: () => void;
};

/**
 * What the navigation panel's dialog holds once opened (spec §2): the pages with their status and the progress, a
 * search over pages, questions and options, the sitemap and the keyboard help. A chunk of its own, asked for once the
 * client has taken over: mounted only while the dialog is open, so a 500-question sitemap costs nothing before.
 */
// The survey's own texts (page and question titles, search results) may be in another script than the interface (a
// Spanish survey in the Arabic interface): each keeps its own direction (`dir="auto"`, `<bdi>`).
export function A11yNavContents({ titleId, describe, go, close }: A11yNavContentsProps) {
  const t = useTranslations('a11y');
  const tSurvey = useTranslations('survey');
  const searchId = useId();
  const [query, setQuery] = useState('');
  const { pages, percent } = useMemo(() => describe(), [describe]);
  const results = useMemo(() => searchNav(pages, query), [pages, query]);
  const current = pages.find((page) => page.status === 'current');
  const pageName = (page: NavPage) => page.title || t('page_untitled', { number: page.number });
  const statusText = (page: NavPage) => t(statusMessageKeys[page.status]);

  return (
    <>
      <p className={styles.progress}>
        {percent === null
          ? tSurvey('page_of', { current: current?.number ?? 1, total: pages.length })
          : t('progress', { current: current?.number ?? 1, total: pages.length, percent })}
      </p>

      <section aria-labelledby={`${titleId}-pages`}>
        <h3 id={`${titleId}-pages`}>{t('pages')}</h3>
        <ol className={styles.pages}>
          {pages.map((page) => (
            <li key={page.id} data-status={page.status}>
              {page.status === 'completed' ? (
                <button type="button" className={styles.link} onClick={() => go(page.id, null)} dir="auto">
                  {pageName(page)}
                </button>
              ) : (
                <span aria-current={page.status === 'current' ? 'page' : undefined} dir="auto">
                  {pageName(page)}
                </span>
              )}
              <span className={styles.status}>
                {page.status === 'locked' ? <LockMarker /> : null}
                {statusText(page)}
              </span>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby={`${titleId}-search`} role="search">
        <h3 id={`${titleId}-search`}>
          <label htmlFor={searchId}>{t('search')}</label>
        </h3>
        <input
          id={searchId}
          type="search"
          className={styles.search}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          // Escape closes the panel at once, as everywhere in it (a search field would first clear itself).
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.preventDefault();
            close();
          }}
          autoComplete="off"
        />
        <p role="status" className={styles.count}>
          {query.trim() ? t('search_results', { count: results.length }) : ''}
        </p>
        {results.length > 0 ? (
          <ul className={styles.results}>
            {results.map((result) => (
              <li key={`${result.pageId}-${result.questionId ?? 'page'}`}>
                {result.reachable ? (
                  <button
                    type="button"
                    className={styles.link}
                    onClick={() => go(result.pageId, result.questionId)}
                    dir="auto"
                  >
                    {result.label}
                  </button>
                ) : (
                  <span>
                    <bdi>{result.label}</bdi> <span className={styles.status}>{t('result_unreachable')}</span>
                  </span>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section aria-labelledby={`${titleId}-sitemap`}>
        <h3 id={`${titleId}-sitemap`}>{t('sitemap')}</h3>
        <ul className={styles.sitemap}>
          {pages.map((page) => (
            <li key={page.id}>
              <bdi>{pageName(page)}</bdi> <span className={styles.status}>{statusText(page)}</span>
              {page.questions.length > 0 ? (
                <ul>
                  {page.questions.map((question) => (
                    <li key={question.id}>
                      {isReachable(page.status) ? (
                        <button
                          type="button"
                          className={styles.link}
                          onClick={() => go(page.id, question.id)}
                          dir="auto"
                        >
                          {question.title}
                        </button>
                      ) : (
                        <bdi>{question.title}</bdi>
                      )}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={`${titleId}-keys`}>
        <h3 id={`${titleId}-keys`}>{t('keyboard')}</h3>
        <ul className={styles.keys}>
          <li>{t('key_tab')}</li>
          <li>{t('key_next_question')}</li>
          <li>{t('key_choose')}</li>
          <li>{t('key_ranking')}</li>
          <li>{t('key_panel', { shortcut: PANEL_SHORTCUT })}</li>
        </ul>
      </section>
    </>
  );
}

/** The page-locked marker (spec §2): a padlock drawn in the text colour; the status beside it says "locked". */
function LockMarker() {
  return (
    <svg
      className={styles.lockedMarker}
      viewBox="0 0 16 16"
      width="12"
      height="12"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M8 1a3.5 3.5 0 0 0-3.5 3.5V7H4a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1h-.5V4.5A3.5 3.5 0 0 0 8 1Zm2 6H6V4.5a2 2 0 1 1 4 0V7Z"
      />
    </svg>
  );
}
