'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessageKeys, toApiError, type ErrorKey } from '@/lib/api/errors';
import { answerLaterFormSchema, type AnswerLaterFormValues } from '@/lib/survey-format/respondent-forms';
import { forgetRememberedEmail, loadRememberedEmail, saveRememberedEmail } from './remembered-email';
import styles from './answer-later.module.css';

export type AnswerLaterFormProps = {
  /** `share_config.answer_later_remember`: prefill the address remembered on this device and offer to keep it. */
  remember: boolean;
  /** Counts the dialog's openings: each one starts without an old error, with the focus in the address field. */
  opening: number;
  /**
   * Queues the e-mail; a rejection is shown through `toApiError`, and the form stays for a retry. `retry`: the same
   * address again in the same opening after a failure, which may have been a lost reply: the same e-mail, not a new one.
   */
  onSend: (email: string, retry: boolean) => Promise<void>;
  /** The address was accepted: the dialog closes and confirms it. */
  onSent: (email: string) => void;
  onCancel: () => void;
};

/**
 * The answer-later dialog's form, in a chunk of its own (react-hook-form and the contract's schema load when the
 * dialog is first opened, not with the survey). The address is checked by `answerLaterFormSchema`, the body of the
 * e-mail queue call it ends in.
 */
export default function AnswerLaterForm({ remember, opening, onSend, onSent, onCancel }: AnswerLaterFormProps) {
  const t = useTranslations();
  const inputId = useId();
  const errorId = useId();
  // Kept with the opening and the address it happened to: a new opening starts without it.
  const [failure, setFailure] = useState<{
    key: ErrorKey;
    opening: number;
    email: string;
    /** Refused because another device finished the response (409): there is nothing left to continue. */
    completed: boolean;
  } | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    setFocus,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<AnswerLaterFormValues>({
    resolver: zodResolver(answerLaterFormSchema),
    defaultValues: { email: '', remember: true },
  });

  useEffect(() => {
    clearErrors();
    // Read on opening, not on render: storage does not exist on the server, and the address may have changed since.
    if (remember && getValues('email') === '') setValue('email', loadRememberedEmail() ?? '');
    setFocus('email');
  }, [opening, remember, clearErrors, getValues, setValue, setFocus]);

  const submit = handleSubmit(async ({ email, remember: keep }) => {
    const retry = failure?.opening === opening && failure.email === email;
    setFailure(null);
    try {
      await onSend(email, retry);
    } catch (caught) {
      const error = toApiError(caught);
      setFailure({ key: error.key, opening, email, completed: error.status === 409 });
      return;
    }
    // Only an address that was accepted is worth remembering.
    if (remember) {
      if (keep) saveRememberedEmail(email);
      else forgetRememberedEmail();
    }
    onSent(email);
  });

  const invalid = errors.email !== undefined;
  const failed = failure?.opening === opening ? failure : null;
  const message = invalid
    ? t('answerLater.invalid_email')
    : failed?.completed
      ? t('survey.already_completed')
      : failed
        ? t(errorMessageKeys[failed.key])
        : null;

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <label htmlFor={inputId} className={styles.label}>
        {t('answerLater.email')}
      </label>
      <input
        id={inputId}
        type="email"
        autoComplete="email"
        spellCheck={false}
        required
        className={styles.field}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        {...register('email')}
      />
      {remember && (
        <label className={styles.check}>
          <input type="checkbox" {...register('remember')} />
          {t('answerLater.remember')}
        </label>
      )}
      {message && (
        <p id={errorId} className={styles.error} role="alert">
          {message}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={onCancel}>
          {t('answerLater.cancel')}
        </button>
        <button type="submit" className={styles.button} disabled={isSubmitting}>
          {t('answerLater.send')}
        </button>
      </div>
    </form>
  );
}
