'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { A11yNavPanel, preloadA11yNavContents } from '@/features/a11y-nav/components/a11y-nav-panel';
import { AnswerLater } from '@/features/answer-later/answer-later-dialog';
import { answerLaterEmailBody } from '@/features/answer-later/answer-later-email';
import { resumeLink } from '@/features/resume/resume-link';
import { evaluateLogic } from '@/features/logic/logic-state';
import { reachableContent } from '@/features/logic/navigation';
import { pipeOwnerUrl, pipeText, type PipeContext } from '@/features/piping/pipe-text';
import { useResponseSession, useSurveyApi } from '@/features/response-sync/hooks/use-response-session';
import { keepSeed } from '@/features/response-sync/respondent-cookies';
import { randomKey } from '@/features/response-sync/random-key';
import { surveyWordsPath, usePageWords } from '@/features/page-words/use-page-words';
import { pageBackground } from '@/features/theme/page-background';
import { useTakeOver } from '@/features/take-over/use-take-over';
import { timerDeadline } from '@/features/timer/timer-deadline';
import { loadPageChecks } from '@/features/validation/page-checks';
import type { UploadPort } from '@/features/widgets/types';
import { errorMessageKeys } from '@/lib/api/errors';
import { isValidEmail } from '@/lib/email-address';
import { effectiveShareConfig, hasTimer, originalLanguage, surveyLanguage } from '@/lib/survey-format/survey-rules';
import type { Survey } from '@/lib/survey-format/survey';
import { withPageWords } from '@/lib/survey-format/survey-outline';
import { resolveText, type Text } from '@/lib/survey-format/text';
import { storesFiles } from '@/lib/survey-format/widget-kinds';
import type { DeviceType } from '@/lib/survey-format/theme';
import { safeRedirectUrl } from '@/lib/url';
import { responseCreated } from '@/stores/survey-store';
import {
  useAuthorizationStore,
  useGlobalStore,
  usePageStore,
  useSurveyStore,
  useSurveyStores,
} from '@/stores/survey-stores-provider';
import { followsCloseType } from '../survey-phase';
import { firstPageId } from '../flow/first-page';
import { answeredPercent, navPages, pageNumberOf, pathPageIds, surveyPath } from '../flow/nav-pages';
import { subtypesAhead } from '../flow/pages-ahead';
import { respondentOrder } from '../flow/respondent-order';
import { useFlowController } from '../hooks/use-flow-controller';
import { useIsMobile } from '../hooks/use-is-mobile';
import { preloadWidgets, WidgetMountedContext } from '../widget-registry';
import { AnsweringView } from './answering-view';
import {
  ClosedView,
  ErrorView,
  FinishingView,
  LeavingView,
  LoadingPageView,
  RestoringView,
  WriterElsewhereView,
} from './phase-views';
import { StatusBanner } from './status-banner';
import { SurveyHeader } from './survey-header';
import styles from './survey.module.css';

/**
 * The gate's form (react-hook-form and the contract's schema) in a chunk of its own, which only a protected survey
 * loads; server-rendered all the same, its chunk named in the HTML's head.
 */
const PasswordGate = dynamic(() =>
  import('@/features/password-gate/password-gate').then((module) => module.PasswordGate),
);

/**
 * The end screens, which follow the finishing screen, in a chunk of their own asked for once the client has taken
 * over (`preloadSurvey`). The timer, in its own chunk too, renders its place wherever a timed survey is answered, from
 * the server's HTML on: its `import()` is written in `dynamic()`, so that Next's loadable manifest knows the chunk and
 * the page's head names its stylesheet and script.
 */
const loadEndScreen = () => import('./end-screen');
const EndScreen = dynamic(() => loadEndScreen().then((module) => module.EndScreen));
const SurveyTimer = dynamic(() => import('@/features/timer/survey-timer').then((module) => module.SurveyTimer));

/** How long an answer-later address sent while the response is being created waits for it. */
const RESPONSE_CREATED_WAIT_MS = 15_000;

