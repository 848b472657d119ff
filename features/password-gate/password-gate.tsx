'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessageKeys, toApiError, type ErrorKey } from '@/lib/api/errors';
import { passwordFormSchema, type PasswordFormValues } from '@/lib/survey-format/respondent-forms';
import styles from './password-gate.module.css';

/** What the server said of the last password sent. */
type GateOutcome = { kind: 'denied' } | { kind: 'api'; key: ErrorKey };

type PasswordGateProps = {
  /** Checks the password with the server; resolves `false` for a wrong one, throws an API error otherwise. */
  onSubmit: (password: string) => Promise<boolean>;
  /** The last password checked in this tab was wrong (the authorization store's error flag, spec §4). */
  refused: boolean;
};

/**
 * Spec §2/§4: a password field and an access button, in front of a protected survey. The field is uncontrolled
 * (react-hook-form reads it on submit), so what is typed before the client takes over is kept; an Enter pressed
 * then is held by the survey screen's inline script (`data-early-action`) and submitted again once it has.
 */
export function PasswordGate({ onSubmit, refused }: PasswordGateProps) {
  const t = useTranslations();
  const inputId = useId();
  const errorId = useId();
  const [outcome, setOutcome] = useState<GateOutcome | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PasswordFormValues>({ resolver: zodResolver(passwordFormSchema) });

  const submit = handleSubmit(async ({ password }) => {
    try {
      const valid = await onSubmit(password);
      setOutcome(valid ? null : { kind: 'denied' });
    } catch (caught) {
      setOutcome({ kind: 'api', key: toApiError(caught).key });
    }
  });

  const message = errors.password
    ? t('password.required')
    : outcome?.kind === 'denied' || (refused && !outcome)
      ? t('survey.access_denied')
      : outcome?.kind === 'api'
        ? t(errorMessageKeys[outcome.key])
        : null;

  return (
    <form
      className={styles.gate}
      // Without JavaScript (or before the take-over, should the held submit fail) the browser sends the form itself:
      // a post keeps the password out of the URL, its history and the URL parameters a response records.
      method="post"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${inputId}-title`}
      data-early-action="access"
    >
      <h2 id={`${inputId}-title`} className={styles.title}>
        {t('password.title')}
      </h2>
      <label htmlFor={inputId}>{t('password.label')}</label>
      <input
        id={inputId}
        className={styles.field}
        type="password"
        autoComplete="current-password"
        aria-invalid={message !== null}
        aria-describedby={message ? errorId : undefined}
        required
        {...register('password')}
      />
      <div aria-live="assertive">
        {message ? (
          <p className={styles.error} id={errorId} role="alert">
            {message}
          </p>
        ) : null}
      </div>
      <button className={styles.button} type="submit" disabled={isSubmitting}>
        {t('buttons.access')}
      </button>
    </form>
  );
}
