'use client';

import { useTranslations } from 'next-intl';
import { LineBrokenText } from '@/components/text/line-broken-text';
import { answerText } from '@/lib/survey-format/answer-text';
import type { Content } from '@/lib/survey-format/content';
import { originalLanguage } from '@/lib/survey-format/survey-rules';
import type { Survey } from '@/lib/survey-format/survey';
import type { Text } from '@/lib/survey-format/text';
import { isQuestionSubtype } from '@/lib/survey-format/widget-kinds';
import styles from './resume.module.css';

/** The summary of answers (end type RESUME): each question the respondent met, with the answer in words. */
export function AnswersSummary({
  survey,
  content,
  lang,
  text,
  hiddenWidgetIds,
}: {
  survey: Survey;
  content: Content;
  lang: string;
  text: (value: Text | null | undefined) => string;
  hiddenWidgetIds: ReadonlySet<number>;
}) {
  const t = useTranslations('survey');
  const language = { lang, originalLang: originalLanguage(survey) };
  const questions = survey.pages.flatMap((page) =>
    page.widgets.filter((widget) => isQuestionSubtype(widget.subtype) && !hiddenWidgetIds.has(widget.id)),
  );
  return (
    <dl className={styles.summary} data-testid="answer-summary">
      {questions.map((widget) => {
        const shown = answerText(widget, content[String(widget.id)] ?? [], { language, style: 'display' });
        return (
          <div key={widget.id}>
            <dt>
              <LineBrokenText text={text(widget.title)} />
            </dt>
            <dd>{shown || t('summary_empty')}</dd>
          </div>
        );
      })}
    </dl>
  );
}
