'use client';

import { useLocale, useTranslations } from 'next-intl';
import { memo } from 'react';
import type { UploadPort } from '@/features/widgets/types';
import type { Text } from '@/lib/survey-format/text';
import type { QuestionStyle } from '@/lib/survey-format/theme';
import { isQuestionSubtype } from '@/lib/survey-format/widget-kinds';
import type { Widget } from '@/lib/survey-format/widget';
import { validationMessageKeys, type ValidationIssue } from '@/features/validation/validation-issue';
import type { WidgetError } from '@/stores/page-store';
import { blockWidgets, questionWidgets } from '../widget-registry';
import { LineBrokenText } from '@/components/text/line-broken-text';
import { localDigits } from '@/lib/i18n/digits';
import styles from './survey.module.css';

const styleClass: Record<QuestionStyle, string | undefined> = {
  standard: styles.styleStandard,
  simple: styles.styleSimple,
  highlight: styles.styleHighlight,
  modern: styles.styleModern,
};

type QuestionViewProps = {
  widget: Widget;
  number: number | undefined;
  value: string[];
  error: WidgetError | undefined;
  onAnswer: (widgetId: number, answer: string[]) => void;
  onAnswered: (widgetId: number) => void;
  /** The question a "Next question" link under this one leads to (spec §2), when one belongs here. */
  nextQuestionId?: number;
  /**
   * The link is shown once the question is answered. Until then it is in the page hidden, so that an answer given
   * before the client takes over can show it at once (early-answers.ts) rather than at the take-over, when it would
   * move what is under the question while the respondent is about to tap it.
   */
  nextQuestionShown?: boolean;
  /** Moves on from `widgetId` to the question after it. */
  onNextQuestion: (widgetId: number) => void;
  text: (value: Text | null | undefined) => string;
  /** The language of what `text` returns when it is not the page's (`lang` of the elements that show it). */
  textLang: string | undefined;
  hiddenItemIds: ReadonlySet<number> | undefined;
  shuffleSeed: string;
  rtl: boolean;
  /** The widgets' `mobile` (widgets/types.ts): `null` while the width is not known. */
  mobile: boolean | null;
  /** `theme.matrix_split`: option matrices in one block per row at every screen size. */
  matrixSplit: boolean;
  questionStyle: QuestionStyle;
  uploads: UploadPort | undefined;
  disabled: boolean;
};

/** One question: its number, title, required mark, description, widget and error, all tied together for AT. */
export const QuestionView = memo(function QuestionView({
  widget,
  number,
  value,
  error,
  onAnswer,
  onAnswered,
  nextQuestionId,
  nextQuestionShown = false,
  onNextQuestion,
  text,
  textLang,
  hiddenItemIds,
  shuffleSeed,
  rtl,
  mobile,
  matrixSplit,
  questionStyle,
  uploads,
  disabled,
}: QuestionViewProps) {
  const t = useTranslations();
  const locale = useLocale();
  const titleId = `q${widget.id}-title`;
  const errorId = `q${widget.id}-error`;
  const descriptionId = `q${widget.id}-description`;

  if (!isQuestionSubtype(widget.subtype)) {
    const Block = blockWidgets[widget.subtype];
    return (
      <div className={styles.question} data-widget-id={widget.id}>
        <Block widget={widget} text={text} textLang={textLang} />
      </div>
    );
  }

  const Widget = questionWidgets[widget.subtype];
  const description = text(widget.description);
  const invalid = error !== undefined;
  // The description is read with the controls (an instruction such as "Choose between 1 and 3"), then the error.
  const describedBy = [description ? descriptionId : '', invalid ? errorId : ''].filter(Boolean).join(' ');
  return (
    <section
      className={[styles.question, styleClass[questionStyle], invalid ? styles.questionInvalid : ''].join(' ')}
      aria-labelledby={titleId}
      data-widget-id={widget.id}
      id={`question-${widget.id}`}
      tabIndex={-1}
    >
      <h2 className={styles.questionTitle} id={titleId}>
        {number !== undefined ? (
          // Isolated left to right, so "12." never reads ".12" in a right-to-left language.
          <span className={styles.questionNumber} dir="ltr">
            {localDigits(`${number}.`, locale)}
          </span>
        ) : null}
        <span>
          <span lang={textLang} dir={textLang ? 'auto' : undefined}>
            <LineBrokenText text={text(widget.title)} />
          </span>
          {widget.required ? (
            <>
              <span className={styles.required} aria-hidden="true">
                {' *'}
              </span>
              <span className="visually-hidden">{` (${t('common.requiredMark')})`}</span>
            </>
          ) : null}
        </span>
      </h2>
      {description ? (
        <p className={styles.description} id={descriptionId} lang={textLang}>
          <span dir={textLang ? 'auto' : undefined}>
            <LineBrokenText text={description} />
          </span>
        </p>
      ) : null}
      <div className={styles.answer}>
        <Widget
          widget={widget}
          value={value}
          onChange={(next) => onAnswer(widget.id, next)}
          onAnswered={() => onAnswered(widget.id)}
          text={text}
          textLang={textLang}
          labelId={titleId}
          describedBy={describedBy || undefined}
          invalid={invalid}
          invalidCells={error?.cells}
          disabled={disabled}
          hiddenItemIds={hiddenItemIds}
          shuffleSeed={`${shuffleSeed}:${widget.id}`}
          rtl={rtl}
          mobile={mobile}
          matrixSplit={matrixSplit}
          uploads={uploads}
        />
      </div>
      {nextQuestionId !== undefined ? (
        // The inline script may show it before hydration (nextQuestionShown): React keeps what it finds, as wanted.
        <div className={styles.nextQuestion} hidden={!nextQuestionShown} data-next-question="" suppressHydrationWarning>
          {/* A link: it moves within the page, and it works before the JavaScript arrives. In the tab order like
              every visible control: a keyboard user reaches it after the answer (Shift+Enter does the same). */}
          <a
            href={`#question-${nextQuestionId}`}
            className={styles.linkButton}
            onClick={(event) => {
              event.preventDefault();
              onNextQuestion(widget.id);
            }}
          >
            {t('buttons.next_question')}
          </a>
        </div>
      ) : null}
      <div aria-live="polite">
        {error ? (
          <p className={styles.error} id={errorId}>
            <span aria-hidden="true">⚠</span>
            {/* The flow sets a question's error from its validation issue (flow-controller.ts). */}
            {t(validationMessageKeys[(error as ValidationIssue).key], error.values)}
          </p>
        ) : null}
      </div>
    </section>
  );
});
