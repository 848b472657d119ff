'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { MessageScreen } from '@/components/message-screen/message-screen';
import { LineBrokenText } from '@/components/text/line-broken-text';
import { answerText } from '@/lib/survey-format/answer-text';
import type { Content } from '@/lib/survey-format/content';
import { originalLanguage } from '@/lib/survey-format/survey-rules';
import type { Survey } from '@/lib/survey-format/survey';
import type { Text } from '@/lib/survey-format/text';
import { isQuestionSubtype, storesFiles } from '@/lib/survey-format/widget-kinds';
import styles from './resume.module.css';

type AnswersSummaryProps = {
  survey: Survey;
  content: Content;
  lang: string;
  text: (value: Text | null | undefined) => string;
  /** The language of the survey's texts when it is not the page's (`lang` of the titles and answers). */
  textLang: string | undefined;
  hiddenWidgetIds: ReadonlySet<number>;
  /** The pages the respondent passed through, when known: a page a jump skipped is not in the summary. */
  passedPageIds?: readonly number[];
  /** An upload's file name by the value its answer holds, when this device knows it. */
  uploadName?: (value: string) => string | null;
};

/**
 * The thank-you screen of end type RESUME, at the end of the survey and on the resume page: the summary, then the
 * owner's `end_url_resume` (already checked) to go on, then what the caller adds.
 */
export function AnswersSummaryScreen({
  continueUrl,
  buttonClassName,
  children,
  ...summary
}: AnswersSummaryProps & { continueUrl: string | null; buttonClassName: string; children?: ReactNode }) {
  const t = useTranslations();
  return (
    <MessageScreen title={t('survey.thank_you')} text={t('survey.summary_title')}>
      <AnswersSummary {...summary} />
      {continueUrl || children ? (
        <div className={styles.actions}>
          {continueUrl ? (
            <a className={buttonClassName} href={continueUrl}>
              {t('buttons.continue')}
            </a>
          ) : null}
          {children}
        </div>
      ) : null}
    </MessageScreen>
  );
}

/** The summary of answers (end type RESUME): each question the respondent met, with the answer in words. */
function AnswersSummary({
  survey,
  content,
  lang,
  text,
  textLang,
  hiddenWidgetIds,
  passedPageIds,
  uploadName,
}: AnswersSummaryProps) {
  const t = useTranslations();
  const language = { lang, originalLang: originalLanguage(survey) };
  const pages = passedPageIds ? survey.pages.filter((page) => passedPageIds.includes(page.id)) : survey.pages;
  /**
   * A signature is said to be given; files by their names where this device knows them, else by their number (a
   * response resumed elsewhere): never by the ids the answer stores, which mean nothing to a person.
   */
  const filesText = (subtype: string, answer: readonly string[]): string => {
    const given = answer.map((value) => value.trim()).filter((value) => value !== '');
    if (given.length === 0) return '';
    if (subtype === 'other_signature') return t('widgets.signature_saved');
    const names = given.flatMap((value) => uploadName?.(value) ?? []).filter((name) => name.trim() !== '');
    const unnamed = given.length - names.length;
    return [...names, ...(unnamed > 0 ? [t('survey.summary_files', { count: unnamed })] : [])].join(', ');
  };
  const questions = pages.flatMap((page) =>
    page.widgets.filter((widget) => isQuestionSubtype(widget.subtype) && !hiddenWidgetIds.has(widget.id)),
  );
  return (
    <dl className={styles.summary} data-testid="answer-summary">
      {questions.map((widget) => {
        // An option's label is owner text: its tokens piped as the survey showed them (`text`); typed answers never.
        const answer = content[String(widget.id)] ?? [];
        // Files are told in the page's words and their own names, never in the survey's language.
        const files = storesFiles(widget.subtype);
        const shown = files
          ? filesText(widget.subtype, answer)
          : answerText(widget, answer, { language, style: 'display', label: text });
        return (
          <div key={widget.id}>
            <dt lang={textLang}>
              <LineBrokenText text={text(widget.title)} />
            </dt>
            <dd lang={shown && !files ? textLang : undefined}>{shown || t('survey.summary_empty')}</dd>
          </div>
        );
      })}
    </dl>
  );
}
