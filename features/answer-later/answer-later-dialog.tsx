'use client';

import { useTranslations } from 'next-intl';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import styles from './answer-later.module.css';

const AnswerLaterForm = lazy(() => import('./answer-later-form'));

type AnswerLaterProps = {
  /** `share_config.answer_later`; when false nothing is rendered. */
  enabled: boolean;
  /** `share_config.answer_later_remember`: prefill the address remembered on this device and offer to keep it. */
  remember: boolean;
  /**
   * Queues the e-mail with the resume link (`answerLaterEmailBody` + `queueResponseEmail`). Receives the
   * trimmed, valid address, and whether it retries a failed send of it (then the same e-mail: its reply may have been
   * lost); a rejection is shown through `toApiError`, and the dialog stays open for a retry.
   */
  onSend: (email: string, retry: boolean) => Promise<void>;
  /** Class of the trigger button, so it can match the survey's other navigation buttons. */
  buttonClassName?: string;
};

/**
 * The "Answer later" button and its modal dialog (spec §2): asks for an e-mail address and has a link to resume
 * the response sent to it. A native `<dialog>` opened with `showModal` gives the focus trap, the inert page,
 * Escape to close and the return of focus to the button, all from the browser. Its form loads on the first opening.
 */
export function AnswerLater({ enabled, remember, onSend, buttonClassName }: AnswerLaterProps) {
  const t = useTranslations();
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [opening, setOpening] = useState(0);
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (!enabled) return null;

  function openDialog() {
    setSentTo(null);
    setOpening((count) => count + 1);
    dialogRef.current?.showModal();
  }

  function closeDialog() {
    dialogRef.current?.close();
  }

  return (
    <div className={styles.root}>
      <button
        ref={triggerRef}
        type="button"
        className={buttonClassName ?? styles.trigger}
        aria-haspopup="dialog"
        // Pressed before the client has taken over, it is held and pressed again then (early-answers.ts).
        data-survey-action="answer-later"
        onClick={openDialog}
      >
        {t('buttons.answer_later')}
      </button>
      {/* Outside the dialog, so the confirmation is still heard after the dialog has closed. */}
      <p className={styles.sent} role="status">
        {sentTo === null ? '' : t('answerLater.sent', { email: sentTo })}
      </p>
      <dialog
        ref={dialogRef}
        className={styles.dialog}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        onClose={() => triggerRef.current?.focus()}
      >
        <div className={styles.form}>
          <h2 id={titleId} className={styles.title}>
            {t('answerLater.title')}
          </h2>
          <p id={descriptionId} className={styles.description}>
            {t('answerLater.description')}
          </p>
          {opening > 0 && (
            <Suspense fallback={<p className={styles.description}>{t('common.loading')}</p>}>
              <AnswerLaterForm
                remember={remember}
                opening={opening}
                onSend={onSend}
                onSent={(email) => {
                  setSentTo(email);
                  closeDialog();
                }}
                onCancel={closeDialog}
              />
            </Suspense>
          )}
        </div>
      </dialog>
    </div>
  );
}
