'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { type NavPage, PANEL_SHORTCUT } from '../nav-model';
import styles from './a11y-nav.module.css';

const loadContents = () => import('./a11y-nav-contents');

/** Asks for the dialog's contents (a chunk of its own), once the client has taken over. */
export function preloadA11yNavContents(): void {
  void loadContents().catch(() => undefined);
}

/** The dialog's contents; opened before they came, it says it is loading. */
const A11yNavContents = dynamic(() => loadContents().then((module) => module.A11yNavContents), {
  loading: ContentsLoading,
});

function ContentsLoading() {
  return <p role="status">{useTranslations('common')('loading')}</p>;
}

type A11yNavPanelProps = {
  /**
   * The respondent's pages with their status, and the whole-number percentage of their questions answered (`null`
   * without the progress bar). Called only while the panel is open, so typing an answer never rebuilds a sitemap
   * nobody is looking at.
   */
  describe: () => { pages: readonly NavPage[]; percent: number | null };
  /** Moves to a reachable page (and to one of its questions), then the panel closes. */
  onGoTo: (pageId: number, questionId: number | null) => void;
};

/**
 * The accessibility navigation panel (spec §2): the first stop of the survey screen's tab order, and
 * `Alt+Shift+N` from anywhere. Skip links to the questions and to the navigation buttons; in a modal dialog (the
 * browser's own `<dialog>`: focus trapped, Escape closes and gives focus back) the pages with their status and the
 * progress, a search over pages, questions and options, the sitemap and the keyboard help.
 */
export function A11yNavPanel({ describe, onGoTo }: A11yNavPanelProps) {
  const t = useTranslations('a11y');
  const tCommon = useTranslations('common');
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  /** Closed to go somewhere: focus goes there, not back to where it was. */
  const leaving = useRef(false);
  /** What had focus when the panel opened (the button, or a control when the shortcut opened it). */
  const returnTo = useRef<HTMLElement | null>(null);
  // The dialog's content exists only while it is open: a 500-question sitemap costs nothing on the first paint.
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog || dialog.open) return;
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
  }, [open]);

  const go = useCallback(
    (pageId: number, questionId: number | null) => {
      leaving.current = true;
      dialogRef.current?.close();
      onGoTo(pageId, questionId);
    },
    [onGoTo],
  );
  const close = useCallback(() => dialogRef.current?.close(), []);

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
          // Pressed before the client has taken over, it is held and pressed again then (early-answers.ts).
          data-survey-action="pages-panel"
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
            <A11yNavContents titleId={titleId} describe={describe} go={go} close={close} />
          </>
        ) : null}
      </dialog>
    </>
  );
}
