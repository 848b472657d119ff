'use client';

import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { selectorLanguages } from '@/lib/survey-format/survey-rules';
import type { Survey } from '@/lib/survey-format/survey';
import { safeImageUrl } from '@/lib/url';
import { LineBrokenText } from '@/components/text/line-broken-text';
import styles from './survey.module.css';

const LanguageSelector = dynamic(() => import('./language-selector').then((module) => module.LanguageSelector));

type SurveyHeaderProps = {
  survey: Survey;
  title: string;
  /** The language of the survey's texts when it is not the page's (`lang` of the title). */
  textLang?: string;
  /** Whole-number percentage, or null when the progress bar is off. */
  progress: number | null;
  pageNumber: { current: number; total: number } | null;
  lang: string;
  /** This page's language prefix (`/jp`, none for `es`). */
  languagePrefix: string;
};

/** Logo, title, language selector (PLUS and several languages), page number and progress. */
export function SurveyHeader({
  survey,
  title,
  textLang,
  progress,
  pageNumber,
  lang,
  languagePrefix,
}: SurveyHeaderProps) {
  const t = useTranslations();
  const selectorCodes = selectorLanguages(survey, lang).map((language) => language.code);
  const logoSrc = safeImageUrl(survey.logo_src);

  return (
    <header className={styles.header}>
      <div className={styles.headerTop}>
        {logoSrc ? (
          // The owner's logo comes from anywhere; next/image would need every host configured.
          // eslint-disable-next-line @next/next/no-img-element
          <img className={styles.logo} src={logoSrc} alt={t('survey.logo_alt')} />
        ) : null}
        {selectorCodes.length > 1 ? <LanguageSelector codes={selectorCodes} languagePrefix={languagePrefix} /> : null}
      </div>
      {survey.title_visible && title ? (
        <h1 className={styles.title} lang={textLang}>
          {/* Survey text in another language than the page's is ordered by its own script, aligned as the page. */}
          <span dir={textLang ? 'auto' : undefined}>
            <LineBrokenText text={title} />
          </span>
        </h1>
      ) : (
        <h1 className="visually-hidden" lang={title ? textLang : undefined}>
          {title || t('meta.appName')}
        </h1>
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
