import type { CSSProperties, ReactNode } from 'react';
import { themeVariables } from '@/features/theme/theme-variables';
import { isValidEmail } from '@/lib/email-address';
import { originalLanguage, surveyLanguage } from '@/lib/survey-format/survey-rules';
import type { Survey } from '@/lib/survey-format/survey';
import { resolveText } from '@/lib/survey-format/text';
import { textLangAttribute } from '@/lib/i18n/locales';
import { LineBrokenText } from '@/components/text/line-broken-text';
import { MessageScreen } from '@/components/message-screen/message-screen';
import { ContactLine } from './phase-views';
import styles from './survey.module.css';

type SurveyMessageScreenProps = {
  survey: Survey;
  /** Spec language code of the UI. */
  uiLanguage: string;
  text: string;
  action: ReactNode;
};

/**
 * `/survey-message?survey=<code>`: a survey's message on a page of its own, in the survey's theme, with its title
 * and the author to contact, as the survey screen shows it. Server-rendered; no survey runtime.
 */
export function SurveyMessageScreen({ survey, uiLanguage, text, action }: SurveyMessageScreenProps) {
  const textLanguage = surveyLanguage(survey, uiLanguage);
  const title = survey.title_visible ? resolveText(survey.title, textLanguage, originalLanguage(survey)) : '';
  const contact = survey.contact?.email?.trim() ?? '';
  return (
    <div className={styles.root} style={themeVariables(survey.theme_obj) as CSSProperties}>
      <main id="main-content" className={styles.box}>
        <div className={styles.inner}>
          {title ? (
            <h1 className={styles.title} dir="auto" lang={textLangAttribute(textLanguage, uiLanguage)}>
              <LineBrokenText text={title} />
            </h1>
          ) : null}
          <MessageScreen text={text}>
            {isValidEmail(contact) ? <ContactLine email={contact} /> : null}
            {action}
          </MessageScreen>
        </div>
      </main>
    </div>
  );
}
