import { evaluateLogic, type LogicState } from '@/features/logic/logic-state';
import { passGate, reopenGate, type GateApi, type GatePassed } from '@/features/password-gate/gate-pass';
import { needsPassword, withoutPasswords } from '@/features/password-gate/gate-rules';
import {
  canBeShown,
  type NavigationContext,
  nextStep,
  previousStep,
  prunedContent,
  reachableContent,
  type Step,
  visibleQuestions,
} from '@/features/logic/navigation';
import type { FinishResult, LifecycleEvent } from '@/features/response-sync/lifecycle/response-lifecycle';
import type { ResponseSession, SessionState } from '@/features/response-sync/response-session';
import { localUploadRef } from '@/features/response-sync/outbox/upload-ref';
import { pipeOwnerUrl, pipeText, type PipeContext } from '@/features/piping/pipe-text';
import { expireKind } from '@/features/timer/expire-kind';
import type { EarlyAction, EarlyAnswers } from '@/features/take-over/early-answers';
import { loadedPageChecks, loadPageChecks, type PageChecks } from '@/features/validation/page-checks';
import type { ValidationIssue } from '@/features/validation/validation-issue';
import {
  answeredQuestions,
  emailFieldKey,
  isEmptyAnswer,
  urlParamKey,
  type Content,
} from '@/lib/survey-format/content';
import type { EmailQueueBody } from '@/lib/survey-format/response';
import { allows, DEFAULT_END_URL, effectiveShareConfig, isOwnUrl } from '@/lib/survey-format/survey-rules';
import type { Survey } from '@/lib/survey-format/survey';
import { resolveText } from '@/lib/survey-format/text';
import { isQuestionSubtype } from '@/lib/survey-format/widget-kinds';
import type { Widget } from '@/lib/survey-format/widget';
import { isValidEmail } from '@/lib/email-address';
import { safeRedirectUrl } from '@/lib/url';
import type { AlertsStore } from '@/stores/alerts-store';
import type { AuthorizationStore } from '@/stores/authorization-store';
import type { GlobalStore } from '@/stores/global-store';
import type { ClosedMessageKey, PageStore, SurveyPhase, WidgetError } from '@/stores/page-store';
import type { ShuffleOrders, SurveyPersistencePort } from '@/stores/survey-persistence-port';
import type { SurveyStore } from '@/stores/survey-store';

import { closedMessageFor, followsCloseType, initialPhase } from '../survey-phase';
import { firstPageId, openingStep } from './first-page';

/**
 * The survey screen's flow as plain TypeScript: answering, auto flow, next, back, review, finish, the timer's
 * expiry, the password gate and restoring what this device kept. It reads and writes the stores (which persist
 * through their port) and drives the response session; components render the stores and call these methods.
 * Unit-tested with fake stores, a fake session and a fake clock (flow-controller.test.ts).
 */

/** What the flow needs from the screen: focus and scrolling, and leaving the page. */
export interface FlowView {
  focusQuestion(widgetId: number): void;
  /** The question that holds the focus (the respondent's own move, or the flow's), or null. */
  focusedQuestion(): number | null;
  /** How far the page is scrolled, in pixels: a scroll of the respondent's own since an answer is theirs to keep. */
  scrollTop(): number;
  /** The page's main button (after its last question). */
  focusMainButton(): void;
  showPageTop(): void;
  focusReview(): void;
  /** Leaves for another site (end URL, close URL). */
  redirect(url: string): void;
  /** A new response of the same survey, keeping the mode and the URL's parameters. */
  restart(): void;
  /** Takes `?response=` out of the address, keeping the rest: a reload then goes on with the response open now. */
  forgetResponseLink(): void;
}

export interface FlowClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): void;
}

/** What the flow reads of the screen's current inputs, each time it acts. */
export interface FlowEnvironment {
  /** The survey in this respondent's order (respondent-order.ts). */
  survey: Survey;
  /** That order, to keep under `-shuffle-pages` (empty when nothing is randomised). */
  orders: ShuffleOrders;
  context: NavigationContext;
  /** Auto question flow for the current device (spec §2). */
  autoFlow: boolean;
  /** The respondent's survey language and the survey's original one. */
  lang: string;
  originalLang: string;
  urlParams: Readonly<Record<string, string>>;
  resumeCode: string | null;
}

export type FlowSession = Pick<
  ResponseSession,
  | 'state'
  | 'subscribe'
  | 'onEvent'
  | 'start'
  | 'opened'
  | 'finish'
  | 'expire'
  | 'queueAlert'
  | 'settleBeforeLeaving'
  | 'describeUpload'
