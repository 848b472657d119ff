import { getTranslations } from 'next-intl/server';
import { localizedPath, type Locale } from '@/lib/i18n/locales';
import styles from './home.module.css';

/** What was wrong with the code the form sent: nothing typed, or characters a survey code cannot have. */
type SurveyCodeError = 'required' | 'invalid';

const ERROR_ID = 'survey-code-error';

/**
 * A plain GET form to `/survey?code=…`, which redirects to the survey: it works before (and without) JavaScript.
 * The server checks the code, not the browser, so that the message is ours and in the page's language (a browser's
 * own is in the browser's); `/survey` renders the form again with the message, the code typed and the focus.
 */
export async function OpenSurveyForm({
  locale,
  error,
  code,
}: {
  locale: Locale;
  error?: SurveyCodeError;
  code?: string;
}) {
  const t = await getTranslations({ locale, namespace: 'home' });
  return (
    <form className={styles.form} action={localizedPath(locale, '/survey')} method="get" noValidate>
      <label className={styles.label} htmlFor="survey-code">
        {t('codeLabel')}
      </label>
      {/* Between the label and the field, as GOV.UK places it: next to the field at every width (on a phone the
          button wraps below the field, and a message after it would stand apart from what it is about). */}
      {error && (
        <p id={ERROR_ID} className={styles.error}>
          {t(error === 'required' ? 'codeRequired' : 'codeInvalid')}
        </p>
      )}
      <div className={styles.row}>
        <input
          id="survey-code"
          className={styles.input}
          name="code"
          required
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          defaultValue={code}
          placeholder={t('codePlaceholder')}
          autoFocus={error !== undefined}
          aria-invalid={error !== undefined || undefined}
          aria-describedby={error ? ERROR_ID : undefined}
        />
        <button className={styles.button} type="submit">
          {t('open')}
        </button>
      </div>
    </form>
  );
}
