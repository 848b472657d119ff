'use client';

import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { localeForCode, localeTable } from '@/lib/i18n/locales';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { selectorLanguages } from '@/lib/survey-format/survey-rules';
import type { Survey } from '@/lib/survey-format/survey';
import { LineBrokenText } from '@/components/text/line-broken-text';
import styles from './survey.module.css';

type SurveyHeaderProps = {
  survey: Survey;
  title: string;
  /** Whole-number percentage, or null when the progress bar is off. */
  progress: number | null;
  pageNumber: { current: number; total: number } | null;
  lang: string;
};

/** Logo, title, language selector (PLUS and several languages), page number and progress. */
export function SurveyHeader({ survey, title, progress, pageNumber, lang }: SurveyHeaderProps) {
  const t = useTranslations();
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const languages = selectorLanguages(survey, lang).filter((language) => localeForCode(language.code) !== undefined);
  const showSelector = languages.length > 1;

  return (
    <header className={styles.header}>
      <div className={styles.headerTop}>
        {survey.logo_src ? (
          // The owner's logo comes from anywhere; next/image would need every host configured.
          // eslint-disable-next-line @next/next/no-img-element
          <img className={styles.logo} src={survey.logo_src} alt={t('survey.logo_alt')} />
        ) : null}
        {showSelector ? (
          <label>
            <span className="visually-hidden">{t('common.language')}</span>
            <select
              className={styles.languageSelect}
              value={lang}
              onChange={(event) => {
                const locale = localeForCode(event.target.value);
                if (!locale) return;
                const query = searchParams.toString();
                router.replace(`${pathname}${query ? `?${query}` : ''}`, { locale });
              }}
            >
              {languages.map((language) => (
                <option key={language.code} value={language.code}>
                  {localeTable.find((entry) => entry.code === language.code)?.name ?? language.code}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      {survey.title_visible && title ? (
        <h1 className={styles.title}>
          <LineBrokenText text={title} />
        </h1>
      ) : (
        <h1 className="visually-hidden">{title || t('meta.appName')}</h1>
      )}
      {pageNumber ? <p className={styles.pageNumber}>{t('survey.page_of', pageNumber)}</p> : null}
      {progress !== null ? (
        <div className={styles.progress}>
          <div
            className={styles.progressTrack}
            role="progressbar"
            aria-label={t('nav.progress_label')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            aria-valuetext={t('survey.progress', { percent: progress })}
          >
            <div className={styles.progressFill} style={{ width: `${progress}%` }} />
          </div>
          <span aria-hidden="true">{t('survey.progress', { percent: progress })}</span>
        </div>
      ) : null}
    </header>
  );
}
