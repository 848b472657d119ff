'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { isReachable, type NavPage, type NavPageStatus, searchNav } from '../nav-model';
import styles from './a11y-nav.module.css';

/** The documented shortcut that opens the panel from anywhere on the survey screen. */
export const PANEL_SHORTCUT = 'Alt+Shift+N';

type A11yNavPanelProps = {
  /**
   * The visible pages with their status, and the whole-number percentage of visible questions answered. Called only
   * while the panel is open, so typing an answer never rebuilds a sitemap nobody is looking at.
   */
  describe: () => { pages: readonly NavPage[]; percent: number };
  /** Moves to a reachable page (and to one of its questions), then the panel closes. */
  onGoTo: (pageId: number, questionId: number | null) => void;
};

/**
 * The accessibility navigation panel (spec §2): the first stop of the survey screen's tab order, and
 * `Alt+Shift+N` from anywhere. Skip links to the questions and to the navigation buttons; in a modal dialog (the
 * browser's own `<dialog>`: focus trapped, Escape closes and gives focus back) the pages with their status and the
 * progress, a search over pages, questions and options, the sitemap and the keyboard help.
 */
/** Each page status's words (`a11y` namespace), spelled out so that every key is checked against the messages. */
const statusMessageKeys = {
  current: 'status_current',
  completed: 'status_completed',
  locked: 'status_locked',
  future: 'status_future',
} as const satisfies Record<NavPageStatus, string>;

export function A11yNavPanel({ describe, onGoTo }: A11yNavPanelProps) {
  const t = useTranslations('a11y');
  const tCommon = useTranslations('common');
  const titleId = useId();
  const searchId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  /** Closed to go somewhere: focus goes there, not back to where it was. */
  const leaving = useRef(false);
  /** What had focus when the panel opened (the button, or a control when the shortcut opened it). */
  const returnTo = useRef<HTMLElement | null>(null);
  // The dialog's content exists only while it is open: a 500-question sitemap costs nothing on the first paint.
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const { pages, percent } = useMemo(() => (open ? describe() : { pages: [], percent: 0 }), [open, describe]);
  const results = useMemo(() => searchNav(pages, query), [pages, query]);
  const current = pages.find((page) => page.status === 'current');

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog || dialog.open) return;
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
  }, [open]);

  function go(pageId: number, questionId: number | null) {
    leaving.current = true;
    dialogRef.current?.close();
    onGoTo(pageId, questionId);
  }

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyN') {
        event.preventDefault();
        setOpen(true);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const pageName = (page: NavPage) => page.title || t('page_untitled', { number: page.number });
  const statusText = (page: NavPage) => t(statusMessageKeys[page.status]);

  return (
    <>
      <nav aria-label={t('landmark')} className={styles.bar}>
        <a href="#survey-page-heading" className={styles.skip}>
          {t('skip_questions')}
        </a>
        <a href="#survey-next" className={styles.skip}>
          {t('skip_buttons')}
        </a>
        <button
          ref={triggerRef}
          type="button"
          className={styles.trigger}
          aria-haspopup="dialog"
          aria-keyshortcuts={PANEL_SHORTCUT}
          onClick={() => setOpen(true)}
        >
          {t('open')}
        </button>
      </nav>
      <dialog
        ref={dialogRef}
        className={styles.dialog}
        aria-labelledby={titleId}
        onClose={() => {
          setOpen(false);
          setQuery('');
          if (!leaving.current) (returnTo.current?.isConnected ? returnTo.current : triggerRef.current)?.focus();
          leaving.current = false;
        }}
      >
        {open ? (
          <>
            <div className={styles.head}>
              <h2 id={titleId}>{t('open')}</h2>
              <button type="button" className={styles.close} onClick={() => dialogRef.current?.close()}>
                {tCommon('close')}
              </button>
            </div>
            <p className={styles.progress}>
              {t('progress', { current: current?.number ?? 1, total: pages.length, percent })}
            </p>

            <section aria-labelledby={`${titleId}-pages`}>
              <h3 id={`${titleId}-pages`}>{t('pages')}</h3>
              <ol className={styles.pages}>
                {pages.map((page) => (
                  <li key={page.id} data-status={page.status}>
                    {page.status === 'completed' ? (
                      <button type="button" className={styles.link} onClick={() => go(page.id, null)}>
                        {pageName(page)}
                      </button>
                    ) : (
                      <span aria-current={page.status === 'current' ? 'page' : undefined}>{pageName(page)}</span>
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
                  dialogRef.current?.close();
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
                        >
                          {result.label}
                        </button>
                      ) : (
                        <span>
                          {result.label} <span className={styles.status}>{t('result_unreachable')}</span>
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
                    {pageName(page)} <span className={styles.status}>{statusText(page)}</span>
                    {page.questions.length > 0 ? (
                      <ul>
                        {page.questions.map((question) => (
                          <li key={question.id}>
                            {isReachable(page.status) ? (
                              <button type="button" className={styles.link} onClick={() => go(page.id, question.id)}>
                                {question.title}
                              </button>
                            ) : (
                              question.title
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
        ) : null}
      </dialog>
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
