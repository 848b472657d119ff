'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { evaluateLogic } from '@/features/logic/logic-state';
import {
  firstStep,
  nextStep,
  previousStep,
  progressPercent,
  prunedContent,
  questionNumbering,
  visibleQuestions,
  type Step,
} from '@/features/logic/navigation';
import { AnswerLater } from '@/features/answer-later/answer-later-dialog';
import { answerLaterEmailBody } from '@/features/answer-later/answer-later-email';
import { resumeLink } from '@/features/answer-later/resume-link';
import { pipeText } from '@/features/piping/pipe-text';
import { expireKind } from '@/features/timer/expire-kind';
import { SurveyTimer } from '@/features/timer/survey-timer';
import { timerDeadline } from '@/features/timer/timer-deadline';
import { firstInvalidWidgetId, pagesToReview, validatePage } from '@/features/validation/validate-page';
import { isPatternEngineReady, loadPatternEngine } from '@/features/validation/value-checks';
import type { UploadPort } from '@/features/widgets/types';
import { toApiError } from '@/lib/api/errors';
import type { SurveyApi } from '@/lib/api/survey-api';
import { emailFieldKey, isEmptyAnswer, urlParamKey, type Content } from '@/lib/survey-format/content';
import type { DeviceType } from '@/lib/survey-format/theme';
import { localeForCode, prefixForLocale } from '@/lib/i18n/locales';
import { effectiveShareConfig, hasPack, hasTimer, originalLanguage } from '@/lib/survey-format/survey-rules';
import type { Survey } from '@/lib/survey-format/survey';
import { resolveText, type Text } from '@/lib/survey-format/text';
import { isQuestionSubtype } from '@/lib/survey-format/widget-kinds';
import type { Widget } from '@/lib/survey-format/widget';
import { safeRedirectUrl } from '@/lib/url';
import { useGlobalStore, usePageStore, useSurveyStore, useSurveyStores } from '@/stores/survey-stores-provider';
import type { WidgetError } from '@/stores/page-store';
import { useIsMobile } from '../hooks/use-is-mobile';
import { useResponseSession, useSurveyApi } from '../hooks/use-response-session';
import { storageKeys } from '../persistence/storage-keys';
import { answerFromForm, takeEarlyFieldNames } from '../early-answers';
import { advancesByItself } from '../question-flow';
import { initialPhase, storedPasswords, withoutPasswords, type SurveyPhase } from '../survey-phase';
import { EndScreen } from './end-screen';
import { MessageScreen } from './message-screen';
import { PasswordGate } from './password-gate';
import { preloadWidgets, WidgetMountedContext } from '../widget-registry';
import { LineBrokenText } from './line-broken-text';
import { QuestionView } from './question-view';
import { StatusBanner } from './status-banner';
import { SurveyHeader } from './survey-header';
import styles from './survey.module.css';

export type SurveyRuntimeProps = {
  survey: Survey;
  surveyCode: string;
  /** Spec language code of the UI (`jp`, `val`, …): survey texts are shown in it when the survey has it. */
  uiLanguage: string;
  rtl: boolean;
  readOnly: boolean;
  apiBaseUrl: string;
  urlParams: Readonly<Record<string, string>>;
  resumeCode: string | null;
  initialDevice: DeviceType;
};

type Position = { currentPageId: number; history: number[] };
type FinishStep = Extract<Step, { kind: 'finish' }>;

const EMPTY_SET: ReadonlySet<number> = new Set();

/** A regex validation needs the (lazily loaded) linear-time pattern engine. */
function hasPatternValidation(widget: Widget): boolean {
  return widget.validation?.type === 'regex' && Boolean(widget.validation.pattern);
}

function readPosition(raw: string | null): Position | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Position>;
    if (typeof parsed.currentPageId !== 'number' || !Array.isArray(parsed.history)) return null;
    return { currentPageId: parsed.currentPageId, history: parsed.history.filter((id) => typeof id === 'number') };
  } catch {
    return null;
  }
}

function randomHex(bytes: number): string {
  const values = new Uint8Array(bytes);
  crypto.getRandomValues(values);
  return Array.from(values, (value) => value.toString(16).padStart(2, '0')).join('');
}

