'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { errorMessageKeys, toApiError, type ErrorKey } from '@/lib/api/errors';
import { useAuthorizationStore } from '@/stores/survey-stores-provider';
import styles from './password-gate.module.css';

type GateError = { kind: 'required' } | { kind: 'denied' } | { kind: 'api'; key: ErrorKey };

type PasswordGateProps = {
  /** Checks the password with the server; resolves `false` for a wrong one, throws an API error otherwise. */
  onSubmit: (password: string) => Promise<boolean>;
};

/** Spec §2/§4: a password field and an access button, in front of a protected survey. */
export function PasswordGate({ onSubmit }: PasswordGateProps) {
  const t = useTranslations();
  const inputId = useId();
  const errorId = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<GateError | null>(null);
  const [busy, setBusy] = useState(false);
  const wrongPassword = useAuthorizationStore((state) => state.error);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password.trim() === '') {
      setError({ kind: 'required' });
      return;
    }
    setBusy(true);
    try {
      const valid = await onSubmit(password);
      setError(valid ? null : { kind: 'denied' });
    } catch (caught) {
      setError({ kind: 'api', key: toApiError(caught).key });
    } finally {
      setBusy(false);
    }
  }

  const message =
    error?.kind === 'required'
      ? t('password.required')
      : error?.kind === 'denied' || (wrongPassword && !error)
        ? t('survey.access_denied')
        : error?.kind === 'api'
          ? t(errorMessageKeys[error.key])
          : null;

  return (
    <form className={styles.gate} onSubmit={submit} noValidate aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className={styles.title}>
        {t('password.title')}
      </h2>
      <label htmlFor={inputId}>{t('password.label')}</label>
      <input
        id={inputId}
        className={styles.field}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        aria-invalid={message !== null}
        aria-describedby={message ? errorId : undefined}
        required
      />
      <div aria-live="assertive">
        {message ? (
          <p className={styles.error} id={errorId} role="alert">
            {message}
          </p>
        ) : null}
      </div>
      <button className={styles.button} type="submit" disabled={busy}>
        {t('buttons.access')}
      </button>
    </form>
  );
}
