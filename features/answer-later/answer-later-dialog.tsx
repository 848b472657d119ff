'use client';

import { useTranslations } from 'next-intl';
import { useId, useRef, useState, type FormEvent } from 'react';
import { errorMessageKeys, toApiError, type ErrorKey } from '@/lib/api/errors';
import { isValidEmail } from '@/lib/email-address';
import { forgetRememberedEmail, loadRememberedEmail, saveRememberedEmail } from './remembered-email';
import styles from './answer-later.module.css';

type SendError = { kind: 'invalid' } | { kind: 'api'; key: ErrorKey };

type AnswerLaterProps = {
  /** `share_config.answer_later`; when false nothing is rendered. */
  enabled: boolean;
  /** `share_config.answer_later_remember`: prefill the address remembered on this device and offer to keep it. */
  remember: boolean;
  /**
   * Queues the e-mail with the resume link (`answerLaterEmailBody` + `queueResponseEmail`). Receives the
   * trimmed, valid address; a rejection is shown through `toApiError`, and the dialog stays open for a retry.
   */
  onSend: (email: string) => Promise<void>;
  /** Class of the trigger button, so it can match the survey's other navigation buttons. */
  buttonClassName?: string;
};

/**
 * The "Answer later" button and its modal dialog (spec §2): asks for an e-mail address and has a link to resume
 * the response sent to it. A native `<dialog>` opened with `showModal` gives the focus trap, the inert page,
 * Escape to close and the return of focus to the button, all from the browser.
 */
export function AnswerLater({ enabled, remember, onSend, buttonClassName }: AnswerLaterProps) {
  const t = useTranslations();
  const titleId = useId();
  const descriptionId = useId();
  const inputId = useId();
  const errorId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [email, setEmail] = useState('');
  const [keep, setKeep] = useState(true);
  const [error, setError] = useState<SendError | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (!enabled) return null;

  function openDialog() {
    setError(null);
    setSentTo(null);
    // Read on open, not on render: storage does not exist on the server, and the address may have changed since.
    if (remember && email === '') setEmail(loadRememberedEmail() ?? '');
    dialogRef.current?.showModal();
    // Browsers focus the first field themselves; saying so keeps it true for any that focus the dialog instead.
    inputRef.current?.focus();
  }

  function closeDialog() {
    dialogRef.current?.close();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const address = email.trim();
    if (!isValidEmail(address)) {
      setError({ kind: 'invalid' });
      inputRef.current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await onSend(address);
      // Only an address that was accepted is worth remembering.
      if (remember) {
        if (keep) saveRememberedEmail(address);
        else forgetRememberedEmail();
      }
      setSentTo(address);
      closeDialog();
    } catch (caught) {
      setError({ kind: 'api', key: toApiError(caught).key });
    } finally {
      setBusy(false);
    }
  }

  const invalid = error?.kind === 'invalid';

  return (
    <div className={styles.root}>
      <button
        ref={triggerRef}
        type="button"
        className={buttonClassName ?? styles.trigger}
        aria-haspopup="dialog"
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
        <form className={styles.form} onSubmit={submit} noValidate>
          <h2 id={titleId} className={styles.title}>
            {t('answerLater.title')}
          </h2>
          <p id={descriptionId} className={styles.description}>
            {t('answerLater.description')}
          </p>
          <label htmlFor={inputId} className={styles.label}>
            {t('answerLater.email')}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            name="email"
            type="email"
            autoComplete="email"
            spellCheck={false}
            required
            className={styles.field}
            value={email}
            aria-invalid={invalid}
            aria-describedby={invalid ? errorId : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              if (invalid) setError(null);
            }}
          />
          {remember && (
            <label className={styles.check}>
              <input type="checkbox" checked={keep} onChange={(event) => setKeep(event.target.checked)} />
              {t('answerLater.remember')}
            </label>
          )}
          {error && (
            <p id={errorId} className={styles.error} role="alert">
              {error.kind === 'invalid' ? t('answerLater.invalid_email') : t(errorMessageKeys[error.key])}
            </p>
          )}
          <div className={styles.actions}>
            <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={closeDialog}>
              {t('answerLater.cancel')}
            </button>
            <button type="submit" className={styles.button} disabled={busy}>
              {t('answerLater.send')}
            </button>
          </div>
        </form>
      </dialog>
    </div>
  );
}