/** The survey screen's flow: gate, pages, validation, navigation, finish and the last screen. */
export function SurveyRuntime(props: SurveyRuntimeProps) {
  const { surveyCode, readOnly, urlParams } = props;
  const t = useTranslations();
  const stores = useSurveyStores();
  const api = useSurveyApi(props.apiBaseUrl);
  const [survey, setSurvey] = useState(props.survey);
  const [phase, setPhase] = useState<SurveyPhase>(() => initialPhase(props.survey));
  const [customFields, setCustomFields] = useState<Record<string, string>>({});
  // A finish asked for while the response was still opening; the finishing screen already shows meanwhile.
  const pendingFinish = useRef<FinishStep | null>(null);
  // Spec §2 "review": pages already passed that need answers again before the survey can finish.
  const [review, setReview] = useState<{ pageId: number; questionCount: number } | null>(null);
  const mobile = useIsMobile(props.initialDevice === 'mobile');
  const device: DeviceType = props.initialDevice === 'tablet' ? 'tablet' : mobile ? 'mobile' : 'desktop';

  const share = useMemo(() => {
    const effective = effectiveShareConfig(survey);
    // Spec §4: read-only counts as end type BACK.
    return readOnly ? { ...effective, end_type: 'BACK' as const } : effective;
  }, [survey, readOnly]);

  const originalLang = originalLanguage(survey);
  const lang = survey.languages.some((language) => language.code === props.uiLanguage)
    ? props.uiLanguage
    : originalLang;

  const content = useSurveyStore((state) => state.responses);
  const responseCode = useSurveyStore((state) => state.responseCode);
  const storedPageId = usePageStore((state) => state.currentPageId);
  const history = usePageStore((state) => state.history);
  const errors = usePageStore((state) => state.errors);

  const logicContext = useMemo(() => ({ device, lang }), [device, lang]);
  const logicState = useMemo(() => evaluateLogic(survey, content, logicContext), [survey, content, logicContext]);

  const firstPage = useMemo(() => firstStep(survey, {}, logicContext), [survey, logicContext]);
  const currentPageId = storedPageId ?? (firstPage.kind === 'page' ? firstPage.pageId : null);
  const page = survey.pages.find((candidate) => candidate.id === currentPageId) ?? null;
  const pageWidgets = useMemo(
    // The logic state folds in the widgets' own `hidden` flags: a show rule may reveal a widget flagged hidden.
    () => (page ? page.widgets.filter((widget) => !logicState.hiddenWidgetIds.has(widget.id)) : []),
    [page, logicState],
  );
  const pageQuestions = useMemo(() => (page ? visibleQuestions(page, logicState) : []), [page, logicState]);
  /** The question after each one on this page, for Next question and Shift+Enter (spec §2). */
  const nextQuestionIds = useMemo(
    () => new Map(pageQuestions.slice(1).map((next, index) => [pageQuestions[index]!.id, next.id])),
    [pageQuestions],
  );
  const path = useMemo(
    () => (currentPageId === null ? [...history] : [...history, currentPageId]),
    [history, currentPageId],
  );

  const prune = useCallback(
    (answers: Readonly<Content>) => prunedContent(survey, answers, evaluateLogic(survey, answers, logicContext)),
    [survey, logicContext],
  );

  // Responses to a protected survey are created with the gate's token.
  const sessionApi = useMemo<SurveyApi>(
    () => ({
      ...api,
      createResponse: (code, body, options) =>
        api.createResponse(code, body, { ...options, accessToken: stores.authorization.getState().accessToken }),
    }),
    [api, stores],
  );

  useEffect(() => {
    if (phase.kind !== 'answering') return;
    const widgets = survey.pages.flatMap((candidate) => candidate.widgets);
    preloadWidgets(widgets.map((widget) => widget.subtype));
    if (widgets.some(hasPatternValidation)) void loadPatternEngine();
  }, [phase.kind, survey]);

  const session = useResponseSession({
    survey,
    surveyCode,
    readOnly,
    api: sessionApi,
    urlParams,
    customFields,
    resumeCode: props.resumeCode,
    enabled: phase.kind === 'answering',
    prune,
  });

  const text = useCallback(
    (value: Text | null | undefined) =>
      pipeText(resolveText(value, lang, originalLang), {
        survey,
        content,
        lang,
        responseCode,
        hiddenWidgetIds: logicState.hiddenWidgetIds,
        hiddenOptionIds: logicState.hiddenOptionIds,
      }),
    [survey, content, lang, originalLang, responseCode, logicState],
  );

  // A reload continues on the page the respondent was on (unless they already moved on meanwhile).
  useEffect(() => {
    if (session.status !== 'open') return;
    const { result } = session;
    if (result.kind === 'ready' && stores.storage && stores.page.getState().history.length === 0) {
      const position = readPosition(stores.storage.getItem(storageKeys.position(surveyCode)));
      if (position && survey.pages.some((candidate) => candidate.id === position.currentPageId)) {
        stores.page.getState().setCurrentPage(position.currentPageId, position.history);
      }
    }
  }, [session, stores, survey, surveyCode]);

  // The client has taken over once every widget of the first page has hydrated (each in its own chunk): then the
  // answers given on the server-rendered page meanwhile are read, and the document is marked hydrated.
  const initialPage = useRef({ pageId: currentPageId, expected: pageWidgets.length, mounted: 0, done: false });
  const takeOver = useCallback(() => {
    if (initialPage.current.done) return;
    initialPage.current.done = true;
    const form = document.querySelector<HTMLFormElement>('form[data-page-id]');
    if (form) {
      for (const name of takeEarlyFieldNames()) {
        const widget = pageWidgets.find((candidate) => `q${candidate.id}` === name);
        const answer = widget ? answerFromForm(widget, form) : null;
        if (widget && answer) stores.survey.getState().setAnswer(widget.id, answer);
      }
    }
    document.documentElement.dataset.hydrated = 'true';
  }, [pageWidgets, stores]);
  const takeOverRef = useRef(takeOver);
  useEffect(() => {
    takeOverRef.current = takeOver;
  }, [takeOver]);
  // Stable, so a widget signals once per mount however often the page's widgets are recomputed.
  const onWidgetMounted = useCallback(() => {
    initialPage.current.mounted += 1;
    if (initialPage.current.mounted >= initialPage.current.expected) takeOverRef.current();
  }, []);
  useEffect(() => {
    // Nothing to wait for (the gate, a closed survey, a page without widgets), or a reload moved on to the page
    // the respondent was on before the first one's widgets hydrated.
    const { pageId, expected } = initialPage.current;
    if (phase.kind !== 'answering' || expected === 0 || currentPageId !== pageId) takeOver();
  }, [currentPageId, phase.kind, takeOver]);

  // A password already passed in this browser unlocks the survey without asking again.
  useEffect(() => {
    if (phase.kind !== 'gate' || !stores.storage) return;
    if (storedPasswords(survey.share_config) && stores.storage.getItem(storageKeys.passwordPassed(surveyCode))) {
      stores.authorization.getState().loginSucceeded(null);
      // Storage is only readable once hydrated: the server rendered the gate, this is the first chance to open.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setPhase(initialPhase(withoutPasswords(survey)));
      return;
    }
    const stored = stores.storage.getItem(storageKeys.accessToken(surveyCode));
    if (!stored) return;
    let cancelled = false;
    api
      .readSurvey(surveyCode, { accessToken: stored })
      .then((full) => {
        if (cancelled || full.pages.length === 0) return;
        stores.authorization.getState().loginSucceeded(stored);
        setSurvey(full);
        setPhase(initialPhase(withoutPasswords(full)));
      })
      .catch(() => stores.storage?.removeItem(storageKeys.accessToken(surveyCode)));
    return () => {
      cancelled = true;
    };
  }, [phase.kind, api, stores, survey, surveyCode]);

  const savePosition = useCallback(
    (position: Position) => {
      stores.storage?.setItem(storageKeys.position(surveyCode), JSON.stringify(position));
    },
    [stores, surveyCode],
  );

  const focusQuestion = useCallback((widgetId: number) => {
    const element = document.getElementById(`question-${widgetId}`);
    if (!element) return;
    element.scrollIntoView({ behavior: 'smooth', block: 'center' });
    const control = element.querySelector<HTMLElement>(
      'input:not([type=hidden]), select, textarea, button, [tabindex="0"]',
    );
    (control ?? element).focus({ preventScroll: true });
  }, []);

  /** A page's issues shown, and the first of them focused (spec §5). */
  const showIssues = useCallback(
    (widgets: readonly Widget[], issues: ReturnType<typeof validatePage>) => {
      stores.page
        .getState()
        .setErrors(
          Object.fromEntries([...issues].map(([widgetId, issue]) => [String(widgetId), issue as WidgetError])),
        );
      const first = firstInvalidWidgetId(widgets, issues);
      if (first !== null) focusQuestion(first);
    },
    [focusQuestion, stores],
  );

  const showPageTop = useCallback(() => {
    window.scrollTo({ top: 0 });
    document.getElementById('survey-page-heading')?.focus({ preventScroll: true });
  }, []);

  const onAnswer = useCallback(
    (widgetId: number, answer: string[]) => {
      stores.survey.getState().setAnswer(widgetId, answer);
      if (stores.page.getState().isInError(widgetId)) stores.page.getState().clearError(widgetId);
    },
    [stores],
  );

  const sendAlerts = useCallback(
    (pageId: number) => {
      if (readOnly) return;
      const { responseCode: code, responseToken } = stores.survey.getState();
      if (!code) return;
      for (const alert of survey.alerts.filter((candidate) => candidate.page_id === pageId)) {
        if (stores.alerts.getState().wasSent(alert.id)) continue;
        stores.alerts.getState().markSent(alert.id);
        api.queueAlert(code, alert.id, alert, responseToken).catch(() => undefined);
      }
    },
    [api, readOnly, stores, survey.alerts],
  );

  const finish = useCallback(
    async (step: FinishStep) => {
      const answers = stores.survey.getState().responses;
      const hidden = evaluateLogic(survey, answers, logicContext);
      const finalContent = prunedContent(survey, answers, hidden, path);
      const redirectUrl =
        hasPack(survey, 'PLUS') && step.redirectUrl
          ? safeRedirectUrl(step.redirectUrl, step.redirectParameters)
          : share.end_type === 'URL'
            ? safeRedirectUrl(share.end_url, step.redirectParameters)
            : null;
      const canAnswerAgain = share.multiple_responses && !readOnly;
      const endScreen = survey.config.is_quiz ? 'quiz' : share.end_type === 'RESUME' ? 'summary' : 'thank_you';

      if (readOnly) {
        setPhase({ kind: 'ended', screen: endScreen, content: finalContent, canAnswerAgain: false });
        return;
      }
      setPhase({ kind: 'finishing' });
      if (session.status !== 'open') {
        // The response is still being opened (a slow network): the finish waits for it, never skips the server.
        pendingFinish.current = step;
        return;
      }
      await session.autosave?.flush();
      const result = await session.lifecycle.finishResponse({
        content: finalContent,
        redirected: redirectUrl !== null,
      });
      if (result.kind === 'error') {
        setPhase({ kind: 'error', key: result.key, message: null });
        return;
      }
      stores.survey.getState().finish(Date.now());
      stores.storage?.removeItem(storageKeys.position(surveyCode));
      const email = survey.response_email;
      const { responseCode: code, responseToken } = stores.survey.getState();
      if (email && code) {
        const source = email.email_source ?? '';
        const key =
          email.email_source_type === 'url_param'
            ? urlParamKey(source)
            : email.email_source_type === 'email_field'
              ? emailFieldKey(source)
              : source;
        const address = finalContent[key]?.[0];
        if (address) {
          api
            .queueResponseEmail(
              code,
              {
                template: email.template_id === null ? null : String(email.template_id),
                email_config: email.email_config ?? {},
                subject: resolveText(email.subject, lang, originalLang),
                email: address,
                attach_excel: email.attach_excel,
              },
              responseToken,
            )
            .catch(() => undefined);
        }
      }
      if (redirectUrl) {
        setPhase({ kind: 'redirecting', url: redirectUrl });
        window.location.assign(redirectUrl);
        return;
      }
      setPhase({ kind: 'ended', screen: endScreen, content: finalContent, canAnswerAgain });
    },
    [api, lang, logicContext, originalLang, path, readOnly, session, share, stores, survey, surveyCode],
  );

  useEffect(() => {
    const step = pendingFinish.current;
    if (step === null || session.status !== 'open') return;
    pendingFinish.current = null;
    void finish(step);
  }, [finish, session.status]);

  const goNext = useCallback(async () => {
    if (currentPageId === null) return;
    if (pageWidgets.some(hasPatternValidation) && !isPatternEngineReady()) await loadPatternEngine();
    const answers = stores.survey.getState().responses;
    const state = evaluateLogic(survey, answers, logicContext);
    const issues = validatePage(pageWidgets, answers, survey.config, state);
    if (issues.size > 0) {
      showIssues(pageWidgets, issues);
      return;
    }
    stores.page.getState().clearAll();
    sendAlerts(currentPageId);
    const step = nextStep(survey, answers, logicContext, { currentPageId, history }, state);
    if (step.kind === 'finish') {
      const passed = history
        .filter((pageId) => !state.hiddenPageIds.has(pageId))
        .flatMap((pageId) => survey.pages.filter((candidate) => candidate.id === pageId));
      const toReview = pagesToReview(passed, answers, survey.config, state);
      if (toReview) {
        setReview({ pageId: toReview.firstPageId, questionCount: toReview.questionCount });
        requestAnimationFrame(() => document.getElementById('survey-review')?.focus());
        return;
      }
    }
    setReview(null);
    if (step.kind === 'page') {
      stores.page.getState().setCurrentPage(step.pageId, [...history, currentPageId]);
      savePosition({ currentPageId: step.pageId, history: [...history, currentPageId] });
      requestAnimationFrame(showPageTop);
      return;
    }
    void finish(step);
  }, [
    currentPageId,
    finish,
    history,
    logicContext,
    pageWidgets,
    savePosition,
    sendAlerts,
    showIssues,
    showPageTop,
    stores,
    survey,
  ]);

  const goBack = useCallback(() => {
    const previous = previousStep(history);
    if (!previous) return;
    setReview(null);
    stores.page.getState().clearAll();
    stores.page.getState().setCurrentPage(previous.pageId, previous.history);
    savePosition({ currentPageId: previous.pageId, history: previous.history });
    requestAnimationFrame(showPageTop);
  }, [history, savePosition, showPageTop, stores]);

  const autoFlow = mobile ? survey.config.auto_question_flow_mobile : survey.config.auto_question_flow_desktop;

  const goNextRef = useRef(goNext);
  useEffect(() => {
    goNextRef.current = goNext;
  }, [goNext]);

  /**
   * After a single-choice answer: on to the next question, or the next page when the page is complete. Decided
   * once the answer is in, from the logic it leads to: it may have revealed or hidden the questions after it.
   */
  const onAnswered = useCallback(
    (widgetId: number) => {
      window.setTimeout(() => {
        const answers = stores.survey.getState().responses;
        const state = evaluateLogic(survey, answers, logicContext);
        const questions = page ? visibleQuestions(page, state) : [];
        const following = questions[questions.findIndex((widget) => widget.id === widgetId) + 1];
        if (following && autoFlow) {
          focusQuestion(following.id);
          return;
        }
        const complete = questions.every((widget) => !isEmptyAnswer(answers[String(widget.id)]));
        if (!following && survey.config.auto_page_flow && complete) {
          window.setTimeout(() => void goNextRef.current(), 150);
        }
      }, 150);
    },
    [autoFlow, focusQuestion, logicContext, page, stores, survey],
  );

  /** Back to the first passed page that needs answers, its issues shown and the first one focused. */
  const goToReview = useCallback(() => {
    if (!review) return;
    const index = history.indexOf(review.pageId);
    const target = survey.pages.find((candidate) => candidate.id === review.pageId);
    if (index < 0 || !target) return;
    const answers = stores.survey.getState().responses;
    const state = evaluateLogic(survey, answers, logicContext);
    const issues = validatePage(target.widgets, answers, survey.config, state);
    const earlier = history.slice(0, index);
    stores.page.getState().setCurrentPage(review.pageId, earlier);
    savePosition({ currentPageId: review.pageId, history: earlier });
    setReview(null);
    requestAnimationFrame(() => (issues.size > 0 ? showIssues(target.widgets, issues) : showPageTop()));
  }, [history, logicContext, review, savePosition, showIssues, showPageTop, stores, survey]);

  /** The question after `widgetId` on this page, or the page's main button after the last (spec §2). */
  const goToNextQuestion = useCallback(
    (widgetId: number | null) => {
      // Outside any question (the page heading), the first one is next.
      const following = widgetId === null ? pageQuestions[0]?.id : nextQuestionIds.get(widgetId);
      if (following !== undefined) focusQuestion(following);
      else document.getElementById('survey-next')?.focus();
    },
    [focusQuestion, nextQuestionIds, pageQuestions],
  );

  /** Shift+Enter: the next question (spec §2). */
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLFormElement>) => {
      if (event.key !== 'Enter' || !event.shiftKey) return;
      const section = (event.target as HTMLElement).closest<HTMLElement>('[data-widget-id]');
      event.preventDefault();
      goToNextQuestion(section?.dataset.widgetId ? Number(section.dataset.widgetId) : null);
    },
    [goToNextQuestion],
  );

  const online = useGlobalStore((state) => state.online);
  /** One upload port per file or signature question; none in read-only mode, which uploads nothing. */
  const uploadPorts = useMemo(() => {
    const ports = new Map<number, UploadPort>();
    if (readOnly) return ports;
    const uploadWidgets = survey.pages.flatMap((candidate) =>
      candidate.widgets.filter(
        (widget) => widget.subtype === 'other_file_upload' || widget.subtype === 'other_signature',
      ),
    );
    for (const { id: widgetId } of uploadWidgets) {
      ports.set(widgetId, {
        online,
        async upload(file, fileName, onProgress) {
          const { responseId, responseToken } = stores.survey.getState();
          if (responseId === null) throw toApiError(new Error('The response is not created yet.'));
          const result = await api.uploadFile(
            {
              survey: survey.survey_id,
              question_id: widgetId,
              response_id: responseId,
              hash_code: randomHex(16),
              file,
              fileName,
            },
            responseToken,
            onProgress,
          );
          return { id: String(result.id) };
        },
      });
    }
    return ports;
  }, [api, online, readOnly, stores, survey]);

  const checkPassword = useCallback(
    async (password: string) => {
      const passwords = storedPasswords(survey.share_config);
      if (passwords) {
        if (!passwords.includes(password)) {
          stores.authorization.getState().loginFailed();
          return false;
        }
        stores.authorization.getState().loginSucceeded(null);
        stores.storage?.setItem(storageKeys.passwordPassed(surveyCode), 'true');
        setPhase(initialPhase(withoutPasswords(survey)));
        return true;
      }
      const result = await api.checkPassword({ survey_id: survey.survey_id, password });
      if (!result.is_valid) {
        stores.authorization.getState().loginFailed();
        return false;
      }
      const token = result.access_token ?? null;
      stores.authorization.getState().loginSucceeded(token);
      if (token) stores.storage?.setItem(storageKeys.accessToken(surveyCode), token);
      const full = token ? await api.readSurvey(surveyCode, { accessToken: token }) : survey;
      setCustomFields(
        Object.fromEntries(Object.entries(result.custom_fields ?? {}).map(([name, value]) => [name, String(value)])),
      );
      setSurvey(full);
      setPhase(initialPhase(withoutPasswords(full)));
      return true;
    },
    [api, stores, survey, surveyCode],
  );

  const answerAgain = useCallback(() => {
    window.location.assign(window.location.pathname);
  }, []);

  // Progress: answered questions over all questions the respondent can see (spec §5), along the path taken.
  const progress = useMemo(() => {
    if (!survey.config.progress_bar) return null;
    const visible = survey.pages
      .filter((candidate) => !logicState.hiddenPageIds.has(candidate.id))
      .flatMap((candidate) => visibleQuestions(candidate, logicState));
    const answered = visible.filter((widget) => !isEmptyAnswer(content[String(widget.id)])).length;
    return progressPercent(answered, visible.length);
  }, [content, logicState, survey]);

  const numbers = useMemo(
    () => (survey.config.number_questions ? questionNumbering(survey, path, logicState) : null),
    [logicState, path, survey],
  );
  const visiblePageCount = survey.pages.filter((candidate) => !logicState.hiddenPageIds.has(candidate.id)).length;

  // Timer (PRO): counts from the response's start date, so a reload or a background tab keeps the right time.
  const deadline = useMemo(() => {
    if (!hasTimer(survey) || session.status !== 'open') return null;
    const { result } = session;
    const start = result.kind === 'ready' || result.kind === 'read_only' ? result.startDate : null;
    const amount = survey.config.timeout_amount ?? 0;
    try {
      return timerDeadline(start ?? new Date(), amount, survey.config.timeout_type);
    } catch {
      return null;
    }
  }, [session, survey]);

  const onTimeUp = useCallback(() => {
    if (session.status === 'open' && !readOnly) {
      const answers = stores.survey.getState().responses;
      const questionIds = survey.pages.flatMap((candidate) =>
        candidate.widgets.filter((widget) => isQuestionSubtype(widget.subtype)).map((widget) => widget.id),
      );
      if (expireKind(answers, questionIds) === 'expired_empty') void session.lifecycle.expireEmpty();
      else void session.lifecycle.expirePartial(prune(answers));
    }
    setPhase({ kind: 'closed', message: 'time_limit' });
  }, [prune, readOnly, session, stores, survey.pages]);

  const sendAnswerLater = useCallback(
    async (email: string) => {
      const { responseCode: code, responseToken } = stores.survey.getState();
      if (!code) throw toApiError(new Error('The response is not created yet.'));
      const locale = localeForCode(props.uiLanguage);
      const url = resumeLink(window.location.origin, locale ? prefixForLocale(locale) : '', code, surveyCode);
      await api.queueResponseEmail(
        code,
        answerLaterEmailBody({ email, templateId: share.answer_later_email_template_id ?? null, resumeUrl: url }),
        responseToken,
      );
    },
    [api, props.uiLanguage, share.answer_later_email_template_id, stores, surveyCode],
  );

  const header = (
    <SurveyHeader
      survey={survey}
      title={text(survey.title)}
      progress={phase.kind === 'answering' ? progress : null}
      pageNumber={
        phase.kind === 'answering' && survey.config.number_pages
          ? { current: history.length + 1, total: Math.max(visiblePageCount, history.length + 1) }
          : null
      }
      lang={lang}
    />
  );

  // What the opened response says overrides answering: finished here before, already completed, or an error.
  const openResult = session.status === 'open' ? session.result : null;
  const shownPhase: SurveyPhase =
    phase.kind !== 'answering' || !openResult
      ? phase
      : openResult.kind === 'finished_on_device' || openResult.kind === 'already_completed'
        ? { kind: 'closed', message: 'already_completed' }
        : openResult.kind === 'error'
          ? { kind: 'error', key: openResult.key, message: openResult.message }
          : phase;

  // Close type URL (forced for packs below PLUS): a closed survey sends the respondent on; never in a preview.
  const closeRedirect =
    shownPhase.kind === 'closed' && !readOnly && share.close_type === 'URL' ? safeRedirectUrl(share.close_url) : null;
  useEffect(() => {
    if (closeRedirect) window.location.assign(closeRedirect);
  }, [closeRedirect]);

  let body;
  let navigation = null;
  switch (shownPhase.kind) {
    case 'gate':
      body = <PasswordGate onSubmit={checkPassword} />;
      break;
    case 'closed':
      body = (
        <MessageScreen text={t(`survey.${shownPhase.message}`)}>
          {closeRedirect ? <a href={closeRedirect}>{t('survey.redirecting')}</a> : null}
          {!closeRedirect && share.close_type === 'BACK' ? (
            <button
              type="button"
              className={`${styles.button} ${styles.buttonSecondary}`}
              onClick={() => window.history.back()}
            >
              {t('buttons.back')}
            </button>
          ) : null}
        </MessageScreen>
      );
      break;
    case 'error':
      body = (
        <MessageScreen
          text={shownPhase.message ? resolveText(shownPhase.message, lang, originalLang) : t(`api.${shownPhase.key}`)}
        >
          <button type="button" className={styles.button} onClick={() => window.location.reload()}>
            {t('buttons.refresh')}
          </button>
        </MessageScreen>
      );
      break;
    case 'finishing':
      body = <FinishingScreen />;
      break;
    case 'redirecting':
      body = (
        <MessageScreen text={t('survey.redirecting')}>
          <a href={shownPhase.url}>{shownPhase.url}</a>
        </MessageScreen>
      );
      break;
    case 'ended':
      body = (
        <EndScreen
          screen={shownPhase.screen}
          survey={survey}
          content={shownPhase.content}
          lang={lang}
          text={text}
          hiddenWidgetIds={logicState.hiddenWidgetIds}
          endText={share.end_template ? text(share.end_template) : ''}
          onAnswerAgain={shownPhase.canAnswerAgain || readOnly ? answerAgain : null}
        />
      );
      break;
    case 'answering': {
      const pageTitle = page ? text(page.title) : '';
      const isLast = page
        ? nextStep(survey, content, logicContext, { currentPageId: page.id, history }, logicState).kind === 'finish'
        : true;
      body = (
        <form
          id="survey-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void goNext();
          }}
          onKeyDown={onKeyDown}
          data-page-id={page?.id}
        >
          <h2 id="survey-page-heading" className={pageTitle ? styles.pageTitle : 'visually-hidden'} tabIndex={-1}>
            {pageTitle ? (
              <LineBrokenText text={pageTitle} />
            ) : (
              t('survey.page_of', { current: history.length + 1, total: Math.max(visiblePageCount, 1) })
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
                onAnswer={onAnswer}
                onAnswered={onAnswered}
                nextQuestionId={
                  autoFlow && !advancesByItself(widget.subtype) && !isEmptyAnswer(content[String(widget.id)])
                    ? nextQuestionIds.get(widget.id)
                    : undefined
                }
                onNextQuestion={goToNextQuestion}
                text={text}
                hiddenItemIds={logicState.hiddenOptionIds.get(widget.id) ?? EMPTY_SET}
                shuffleSeed={responseCode ?? surveyCode}
                rtl={props.rtl}
                mobile={mobile}
                questionStyle={survey.theme_obj.question_style}
                uploads={uploadPorts.get(widget.id)}
                disabled={false}
              />
            ))}
          </div>
        </form>
      );
      // The buttons sit outside the form (Next submits it through `form`), so the answer-later dialog's own
      // form is never nested in the page's.
      navigation = (
        <>
          {review ? (
            <div className={styles.review} role="alert">
              <p>{t('validation.errors_summary', { count: review.questionCount })}</p>
              <button id="survey-review" type="button" className={styles.button} onClick={goToReview}>
                {t('buttons.review')}
              </button>
            </div>
          ) : null}
          <div className={styles.nav}>
            <div className={styles.navGroup}>
              {!survey.config.hide_back_button && history.length > 0 ? (
                <button type="button" className={`${styles.button} ${styles.buttonSecondary}`} onClick={goBack}>
                  {t('buttons.back')}
                </button>
              ) : null}
            </div>
            <div className={styles.navGroup}>
              <AnswerLater
                enabled={share.answer_later && !readOnly && responseCode !== null}
                remember={share.answer_later_remember}
                onSend={sendAnswerLater}
                buttonClassName={`${styles.button} ${styles.buttonSecondary}`}
              />
              <button id="survey-next" type="submit" form="survey-form" className={styles.button}>
                {isLast ? t('buttons.finish') : t('buttons.next')}
              </button>
            </div>
          </div>
        </>
      );
      break;
    }
  }

  return (
    <WidgetMountedContext value={onWidgetMounted}>
      {deadline !== null && shownPhase.kind === 'answering' ? (
        <SurveyTimer deadline={deadline} onExpire={onTimeUp} />
      ) : null}
      {header}
      <StatusBanner readOnly={readOnly} />
      {body}
      {navigation}
    </WidgetMountedContext>
  );
}

function FinishingScreen() {
  const t = useTranslations('survey');
  const online = useGlobalStore((state) => state.online);
  return <MessageScreen text={online ? t('finishing') : t('finish_pending')} />;
}