>;

export interface FlowDeps {
  surveyCode: string;
  readOnly: boolean;
  stores: {
    survey: SurveyStore;
    page: PageStore;
    global: GlobalStore;
    alerts: AlertsStore;
    authorization: AuthorizationStore;
  };
  persistence: SurveyPersistencePort | null;
  session: FlowSession;
  gate: GateApi;
  view: FlowView;
  clock: FlowClock;
  /** The screen's inputs when the flow is created; `setEnvironment` keeps them current. */
  environment: FlowEnvironment;
  /** The survey in this respondent's order (respondent-order.ts). */
  orderSurvey(survey: Survey): Survey;
  /** The gate let the respondent in: the runtime shows `survey` (its full content, when it was withheld). */
  onUnlocked(survey: Survey): void;
}

export interface FlowController {
  /**
   * The client took over: answers given on the server-rendered page meanwhile, and a Next or Back pressed then,
   * are carried out now. Starts the response unless the gate stands.
   */
  takeOver(earlyAnswers: EarlyAnswers, action: EarlyAction | null): Promise<void>;
  answer(widgetId: number, answer: string[]): void;
  /** A widget that moves on by itself was answered (auto question and page flow, spec §2). */
  answered(widgetId: number): void;
  next(): Promise<void>;
  back(): void;
  goToReview(): void;
  /**
   * The accessibility panel's jump (spec §2): to the page on screen, or back to a page passed on the way here when
   * the survey lets the respondent go back, then to `questionId` (or the page's top). Any other page is refused.
   */
  goToPage(pageId: number, questionId: number | null): void;
  /** The question after `widgetId` (or the first, from outside any question), else the main button. */
  nextQuestion(widgetId: number | null): void;
  expire(): Promise<void>;
  unlock(password: string): Promise<boolean>;
  answerAgain(): void;
  /** The screen's inputs changed (the device, the language, the order once restored). */
  setEnvironment(environment: FlowEnvironment): void;
  dispose(): void;
}

/** How long leaving for an end or close URL waits for its side effects before handing them to keepalive. */
export const LEAVE_WAIT_MS = 5_000;
/** Auto flow lets the respondent see the choice land before moving on. */
const AUTO_FLOW_DELAY_MS = 150;

type FinishStep = Extract<Step, { kind: 'finish' }>;

