import { getTranslations } from 'next-intl/server';
import { localizedPath, type Locale } from '@/lib/i18n/locales';
import styles from './home.module.css';

/**
 * A plain GET form to `/survey?code=…`, which redirects to the survey: it works before (and without)
 * JavaScript. The pattern gives the browser's own validation message a hint in our words.
 */
export async function OpenSurveyForm({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'home' });
  return (
    <form className={styles.form} action={localizedPath(locale, '/survey')} method="get">
      <label className={styles.label} htmlFor="survey-code">
        {t('codeLabel')}
      </label>
      <div className={styles.row}>
        <input
          id="survey-code"
          className={styles.input}
          name="code"
          required
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          pattern="[A-Za-z0-9_\-]{1,64}"
          title={t('codeInvalid')}
          placeholder={t('codePlaceholder')}
        />
        <button className={styles.button} type="submit">
          {t('open')}
        </button>
      </div>
    </form>
  );
}
