'use client';

import { useTranslations } from 'next-intl';
import { scoreQuiz } from '@/features/quiz/score-quiz';
import { AnswersSummaryScreen } from '@/features/resume/answers-summary';
import type { Content } from '@/lib/survey-format/content';
import type { Survey } from '@/lib/survey-format/survey';
import type { Text } from '@/lib/survey-format/text';
import type { EndScreenKind } from '@/stores/page-store';
import { LineBrokenText } from '@/components/text/line-broken-text';
import { MessageScreen } from '@/components/message-screen/message-screen';
import styles from './survey.module.css';

type EndScreenProps = {
  screen: EndScreenKind;
  survey: Survey;
  content: Content;
  lang: string;
  text: (value: Text | null | undefined) => string;
  /** The language of what `text` returns when it is not the page's (`lang` of the elements that show it). */
  textLang: string | undefined;
  hiddenWidgetIds: ReadonlySet<number>;
  /** Options logic hides: a quiz key is scored without them. */
  hiddenOptionIds: ReadonlyMap<number, ReadonlySet<number>>;
  /** The pages the respondent passed through: the quiz scores the questions on them. */
  passedPageIds: readonly number[];
  /** The owner's end text (share config `end_template`), shown under the thank-you message or the quiz's score. */
  endText: string;
  /** An upload's file name by the value its answer holds, when this device knows it (the summary's files). */
  uploadName: (value: string) => string | null;
  /** Where the summary (end type RESUME) lets the respondent go on: the owner's `end_url_resume`, checked. */
  continueUrl: string | null;
  onAnswerAgain: (() => void) | null;
};

/** The last screen: thank you (end type PAGE/BACK), the quiz result, or the summary of answers (RESUME). */
export function EndScreen({
  screen,
  survey,
  content,
  lang,
  text,
  textLang,
  hiddenWidgetIds,
  hiddenOptionIds,
  passedPageIds,
  endText,
  uploadName,
  continueUrl,
  onAnswerAgain,
}: EndScreenProps) {
  const t = useTranslations();
  const again = onAnswerAgain ? (
    <button type="button" className={`${styles.button} ${styles.buttonSecondary}`} onClick={onAnswerAgain}>
      {t('survey.new_response')}
    </button>
  ) : null;

  const ownText = endText ? (
    <p lang={textLang}>
      <LineBrokenText text={endText} />
    </p>
  ) : null;

  if (screen === 'quiz') {
    const score = scoreQuiz(survey, content, { hiddenWidgetIds, hiddenOptionIds, passedPageIds });
    return (
      <MessageScreen title={t('survey.quiz_thanks')} text={t('survey.quiz_score', score)}>
        {ownText}
        {again}
      </MessageScreen>
    );
  }

  if (screen === 'summary') {
    return (
      <AnswersSummaryScreen
        survey={survey}
        content={content}
        lang={lang}
        text={text}
        textLang={textLang}
        hiddenWidgetIds={hiddenWidgetIds}
        passedPageIds={passedPageIds}
        uploadName={uploadName}
        continueUrl={continueUrl}
        buttonClassName={`${styles.button} ${styles.mainButton}`}
      >
        {again}
      </AnswersSummaryScreen>
    );
  }

  return (
    <MessageScreen text={t('survey.thank_you')}>
      {ownText}
      {again}
    </MessageScreen>
  );
}