export type SurveyRuntimeProps = {
  survey: Survey;
  surveyCode: string;
  /** Spec language code of the UI (`jp`, `val`, …): survey texts are shown in it when the survey has it. */
  uiLanguage: string;
  /** This page's language prefix (`/jp`, none for `es`): the app's own paths are asked for in it, without a redirect. */
  languagePrefix: string;
  /**
   * The `lang` of the survey's texts when they are not in the page's language (a survey without it), from the
   * server, which has the language table: `textLangAttribute`.
   */
  textLang: string | undefined;
  rtl: boolean;
  readOnly: boolean;
  apiBaseUrl: string;
  urlParams: Readonly<Record<string, string>>;
  resumeCode: string | null;
  initialDevice: DeviceType;
  /**
   * The respondent's shuffle seed (respondent-cookies.ts): the same order on the server and in the browser. Null when
   * the server rendered a survey that no seed orders: the browser then draws its own, for what the gate unlocks.
   */
  respondentSeed: string | null;
  /** This device keeps answers of an unfinished response: the first render says it is restoring them. */
  restoring: boolean;
  /** Pages of `survey` sent without their words (`survey-outline.ts`), read once the client has taken over. */
  outlinedPageIds: readonly number[];
};

/** The survey screen: composes the flow controller, the response session and the views of each phase. */
export function SurveyRuntime(props: SurveyRuntimeProps) {
  const { surveyCode, readOnly, urlParams } = props;
  const [respondentSeed] = useState(() => props.respondentSeed ?? randomKey());
  const t = useTranslations();
  const gated = usePageStore((state) => state.phase.kind === 'gate');
  const api = useSurveyApi(props.apiBaseUrl, { preloadAtMount: false });
  const { session, state: sessionState } = useResponseSession({
    surveyCode,
    readOnly,
    api,
    apiBaseUrl: props.apiBaseUrl,
  });
  const [rawSurvey, setRawSurvey] = useState(props.survey);
  const [outlinedPageIds, setOutlinedPageIds] = useState(props.outlinedPageIds);
  // `null` ("either width") for a user agent that does not say phone, until the browser has said which.
  const mobile = useIsMobile(props.initialDevice === 'mobile');
  // The kind of device is the User-Agent's, as the server read it for the first page (and for `device_types` and
  // the response's device flags): a screen rule does not change at the take-over, nor when a window is resized.
  const device = props.initialDevice;
  const sortedIds = useSurveyStore((state) => state.questionsSortedId);
  const ordered = useMemo(
    () => respondentOrder(rawSurvey, respondentSeed, sortedIds),
    [rawSurvey, respondentSeed, sortedIds],
  );
  const survey = ordered.survey;
  const originalLang = originalLanguage(survey);
  const lang = surveyLanguage(survey, props.uiLanguage);
  const { textLang } = props;
  const context = useMemo(() => ({ device, lang }), [device, lang]);
  const content = useSurveyStore((state) => state.responses);
  const responseCode = useSurveyStore((state) => state.responseCode);
  const history = usePageStore((state) => state.history);
  const currentPageId = usePageStore((state) => state.currentPageId);
  const phase = usePageStore((state) => state.phase);
  const online = useGlobalStore((state) => state.online);
  const passwordRefused = useAuthorizationStore((state) => state.error);
  const { languagePrefix } = props;
  // The page on screen (before the store knows it, the one the server rendered).
  const shownPageId = currentPageId ?? firstPageId(survey, content, context);
  // Logic, piping and progress read no answer from a page passed over (a branch no longer taken).
  const reachable = useMemo(
    () => (shownPageId === null ? content : reachableContent(survey, content, { currentPageId: shownPageId, history })),
    [survey, content, shownPageId, history],
  );
  const logicState = useMemo(() => evaluateLogic(survey, reachable, context), [survey, reachable, context]);
  const autoFlow = mobile === true ? survey.config.auto_question_flow_mobile : survey.config.auto_question_flow_desktop;
  const share = effectiveShareConfig(survey);

  const environment = useMemo(
    () => ({
      survey,
      orders: ordered.orders,
      context,
      autoFlow,
      lang,
      originalLang,
      urlParams,
      resumeCode: props.resumeCode,
    }),
    [survey, ordered.orders, context, autoFlow, lang, originalLang, urlParams, props.resumeCode],
  );
  const controller = useFlowController({
    surveyCode,
    readOnly,
    api,
    session,
    environment,
    orderSurvey: (unlocked) => respondentOrder(unlocked, respondentSeed, sortedIds).survey,
    onUnlocked: setRawSurvey,
  });

  // The seed the server used (or the one drawn here) becomes this browser's, so a reload renders the same order. A
  // preview writes nothing, not even that.
  useEffect(() => {
    if (!readOnly) keepSeed(respondentSeed);
  }, [readOnly, respondentSeed]);

  /** An upload's file name, as this device knows it: piped, and in the summary of answers. */
  const uploadName = useCallback((value: string) => session.describeUpload(value)?.name ?? null, [session]);
  /** What piping reads: the answers logic leaves shown, in the respondent's language. */
  const pipeContext = useMemo<PipeContext>(
    () => ({
      survey,
      content: reachable,
      lang,
      responseCode,
      hiddenWidgetIds: logicState.hiddenWidgetIds,
      hiddenOptionIds: logicState.hiddenOptionIds,
      uploadName,
    }),
    [survey, reachable, lang, responseCode, logicState, uploadName],
  );
  const text = useCallback(
    (value: Text | null | undefined) => pipeText(resolveText(value, lang, originalLang), pipeContext),
    [lang, originalLang, pipeContext],
  );

  const waitingWords = phase.kind === 'answering' && shownPageId !== null && outlinedPageIds.includes(shownPageId);
  // The later pages' words are read once the client has taken over (never competing with it), while the respondent
  // is on the first page: the pages just after it came with the first HTML, so moving on rarely waits on this read.
  const readPageWords = usePageWords({
    path: surveyWordsPath(languagePrefix, surveyCode),
    outlined: outlinedPageIds.length > 0,
    urgent: waitingWords,
    onSurvey: (full) =>
      // A transition: the respondent's next click is never held up by re-rendering the page with the new words.
      startTransition(() => {
        setRawSurvey((outline) => withPageWords(outline, full, outlinedPageIds).survey);
        setOutlinedPageIds([]);
      }),
  });
  // Every widget of the survey, the page checks with the pattern engine and the later views (the end screens and the
  // navigation panel's dialog) load once the client has taken over, in a task of their own: never competing with the
  // first page's scripts and hydration, and there before the respondent moves on or goes offline (the first page's
  // own widgets came with the HTML). Again whenever the survey changes (a gate unlocked).
  const takenOver = useRef(false);
  // The take-over asks for them, and so does the effect below when the take-over came in the runtime's own commit.
  const preloadedSurvey = useRef<Survey | null>(null);
  const preloadSurvey = useCallback(() => {
    if (preloadedSurvey.current === survey) return;
    preloadedSurvey.current = survey;
    const widgets = survey.pages.flatMap((candidate) => candidate.widgets);
    preloadWidgets(widgets.map((widget) => widget.subtype));
    const needsPatterns = widgets.some((widget) => widget.validation?.type === 'regex');
    void loadPageChecks()
      .then((checks) => (needsPatterns ? checks.loadPatternEngine() : undefined))
      .catch(() => undefined);
    void loadEndScreen().catch(() => undefined);
    preloadA11yNavContents();
  }, [survey]);
  useEffect(() => {
    if (phase.kind !== 'answering' || !takenOver.current) return;
    // A task of its own here too: the take-over's own commit runs this effect just after the take-over.
    const task = window.setTimeout(preloadSurvey, 0);
    return () => window.clearTimeout(task);
  }, [phase.kind, preloadSurvey]);
  /**
   * What the page needs next, asked for in a task after the take-over's, nearest first: the page checks and the next
   * two pages' widgets (both needed by the first Next), the later pages' words, the API calls (with read-survey
   * behind a gate, which reads the survey after its password), then every other widget; the response session's code
   * after them (use-take-over.ts). The browser fetches six at a time over HTTP/1.1: asked for the API first, a page's
   * widgets arrived half a second after the take-over, and a Next pressed before waited for them
   * (docs/performance-history.md: 22a34dd, and "what the first Next needs, first").
   */
  const [warmUp, setWarmUp] = useState(false);
  const afterTakeOver = () => {
    takenOver.current = true;
    setTimeout(() => {
      startTransition(() => setWarmUp(true));
      if (phase.kind === 'answering') {
        void loadPageChecks().catch(() => undefined);
        preloadWidgets(subtypesAhead(survey, shownPageId, logicState.hiddenPageIds, 2));
      }
      readPageWords();
      void api.preload({ readSurvey: gated }).catch(() => undefined);
      if (phase.kind === 'answering') preloadSurvey();
    }, 0);
  };
  // The page the first render shows, whose widgets the take-over waits for; none when the first page to show ends the
  // survey (its text block is never mounted).
  const firstPage = survey.pages.find((candidate) => candidate.id === shownPageId);
  const onWidgetMounted = useTakeOver(
    controller,
    {
      pageId: firstPage?.id ?? null,
      widgets:
        phase.kind === 'answering'
          ? (firstPage?.widgets.filter((w) => !logicState.hiddenWidgetIds.has(w.id)) ?? [])
          : [],
    },
    afterTakeOver,
  );

  /** One upload port per file or signature question: the file waits on this device until the server has it. */
  // Asked of every question on every render: a set once per survey, not a walk over all its questions each time.
  const uploadWidgetIds = useMemo(
    () =>
      new Set(
        survey.pages.flatMap((candidate) =>
          candidate.widgets.filter((widget) => storesFiles(widget.subtype)).map((widget) => widget.id),
        ),
      ),
    [survey],
  );
  const uploads = useCallback(
    (widgetId: number): UploadPort | undefined => {
      if (!uploadWidgetIds.has(widgetId)) return undefined;
      return {
        online,
        upload: async (file, fileName) => ({ id: await session.queueUpload({ questionId: widgetId, file, fileName }) }),
        describe: (value) => session.describeUpload(value),
      };
    },
    [online, session, uploadWidgetIds],
  );

  const stores = useSurveyStores();
  // The key of the last e-mail asked for: a retry of it (whose reply may have been lost) is that e-mail, not a second.
  const answerLaterKey = useRef<string | null>(null);
  // The button is there from the first paint, so the page does not move when the response is created; an address
  // sent before that waits for it.
  const sendAnswerLater = useCallback(
    async (email: string, retry: boolean) => {
      if (!retry || answerLaterKey.current === null) answerLaterKey.current = randomKey();
      const clientKey = answerLaterKey.current;
      const code = await responseCreated(stores.survey, RESPONSE_CREATED_WAIT_MS);
      const url = resumeLink(window.location.origin, languagePrefix, code, surveyCode);
      await api.queueResponseEmail(
        code,
        answerLaterEmailBody({
          email,
          templateId: share.answer_later_email_template_id ?? null,
          resumeUrl: url,
          clientKey,
        }),
        stores.survey.getState().responseToken,
      );
    },
    [api, languagePrefix, share.answer_later_email_template_id, stores.survey, surveyCode],
  );

  const path = useMemo(
    () =>
      shownPageId === null
        ? null
        : surveyPath(survey, reachable, context, { currentPageId: shownPageId, history }, logicState),
    [survey, reachable, context, shownPageId, history, logicState],
  );
  const progress = useMemo(
    () =>
      survey.config.progress_bar && path ? answeredPercent(survey, logicState, reachable, pathPageIds(path)) : null,
    [survey, logicState, reachable, path],
  );
  // While hydrating, before the widgets render: their chunks all start now rather than one after another.
  useState(() =>
    preloadWidgets(survey.pages.find((candidate) => candidate.id === shownPageId)?.widgets.map((w) => w.subtype) ?? []),
  );
  const describeNav = useCallback(
    () => ({ pages: path ? navPages(survey, logicState, path, text) : [], percent: progress }),
    [survey, logicState, path, progress, text],
  );

  // Timer (PRO): counts from the response's start date, so a reload or a background tab keeps the right time.
  const openResult = sessionState.kind === 'open' ? sessionState.result : null;
  const startDate = openResult?.kind === 'ready' || openResult?.kind === 'read_only' ? openResult.startDate : null;
  const timed = hasTimer(survey);
  const { timeout_amount: timeoutAmount, timeout_type: timeoutType } = survey.config;
  // Read from the survey's fields, not the survey: a survey object replaced (the later pages' words arriving) must
  // not count a response with no start date from now again.
  const deadline = useMemo(() => {
    if (!timed || !openResult) return null;
    try {
      return timerDeadline(startDate ?? new Date(), timeoutAmount ?? 0, timeoutType);
    } catch {
      return null;
    }
  }, [openResult, startDate, timed, timeoutAmount, timeoutType]);

  // The flow focuses a new page's heading; a page that waited for its words gets it when they arrive, unless the
  // respondent has put focus somewhere meanwhile.
  const waitedForWords = useRef(false);
  useEffect(() => {
    if (waitedForWords.current && !waitingWords && document.activeElement === document.body) {
      document.getElementById('survey-page-heading')?.focus();
    }
    waitedForWords.current = waitingWords;
  }, [waitingWords]);

  // A screen that replaces another (the gate passed, the time up, the end) takes the focus, left on the document by
  // the control that went away, so that keyboard and screen reader users start there, not at the top of the page.
  const shownKind = phase.kind;
  const previousKind = useRef(shownKind);
  useEffect(() => {
    if (previousKind.current === shownKind) return;
    previousKind.current = shownKind;
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    const target =
      shownKind === 'answering'
        ? document.getElementById('survey-page-heading')
        : document.querySelector<HTMLElement>('[data-screen-focus]');
    target?.focus();
  }, [shownKind]);

  const background = phase.kind === 'answering' ? pageBackground(survey, shownPageId) : null;

  const writerElsewhere = sessionState.kind === 'waiting_writer' || sessionState.kind === 'lost';
  let body;
  if (writerElsewhere && (phase.kind === 'answering' || phase.kind === 'restoring')) {
    body = <WriterElsewhereView lost={sessionState.kind === 'lost'} onTakeOver={session.takeOver} />;
  } else if (phase.kind === 'restoring') body = <RestoringView />;
  else if (waitingWords) body = <LoadingPageView />;
  else if (phase.kind === 'gate') body = <PasswordGate onSubmit={controller.unlock} refused={passwordRefused} />;
  else if (phase.kind === 'closed') {
    const closing = followsCloseType(phase.message);
    const closeUrl =
      closing && !readOnly && share.close_type === 'URL' && share.close_url
        ? safeRedirectUrl(pipeOwnerUrl(share.close_url, pipeContext))
        : null;
    const contact = survey.contact?.email?.trim() ?? '';
    body = (
      <ClosedView
        message={phase.message}
        closeUrl={closeUrl}
        back={closing && share.close_type === 'BACK'}
        ownerText={closing && share.close_type === 'MSG' && share.close_template ? text(share.close_template) : ''}
        ownerTextLang={textLang}
        contactEmail={isValidEmail(contact) ? contact : null}
      />
    );
  } else if (phase.kind === 'error') {
    body = (
      <ErrorView
        text={phase.message ? resolveText(phase.message, lang, originalLang) : t(errorMessageKeys[phase.key])}
        textLang={phase.message ? textLang : undefined}
      />
    );
  } else if (
    phase.kind === 'finishing' ||
    (phase.kind === 'answering' && shownPageId === null && survey.pages.length > 0)
  ) {
    // A first page to show that ends the survey (spec §4) is finished at the take-over: its screen from the start.
    body = <FinishingView />;
  } else if (phase.kind === 'leaving') body = <LeavingView url={phase.url} sending={phase.sending} />;
  else if (phase.kind === 'ended') {
    body = (
      <EndScreen
        screen={phase.screen}
        survey={survey}
        content={phase.content}
        lang={lang}
        text={text}
        textLang={textLang}
        hiddenWidgetIds={logicState.hiddenWidgetIds}
        hiddenOptionIds={logicState.hiddenOptionIds}
        passedPageIds={phase.pageIds}
        endText={share.end_template ? text(share.end_template) : ''}
        uploadName={uploadName}
        continueUrl={phase.screen === 'summary' && !readOnly ? safeRedirectUrl(share.end_url_resume) : null}
        onAnswerAgain={phase.canAnswerAgain || readOnly ? controller.answerAgain : null}
      />
    );
  } else {
    body = (
      <AnsweringView
        survey={survey}
        controller={controller}
        logicState={logicState}
        context={context}
        autoFlow={autoFlow}
        text={text}
        textLang={textLang}
        shuffleSeed={`${respondentSeed}:${surveyCode}`}
        rtl={props.rtl}
        mobile={mobile}
        uploads={uploads}
        path={path}
        warmUp={warmUp}
        answerLater={
          <AnswerLater
            enabled={share.answer_later && !readOnly}
            remember={share.answer_later_remember}
            onSend={sendAnswerLater}
            buttonClassName={`${styles.button} ${styles.buttonSecondary}`}
          />
        }
      />
    );
  }

  return (
    <WidgetMountedContext value={onWidgetMounted}>
      {background ? (
        <div className={styles.pageBackground} style={{ backgroundImage: `url(${JSON.stringify(background)})` }} />
      ) : null}
      {/* From the first paint, so the page does not move when the response opens and the time shows. */}
      {hasTimer(survey) && phase.kind === 'answering' ? (
        <SurveyTimer deadline={deadline} onExpire={() => void controller.expire()} />
      ) : null}
      {phase.kind === 'answering' && !writerElsewhere ? (
        <A11yNavPanel describe={describeNav} onGoTo={controller.goToPage} />
      ) : null}
      <SurveyHeader
        survey={survey}
        title={text(survey.title)}
        textLang={textLang}
        progress={phase.kind === 'answering' ? progress : null}
        pageNumber={phase.kind === 'answering' && survey.config.number_pages && path ? pageNumberOf(path) : null}
        lang={lang}
        languagePrefix={languagePrefix}
      />
      {/* Without JavaScript nothing is saved and Next cannot move the page: the respondent is told why (the forms
          post, so no answer or password lands in a URL meanwhile). */}
      <noscript>
        <p className={styles.status}>{t('survey.noscript')}</p>
      </noscript>
      <StatusBanner readOnly={readOnly} closed={phase.kind === 'closed'} />
      {body}
    </WidgetMountedContext>
  );
}
