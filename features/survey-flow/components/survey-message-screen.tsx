import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { withoutPipeTokens } from '@/features/piping/pipe-text';
import { isValidEmail } from '@/lib/email-address';
import { originalLanguage, surveyLanguage } from '@/lib/survey-format/survey-rules';
import type { Survey } from '@/lib/survey-format/survey';
import { resolveText } from '@/lib/survey-format/text';
import { textLangAttribute } from '@/lib/i18n/locales';
import { safeImageUrl } from '@/lib/url';
import { LineBrokenText } from '@/components/text/line-broken-text';
import { MessageScreen } from '@/components/message-screen/message-screen';
import { ContactLine } from './phase-views';
import { SurveyFrame } from './survey-frame';
import styles from './survey.module.css';

type SurveyMessageScreenProps = {
  survey: Survey;
  /** Spec language code of the UI. */
  uiLanguage: string;
  text: string;
  action: ReactNode;
};

/**
 * `/survey-message?survey=<code>`: a survey's message on a page of its own, in the survey's frame, with its logo,
 * title and the author to contact, as the survey screen shows them. Server-rendered; no survey runtime.
 */
export function SurveyMessageScreen({ survey, uiLanguage, text, action }: SurveyMessageScreenProps) {
  const t = useTranslations('survey');
  const textLanguage = surveyLanguage(survey, uiLanguage);
  // A page without a response: the title's pipe tokens read as unanswered.
  const title = survey.title_visible
    ? withoutPipeTokens(resolveText(survey.title, textLanguage, originalLanguage(survey)))
    : '';
  const contact = survey.contact?.email?.trim() ?? '';
  const logoSrc = safeImageUrl(survey.logo_src);
  return (
    <SurveyFrame survey={survey}>
      <main id="main-content" className={styles.box}>
        <div className={styles.inner}>
          {logoSrc || title ? (
            <header className={styles.header}>
              {logoSrc ? (
                <div className={styles.headerTop}>
                  {/* As survey-header.tsx shows it: the owner's logo comes from anywhere, which next/image cannot
                      list. */}
                  {/* eslint-disable-next-line @next/next/no-img-element */}
                  <img className={styles.logo} src={logoSrc} alt={t('logo_alt')} />
                </div>
              ) : null}
              {title ? (
                <h1 className={styles.title} dir="auto" lang={textLangAttribute(textLanguage, uiLanguage)}>
                  <LineBrokenText text={title} />
                </h1>
              ) : null}
            </header>
          ) : null}
          <MessageScreen text={text}>
            {isValidEmail(contact) ? <ContactLine email={contact} /> : null}
            {action}
          </MessageScreen>
        </div>
      </main>
    </SurveyFrame>
  );
}