export function createFlowController(deps: FlowDeps): FlowController {
  const { stores, session, view, clock, readOnly, surveyCode } = deps;
  /** Keys answered on this page load: they win over what the opened response brings. */
  const given = new Set<string>();
  /** The alerts of this response that wait in the outbox or were sent: what the device keeps as sent. */
  const queuedAlertIds = new Set<number>();
  /** The page, answers and alerts on screen came from a response this device kept (`restore`). */
  let showsKeptResponse = false;
  /** Counts `startOver`s: what was asked for the response before one is not done for the new one. */
  let startedOver = 0;
  const disposers: Array<() => void> = [];
  let customFields: Record<string, string> = {};
  let started = false;

  const page = () => stores.page.getState();
  const answers = () => stores.survey.getState().responses;
  let environment = deps.environment;
  const env = () => environment;
  const share = () => {
    const effective = effectiveShareConfig(env().survey);
    // Spec §4: read-only counts as end type BACK.
    return readOnly ? { ...effective, end_type: 'BACK' as const } : effective;
  };
  const logicFor = (content: Content): LogicState => evaluateLogic(env().survey, content, env().context);

  function setPhase(phase: SurveyPhase): void {
    page().setPhase(phase);
  }

  /** An upload's file name, as this device knows it. */
  const uploadName = (value: string) => session.describeUpload(value)?.name ?? null;

  /**
   * What piping reads of these answers: questions and options logic hides pipe nothing, and uploads pipe their
   * names, as on the screen.
   */
  function pipeContext(content: Content): PipeContext {
    const { hiddenWidgetIds, hiddenOptionIds } = logicFor(content);
    const { survey, lang } = env();
    const { responseCode } = stores.survey.getState();
    return { survey, content, lang, responseCode, hiddenWidgetIds, hiddenOptionIds, uploadName };
  }

  /** An owner's URL as the respondent is sent to it: its pipe tokens replaced by these answers and the response code. */
  const ownerUrl = (url: string | null | undefined, content: Content) =>
    url ? pipeOwnerUrl(url, pipeContext(content)) : url;

  /** Close type URL (forced for packs below PLUS): a closed survey sends the respondent on; never a preview. */
  function closeUrl(): string | null {
    return !readOnly && share().close_type === 'URL' ? safeRedirectUrl(ownerUrl(share().close_url, reachable())) : null;
  }

  /** The survey cannot be answered (any more): its message, then the close URL when there is one. */
  function close(message: ClosedMessageKey): void {
    const { phase } = page();
    if (phase.kind === 'closed' && phase.message === message) return;
    setPhase({ kind: 'closed', message });
    sendOnFromClosed(message);
  }

  /** The close URL is where a closed survey sends everyone (`followsCloseType`). */
  function sendOnFromClosed(message: ClosedMessageKey): void {
    const url = followsCloseType(message) ? closeUrl() : null;
    if (url) view.redirect(url);
  }

  /** The page shown: the one moved to, else the first, as the screen renders it. */
  function currentPage() {
    const { survey, context } = env();
    const id = page().currentPageId ?? firstPageId(survey, answers(), context);
    return survey.pages.find((candidate) => candidate.id === id) ?? null;
  }

  /**
   * The answers that decide logic and flow where the respondent stands: none from pages passed over. `current` when
   * the caller has it already (finding the first page evaluates the rules).
   */
  function reachable(current = currentPage()): Content {
    return current
      ? reachableContent(env().survey, answers(), { currentPageId: current.id, history: page().history })
      : answers();
  }

  function savePosition(currentPageId: number, history: readonly number[]): void {
    page().setCurrentPage(currentPageId, history);
    deps.persistence?.savePosition(surveyCode, { currentPageId, history });
  }

  /**
   * What this device kept, back in the stores, with what this tab answered before its response opened on top (a
   * reload in the first second after the take-over), and this page's own answers on top of both.
   */
  function restore(): void {
    deps.persistence?.setWritable(true);
    const ongoing = deps.persistence?.loadOngoing(surveyCode) ?? null;
    const tabAnswers = answeredQuestions(deps.persistence?.loadUnsaved(surveyCode) ?? {});
    const unsaved = Object.keys(tabAnswers).length > 0 ? tabAnswers : null;
    // The order this respondent meets the survey in is kept with the response (spec §3 `-shuffle-pages`).
    const orders = ongoing?.shuffleOrders ?? env().orders;
    if (Object.keys(orders).length > 0) stores.survey.getState().setQuestionsSortedId(orders);
    // A link naming another response than the one this device kept opens that one: not with the kept one's answers,
    // on its page, nor with its alerts counted as sent.
    const remote = env().resumeCode ?? env().survey.response_code;
    const kept = ongoing !== null && (!remote || remote === ongoing.responseCode) ? ongoing : null;
    if (kept || unsaved) {
      const mine = Object.fromEntries([...given].map((key) => [key, answers()[key] ?? []]));
      stores.survey.getState().setResponses({ ...(kept?.responses ?? answers()), ...unsaved, ...mine });
      // Given in this tab, they win over the content the response opens with, as this page's own do.
      for (const key of Object.keys(unsaved ?? {})) given.add(key);
    }

    showsKeptResponse = kept !== null;
    if (kept) {
      for (const alertId of kept.sentAlerts) {
        stores.alerts.getState().markSent(alertId);
        queuedAlertIds.add(alertId);
      }
      const { position } = kept;
      if (position && env().survey.pages.some((candidate) => candidate.id === position.currentPageId)) {
        page().setCurrentPage(position.currentPageId, position.history);
        // A page left before a reload whose alert never reached the outbox.
        for (const pageId of position.history) sendAlerts(pageId);
      }
    }
    // A move made before this tab could write (a Next pressed before the client took over) is kept too.
    const { currentPageId, history } = page();
    if (currentPageId !== null && history.length > 0) savePosition(currentPageId, history);
    // A response named by the link (another device's, or the e-mail share's) is restored once it is read.
    if (page().phase.kind === 'restoring' && (kept || !remote)) setPhase({ kind: 'answering' });
  }

  /**
   * The response this device kept was over when its session opened (its finish waited in the outbox at the reload, or
   * another device finished it), and a new one began: from the first page, with none of the kept one's alerts.
   */
  function startOver(): void {
    showsKeptResponse = false;
    startedOver += 1;
    // What was answered on the kept response's page, before the open or in this tab's earlier load, was for it: the
    // open put it on top of the new response's content, which it leaves.
    if (given.size > 0) {
      const own = Object.fromEntries(Object.entries(answers()).filter(([key]) => !given.has(key)));
      given.clear();
      stores.survey.getState().setResponses(own);
    }
    page().setCurrentPage(null, []);
    // Also what a Next pressed on the kept response's page meanwhile stored.
    deps.persistence?.clearResponseMarks(surveyCode);
    queuedAlertIds.clear();
    stores.alerts.getState().clear();
    if (page().phase.kind === 'finishing') setPhase({ kind: 'answering' });
    view.showPageTop();
  }

  /**
   * Another device's answers, taken in at the open or with a save rebased on them, may hide the page on screen or
   * everything on it. The respondent moves on to where the pages passed now lead, as a Next on the last of them would,
   * and stays on that one when it leads to the finish: finishing is the respondent's own press.
   */
  function leavePageNoLongerShown(): void {
    // The first page is found from the answers each time it is shown (`currentPage`).
    if (page().currentPageId === null || page().phase.kind !== 'answering') return;
    const current = currentPage();
    const { survey, context } = env();
    if (!current) return;
    const state = logicFor(reachable(current));
    if (canBeShown(survey, current, state)) return;
    const passed = previousStep(survey, page().history, state);
    if (!passed) return;
    const from = { currentPageId: passed.pageId, history: passed.history };
    const content = reachableContent(survey, answers(), from);
    const step = nextStep(survey, content, context, from, logicFor(content));
    page().setReview(null);
    page().clearAll();
    if (step.kind === 'page') savePosition(step.pageId, [...passed.history, passed.pageId]);
    else savePosition(passed.pageId, passed.history);
    view.showPageTop();
  }

  function onSessionState(state: SessionState): void {
    if (state.kind !== 'open') return;
    // The response holds this tab's answers now (the reply is stored with them on top), and a reload finds it; a
    // failed open keeps them for the reload that tries again.
    if (state.result.kind !== 'error') deps.persistence?.forgetUnsaved(surveyCode);
    if (page().phase.kind === 'restoring') setPhase({ kind: 'answering' });
    // A finish pressed while the response opened waits for it (`finish`): what the open says applies to it too.
    if (page().phase.kind !== 'answering' && page().phase.kind !== 'finishing') return;
    const { result } = state;
    if (result.kind === 'ready' && !result.resumed && showsKeptResponse) startOver();
    // The link's response could not be read, and a new one began (spec §4): a reload must go on with the new one, not
    // fail on the link again and begin a third.
    if (result.kind === 'ready' && !result.resumed && env().resumeCode !== null) view.forgetResponseLink();
    if (result.kind === 'ready') leavePageNoLongerShown();
    if (result.kind === 'finished_on_device' || result.kind === 'already_completed') close('already_completed');
    else if (result.kind === 'closed') close(closedMessageFor(result.reason));
    else if (result.kind === 'expired') close('time_limit');
    else if (result.kind === 'error') {
      setPhase({ kind: 'error', key: result.key, message: result.message });
    }
  }

  /** An answer's local upload reference replaced by the server's id, or dropped (`null`). */
  function replaceUploadRef(questionId: number, uploadKey: string, id: string | null): void {
    const key = String(questionId);
    const current = answers()[key] ?? [];
    const ref = localUploadRef(uploadKey);
    if (!current.includes(ref)) return;
    stores.survey.getState().setAnswer(
      key,
      current.flatMap((value) => (value !== ref ? [value] : id ? [id] : [])),
    );
  }

  function onSessionEvent(event: LifecycleEvent): void {
    if (event.type === 'completed_elsewhere') {
      if (page().phase.kind !== 'ended') close('already_completed');
    } else if (event.type === 'response_expired') {
      if (page().phase.kind !== 'ended') close('time_limit');
    } else if (event.type === 'survey_closed') {
      if (page().phase.kind !== 'ended') close(closedMessageFor(event.reason));
    } else if (event.type === 'response_failed') {
      stores.global.getState().setServerError(event.key);
      setPhase({ kind: 'error', key: event.key, message: event.message });
    } else if (event.type === 'merged') {
      // The store takes the merged answers in its own listener, which may come after this one.
      queueMicrotask(leavePageNoLongerShown);
    } else if (event.type === 'upload_stored') {
      replaceUploadRef(event.questionId, event.uploadKey, event.id);
    } else if (event.type === 'upload_failed') {
      replaceUploadRef(event.questionId, event.uploadKey, null);
      stores.global.getState().setUploadRefused(true);
    }
  }

  function startSession(): void {
    if (started) return;
    started = true;
    disposers.push(session.subscribe(onSessionState), session.onEvent(onSessionEvent));
    const { survey, urlParams, resumeCode } = env();
    session.start({
      survey,
      urlParams,
      customFields,
      resumeCode,
      onWriter: restore,
      givenAnswers: () => given,
      prune: (content) => prunedContent(env().survey, content, logicFor(content)),
    });
  }

  /**
   * Whether a page check may run a pattern: any page of the survey may be checked (the review of pages passed, a
   * resumed response), and a pattern checked before its engine has loaded throws.
   */
  function needsPatterns(): boolean {
    return env().survey.pages.some((candidate) =>
      candidate.widgets.some((widget) => widget.validation?.type === 'regex'),
    );
  }

  /** The page checks, with the pattern engine when the survey has patterns (rejects when a chunk cannot come). */
  async function readyPageChecks(): Promise<PageChecks> {
    const checks = await loadPageChecks();
    if (needsPatterns()) await checks.loadPatternEngine();
    return checks;
  }

  /** Runs `act` with the page checks: at once when they are ready, else once they are (not if they cannot come). */
  function withPageChecks(act: (checks: PageChecks) => void): void {
    const checks = loadedPageChecks();
    if (checks && (checks.isPatternEngineReady() || !needsPatterns())) act(checks);
    else void readyPageChecks().then(act, () => undefined);
  }

  function showIssues(
    checks: PageChecks,
    widgets: readonly Widget[],
    issues: ReadonlyMap<number, ValidationIssue>,
  ): void {
    page().setErrors(Object.fromEntries([...issues].map(([id, issue]) => [String(id), issue as WidgetError])));
    const first = checks.firstInvalidWidgetId(widgets, issues);
    if (first !== null) view.focusQuestion(first);
  }

  /**
   * Queues the alerts of a page left, once each. The mark is kept on the device only once the alert waits in the
   * outbox: a reload before that (the response still being created) finds the page behind it unmarked, and sends it
   * then (`restore`).
   */
  function sendAlerts(pageId: number): void {
    if (readOnly) return;
    const alerts = env().survey.alerts.filter(
      (alert) => alert.page_id === pageId && !stores.alerts.getState().wasSent(alert.id),
    );
    const response = startedOver;
    for (const alert of alerts) {
      stores.alerts.getState().markSent(alert.id);
      void session.opened().then(async () => {
        // A page of a kept response found over at the open: the new response has not passed it.
        if (response !== startedOver) return;
        await session.queueAlert(alert);
        queuedAlertIds.add(alert.id);
        deps.persistence?.saveSentAlerts(surveyCode, [...queuedAlertIds]);
      });
    }
  }

  /** The response e-mail of spec §3, to the address its source names in the answers; null when there is none. */
  function responseEmail(finalContent: Content): Omit<EmailQueueBody, 'client_key'> | null {
    const email = env().survey.response_email;
    if (!email) return null;
    const source = email.email_source ?? '';
    const key =
      email.email_source_type === 'url_param'
        ? urlParamKey(source)
        : email.email_source_type === 'email_field'
          ? emailFieldKey(source)
          : source;
    // Not an address (a name typed where the owner's source expected one): nothing is queued the server would refuse.
    const address = finalContent[key]?.[0]?.trim();
    if (!address || !isValidEmail(address)) return null;
    return {
      template: email.template_id,
      email_config: email.email_config ?? {},
      subject: pipeText(resolveText(email.subject, env().lang, env().originalLang), pipeContext(finalContent)),
      email: address,
      attach_excel: email.attach_excel,
    };
  }

  async function leave(url: string): Promise<void> {
    setPhase({ kind: 'leaving', url, sending: true });
    await session.settleBeforeLeaving(LEAVE_WAIT_MS);
    setPhase({ kind: 'leaving', url, sending: false });
    view.redirect(url);
  }

  function finishFailed(result: Exclude<FinishResult, { kind: 'finished' | 'read_only' | 'pending' }>): void {
    if (result.kind === 'completed_elsewhere') close('already_completed');
    else if (result.kind === 'expired') close('time_limit');
    else if (result.kind === 'closed') close(closedMessageFor(result.reason));
    else setPhase({ kind: 'error', key: result.key, message: null });
  }

  async function finish(step: FinishStep): Promise<void> {
    if (!readOnly) {
      setPhase({ kind: 'finishing' });
      // The answers are read once the response is open: the open may add another device's saves, or find the kept
      // response over and start a new one (`startOver`), or closed (`onSessionState` shows why, and this stops).
      await session.opened();
      if (page().phase.kind !== 'finishing') return;
    }
    const { survey } = env();
    const current = currentPage();
    const content = reachable(current);
    const { history } = page();
    const path = current ? [...history, current.id] : [...history];
    const finalContent = prunedContent(survey, content, logicFor(content), path);
    const shareConfig = share();
    // Redirect parameters (answers, e-mail fields) go only to a URL the owner chose, never to a forced default. A
    // rule's URL that cannot be followed leaves the end type to decide; below PLUS, whose end type is forced to URL,
    // an owner's URL that cannot be followed leaves the default one.
    const ruleUrl =
      allows(survey, 'customRedirects') && step.redirectUrl
        ? safeRedirectUrl(ownerUrl(step.redirectUrl, finalContent), step.redirectParameters)
        : null;
    const endUrl =
      shareConfig.end_type === 'URL'
        ? (safeRedirectUrl(
            ownerUrl(shareConfig.end_url, finalContent),
            isOwnUrl(survey, shareConfig.end_url) || allows(survey, 'customRedirects') ? step.redirectParameters : [],
          ) ?? (allows(survey, 'customRedirects') ? null : safeRedirectUrl(DEFAULT_END_URL)))
        : null;
    const redirectUrl = ruleUrl ?? endUrl;
    const screen = survey.config.is_quiz ? 'quiz' : shareConfig.end_type === 'RESUME' ? 'summary' : 'thank_you';

    if (readOnly) {
      setPhase({ kind: 'ended', screen, content: finalContent, pageIds: path, canAnswerAgain: false });
      return;
    }
    // Leaving for an end URL waits a bounded time for the finish (a server failing for minutes must not hold the
    // respondent); what is still unsent then goes in requests that outlive the page, and stays queued for a next visit.
    const result = await session.finish(
      finalContent,
      redirectUrl !== null,
      responseEmail(finalContent),
      redirectUrl ? LEAVE_WAIT_MS : undefined,
    );
    if (result.kind === 'pending') {
      stores.survey.getState().finish(clock.now());
      if (redirectUrl) {
        setPhase({ kind: 'leaving', url: redirectUrl, sending: false });
        view.redirect(redirectUrl);
      }
      return;
    }
    if (result.kind !== 'finished' && result.kind !== 'read_only') {
      finishFailed(result);
      return;
    }
    stores.survey.getState().finish(clock.now());
    if (redirectUrl) {
      await leave(redirectUrl);
      return;
    }
    setPhase({
      kind: 'ended',
      screen,
      content: finalContent,
      pageIds: path,
      // End type BACK leads back to the survey's start; PAGE and RESUME end on their page. Not while this device must
      // wait before a new response (multiple_responses_time): the next visit says so. Nor when the link itself
      // carries the response (an e-mail share): opening it again finds it completed.
      canAnswerAgain:
        shareConfig.end_type === 'BACK' &&
        shareConfig.multiple_responses &&
        !((shareConfig.multiple_responses_time ?? 0) > 0) &&
        survey.response_code === null,
    });
  }

  async function next(): Promise<void> {
    const current = currentPage();
    if (!current || page().phase.kind !== 'answering') return;
    const { survey, context } = env();
    const widgets = current.widgets;
    let checks = loadedPageChecks();
    if (!checks || (!checks.isPatternEngineReady() && needsPatterns())) {
      try {
        checks = await readyPageChecks();
      } catch {
        // Their chunk could not be fetched (offline): the page stays, and the next press asks for it again.
        return;
      }
      // A Next pressed again meanwhile has moved on already, or the page has changed: this one is spent.
      if (currentPage()?.id !== current.id || page().phase.kind !== 'answering') return;
    }
    const content = reachable(current);
    const state = logicFor(content);
    const issues = checks.validatePage(widgets, content, survey.config, state);
    if (issues.size > 0) {
      showIssues(checks, widgets, issues);
      return;
    }
    page().clearAll();
    sendAlerts(current.id);
    const { history } = page();
    const step = nextStep(survey, content, context, { currentPageId: current.id, history }, state);
    if (step.kind === 'finish') {
      const passed = history
        .filter((pageId) => !state.hiddenPageIds.has(pageId))
        .flatMap((pageId) => survey.pages.filter((candidate) => candidate.id === pageId));
      const toReview = checks.pagesToReview(passed, content, survey.config, state);
      if (toReview) {
        page().setReview({ pageId: toReview.firstPageId, questionCount: toReview.questionCount });
        view.focusReview();
        return;
      }
    }
    page().setReview(null);
    if (step.kind === 'page') {
      savePosition(step.pageId, [...history, current.id]);
      view.showPageTop();
      return;
    }
    await finish(step);
  }

  function back(): void {
    const previous = previousStep(env().survey, page().history, logicFor(reachable()));
    if (!previous || page().phase.kind !== 'answering') return;
    page().setReview(null);
    page().clearAll();
    savePosition(previous.pageId, previous.history);
    view.showPageTop();
  }

  function goToReview(): void {
    withPageChecks((checks) => {
      const { review, history } = page();
      if (!review) return;
      const index = history.indexOf(review.pageId);
      const target = env().survey.pages.find((candidate) => candidate.id === review.pageId);
      if (index < 0 || !target) return;
      const content = reachable();
      const issues = checks.validatePage(target.widgets, content, env().survey.config, logicFor(content));
      savePosition(review.pageId, history.slice(0, index));
      page().setReview(null);
      if (issues.size > 0) showIssues(checks, target.widgets, issues);
      else view.showPageTop();
    });
  }

  function goToPage(pageId: number, questionId: number | null): void {
    if (page().phase.kind !== 'answering') return;
    const show = () => (questionId === null ? view.showPageTop() : view.focusQuestion(questionId));
    if (currentPage()?.id === pageId) {
      show();
      return;
    }
    const { history } = page();
    const index = history.indexOf(pageId);
    if (index < 0 || env().survey.config.hide_back_button) return;
    page().setReview(null);
    page().clearAll();
    savePosition(pageId, history.slice(0, index));
    show();
  }

  function nextQuestion(widgetId: number | null): void {
    const current = currentPage();
    const questions = current ? visibleQuestions(current, logicFor(reachable(current))) : [];
    const following =
      widgetId === null ? questions[0] : questions[questions.findIndex((widget) => widget.id === widgetId) + 1];
    if (following && (widgetId === null || questions.some((widget) => widget.id === widgetId))) {
      view.focusQuestion(following.id);
    } else view.focusMainButton();
  }

  function answer(widgetId: number, value: string[]): void {
    given.add(String(widgetId));
    stores.survey.getState().setAnswer(widgetId, value);
    stores.survey.getState().setLastTimeUsed(clock.now());
    if (page().isInError(widgetId)) page().clearError(widgetId);
  }

  /**
   * After a single-choice answer: on to the next question, or the next page when the page is complete. Decided
   * once the answer is in, from the logic it leads to: it may have revealed or hidden the questions after it.
   */
  function answered(widgetId: number): void {
    const scrolledTo = view.scrollTop();
    clock.setTimeout(() => {
      const current = currentPage();
      const content = reachable(current);
      const questions = current ? visibleQuestions(current, logicFor(content)) : [];
      const index = questions.findIndex((widget) => widget.id === widgetId);
      // The respondent has left that question's page meanwhile: nothing here follows it.
      if (index < 0) return;
      const following = questions[index + 1];
      // A question marked `jump_page_mobile` moves a phone on to the next page once the page can be left.
      const jumps = questions.some((widget) => widget.id === widgetId && widget.jump_page_mobile);
      if (jumps && env().context.device === 'mobile' && current) {
        withPageChecks((checks) => {
          // Checked once the checks have come: the respondent may have moved on meanwhile.
          if (currentPage()?.id !== current.id) return;
          const latest = reachable(current);
          const ready = checks.validatePage(current.widgets, latest, env().survey.config, logicFor(latest)).size === 0;
          if (ready) clock.setTimeout(() => void next(), AUTO_FLOW_DELAY_MS);
        });
        return;
      }
      // The respondent has moved on to another question meanwhile (a tap on a field within the delay): the flow
      // follows them, and takes neither the focus nor the page away from what they are typing.
      const focused = view.focusedQuestion();
      if (focused !== null && focused !== widgetId) return;
      if (following) {
        // The question flow (config's auto desktop/mobile question flow) and the page flow are separate settings.
        // A respondent who scrolled within the delay (down to Next, say) is not pulled back to the next question
        // under their finger.
        if (env().autoFlow && view.scrollTop() === scrolledTo) view.focusQuestion(following.id);
        return;
      }
      const complete = questions.every((widget) => !isEmptyAnswer(content[String(widget.id)]));
      if (env().survey.config.auto_page_flow && complete) clock.setTimeout(() => void next(), AUTO_FLOW_DELAY_MS);
    }, AUTO_FLOW_DELAY_MS);
  }

  async function expire(): Promise<void> {
    if (page().phase.kind !== 'answering') return;
    // Another tab writes this response and expires it with its own answers: this one's are not the latest.
    const writer = session.state().kind;
    if (writer === 'lost' || writer === 'waiting_writer') return;
    setPhase({ kind: 'closed', message: 'time_limit' });
    if (readOnly) return;
    const { survey } = env();
    // The answers a finish here would send: none from a branch no longer taken, nor from questions logic hides.
    const current = currentPage();
    const content = reachable(current);
    const path = current ? [...page().history, current.id] : [...page().history];
    const sent = prunedContent(survey, content, logicFor(content), path);
    const questionIds = survey.pages.flatMap((candidate) =>
      candidate.widgets.filter((widget) => isQuestionSubtype(widget.subtype)).map((widget) => widget.id),
    );
    const partial = expireKind(sent, questionIds) === 'expired_partial' ? sent : null;
    // The expiry is what the owner learns of this respondent: it reaches the server before the page leaves (the
    // saving state shows meanwhile), or goes with a keepalive request when that takes too long.
    await session.expire(partial, LEAVE_WAIT_MS);
    const url = closeUrl();
    if (url) view.redirect(url);
  }

  function enter(survey: Survey): void {
    // At once: the session below starts with the full survey.
    environment = { ...environment, survey: deps.orderSurvey(survey) };
    deps.onUnlocked(survey);
    const phase = initialPhase(withoutPasswords(survey), false, env().context.device);
    setPhase(phase);
    if (phase.kind === 'answering') void startAnswering();
  }

  /**
   * Starts the response session; a survey whose first page to show ends it finishes at once (spec §2, §4), with that
   * page's redirect. True when it did.
   */
  async function startAnswering(): Promise<boolean> {
    startSession();
    const { survey, context } = env();
    const opening = page().currentPageId === null ? openingStep(survey, answers(), context) : null;
    if (opening?.kind !== 'finish' || survey.pages.length === 0) return false;
    await finish(opening);
    return true;
  }

  function gateDeps() {
    return { api: deps.gate, passes: deps.persistence ?? null, surveyCode };
  }

  function passedGate(passed: GatePassed): void {
    stores.authorization.getState().loginSucceeded(passed.accessToken);
    if (passed.customFields) customFields = passed.customFields;
    enter(passed.survey);
  }

  async function unlock(password: string): Promise<boolean> {
    const passed = await passGate(env().survey, password, gateDeps());
    if (!passed) {
      stores.authorization.getState().loginFailed();
      return false;
    }
    passedGate(passed);
    return true;
  }

  /** A password already passed in this browser unlocks the survey without asking again. False: ask for it. */
  async function reopen(): Promise<boolean> {
    const passed = await reopenGate(env().survey, gateDeps());
    if (passed) passedGate(passed);
    return passed !== null;
  }

  async function takeOver(earlyAnswers: EarlyAnswers, action: EarlyAction | null): Promise<void> {
    for (const [widgetId, value] of earlyAnswers) answer(widgetId, value);
    const { phase } = page();
    const { kind } = phase;
    // Restoring a protected survey (survey-phase.ts): only this browser knows whether it passed the gate.
    if (kind === 'gate' || (kind === 'restoring' && needsPassword(env().survey.share_config))) {
      if (!(await reopen()) && kind === 'restoring') setPhase({ kind: 'gate' });
      return;
    }
    // A survey closed from the start (the server rendered its message) sends the respondent on, when its close type
    // says so.
    if (phase.kind === 'closed') sendOnFromClosed(phase.message);
    if (kind !== 'answering' && kind !== 'restoring') return;
    if (await startAnswering()) return;
    if (action === 'next') await next();
    else if (action === 'back') back();
  }

  return {
    takeOver,
    answer,
    answered,
    next,
    back,
    goToReview,
    goToPage,
    nextQuestion,
    expire,
    unlock,
    answerAgain: () => view.restart(),
    setEnvironment(next) {
      environment = next;
    },
    dispose() {
      for (const dispose of disposers) dispose();
    },
  };
}
