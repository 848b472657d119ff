'use client';

import { useTranslations } from 'next-intl';
import { useMemo, type KeyboardEvent, type ReactNode } from 'react';
import type { LogicState } from '@/features/logic/logic-state';
import { type NavigationContext, questionNumbering, visibleQuestions } from '@/features/logic/navigation';
import { showPendingUntil } from '@/features/take-over/early-answers';
import type { UploadPort } from '@/features/widgets/types';
import { isEmptyAnswer } from '@/lib/survey-format/content';
import type { Survey } from '@/lib/survey-format/survey';
import type { Text } from '@/lib/survey-format/text';
import { usePageStore, useSurveyStore } from '@/stores/survey-stores-provider';
import { firstPageId } from '../flow/first-page';
import type { FlowController } from '../flow/flow-controller';
import { pageNumberOf, type SurveyPath } from '../flow/nav-pages';
import { advancesByItself } from '@/lib/survey-format/widget-kinds';
import { LineBrokenText } from '@/components/text/line-broken-text';
import { KindWarmUp } from './kind-warm-up';
import { QuestionView } from './question-view';
import styles from './survey.module.css';

const EMPTY_SET: ReadonlySet<number> = new Set();

type AnsweringViewProps = {
  survey: Survey;
  controller: FlowController;
  logicState: LogicState;
  context: NavigationContext;
  autoFlow: boolean;
  text: (value: Text | null | undefined) => string;
  /** The language of what `text` returns when it is not the page's (`lang` of the elements that show it). */
  textLang: string | undefined;
  shuffleSeed: string;
  rtl: boolean;
  /** The widgets' `mobile` (widgets/types.ts): `null` while the width is not known. */
  mobile: boolean | null;
  uploads: (widgetId: number) => UploadPort | undefined;
  /** The answer-later button, beside Next. */
  answerLater: ReactNode;
  /** The respondent's pages as the answers stand (`surveyPath`): the page counter, the last page, Back. */
  path: SurveyPath | null;
  /** The client has taken over: the kinds of question ahead may be rendered once out of view (`KindWarmUp`). */
  warmUp: boolean;
};

/**
 * The page being answered: its questions in a form, and the navigation under it (review, back, answer later,
 * next or finish). The form and its buttons work before the client takes over: the inline script holds a press
 * back (never a native submission), and the flow carries it out once the client has (`data-survey-action`).
 * `method="post"` keeps answers out of the URL even where no script runs at all.
 */
export function AnsweringView(props: AnsweringViewProps) {
  const { survey, controller, logicState, context, text } = props;
  const t = useTranslations();
  const content = useSurveyStore((state) => state.responses);
  const currentPageId = usePageStore((state) => state.currentPageId);
  const history = usePageStore((state) => state.history);
  const errors = usePageStore((state) => state.errors);
  const review = usePageStore((state) => state.review);

  const page = useMemo(() => {
    const id = currentPageId ?? firstPageId(survey, content, context);
    return survey.pages.find((candidate) => candidate.id === id) ?? null;
  }, [content, context, currentPageId, survey]);
  const pageWidgets = page ? page.widgets.filter((widget) => !logicState.hiddenWidgetIds.has(widget.id)) : [];
  const questions = page ? visibleQuestions(page, logicState) : [];
  const nextQuestionIds = new Map(questions.slice(1).map((next, index) => [questions[index]!.id, next.id]));
  const path = page ? [...history, page.id] : [...history];
  const numbers = survey.config.number_questions ? questionNumbering(survey, path, logicState) : null;
  const isLast = props.path === null || props.path.ahead.length === 0;
  // Back leads to a page passed that can still be shown: none, and there is nothing to go back to.
  const canGoBack = !survey.config.hide_back_button && (props.path?.passed.length ?? 0) > 0;
  const pageTitle = page ? text(page.title) : '';

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    // Shift+Enter: the next question (spec §2).
    if (event.key !== 'Enter' || !event.shiftKey) return;
    const section = (event.target as HTMLElement).closest<HTMLElement>('[data-widget-id]');
    event.preventDefault();
    controller.nextQuestion(section?.dataset.widgetId ? Number(section.dataset.widgetId) : null);
  }

  return (
    <>
      <form
        id="survey-form"
        method="post"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          showPendingUntil('next', controller.next());
        }}
        onKeyDown={onKeyDown}
        data-page-id={page?.id}
      >
        <h2
          id="survey-page-heading"
          className={pageTitle ? styles.pageTitle : 'visually-hidden'}
          tabIndex={-1}
          lang={pageTitle ? props.textLang : undefined}
        >
          {pageTitle ? (
            <LineBrokenText text={pageTitle} />
          ) : (
            t('survey.page_of', props.path ? pageNumberOf(props.path) : { current: 1, total: 1 })
          )}
        </h2>
        <div className={styles.questions}>
          {pageWidgets.map((widget) => (
            <QuestionView
              key={widget.id}
              widget={widget}
              number={numbers?.get(widget.id)}
              value={content[String(widget.id)] ?? []}
              error={errors[String(widget.id)]}
              onAnswer={controller.answer}
              onAnswered={controller.answered}
              nextQuestionId={
                props.autoFlow && !advancesByItself(widget.subtype) ? nextQuestionIds.get(widget.id) : undefined
              }
              nextQuestionShown={!isEmptyAnswer(content[String(widget.id)])}
              onNextQuestion={controller.nextQuestion}
              text={text}
              textLang={props.textLang}
              hiddenItemIds={logicState.hiddenOptionIds.get(widget.id) ?? EMPTY_SET}
              shuffleSeed={props.shuffleSeed}
              rtl={props.rtl}
              mobile={props.mobile}
              matrixSplit={survey.theme_obj.matrix_split}
              questionStyle={survey.theme_obj.question_style}
              uploads={props.uploads(widget.id)}
              disabled={false}
            />
          ))}
        </div>
      </form>
      {/* The buttons sit outside the form (Next submits it through `form`), so the answer-later dialog's own
          form is never nested in the page's. */}
      {review ? (
        <div className={styles.review} role="alert">
          <p>{t('validation.errors_summary', { count: review.questionCount })}</p>
          <button id="survey-review" type="button" className={styles.button} onClick={controller.goToReview}>
            {t('buttons.review')}
          </button>
        </div>
      ) : null}
      <div className={styles.nav}>
        <div className={styles.navGroup}>
          {canGoBack ? (
            <button
              type="button"
              className={`${styles.button} ${styles.buttonSecondary} ${styles.backButton}`}
              data-survey-action="back"
              onClick={controller.back}
            >
              {t('buttons.back')}
              <span className={styles.pendingLabel}>{` ${t('common.pleaseWait')}`}</span>
            </button>
          ) : null}
        </div>
        <div className={styles.navGroup}>
          {props.answerLater}
          <button
            id="survey-next"
            type="submit"
            form="survey-form"
            className={`${styles.button} ${styles.mainButton}`}
            data-survey-action="next"
          >
            {isLast ? t('buttons.finish') : t('buttons.next')}
            <span className={styles.pendingLabel}>{` ${t('common.pleaseWait')}`}</span>
          </button>
        </div>
      </div>
      {props.warmUp ? (
        <KindWarmUp
          survey={survey}
          pageId={page?.id ?? null}
          hiddenPageIds={logicState.hiddenPageIds}
          shuffleSeed={props.shuffleSeed}
          rtl={props.rtl}
          mobile={props.mobile}
          matrixSplit={survey.theme_obj.matrix_split}
          questionStyle={survey.theme_obj.question_style}
        />
      ) : null}
    </>
  );
}
