import { describe, expect, it, vi } from 'vitest';

import type {
  FinishResult,
  LifecycleEvent,
  OpenResponseResult,
} from '@/features/response-sync/lifecycle/response-lifecycle';
import type { SessionStart, SessionState } from '@/features/response-sync/response-session';
import type { Content } from '@/lib/survey-format/content';
import { type Survey, type SurveyInput, surveySchema } from '@/lib/survey-format/survey';
import { createAlertsStore } from '@/stores/alerts-store';
import { createAuthorizationStore } from '@/stores/authorization-store';
import { createGlobalStore } from '@/stores/global-store';
import { createPageStore, type SurveyPhase } from '@/stores/page-store';
import type { OngoingResponse, SurveyPersistencePort } from '@/stores/survey-persistence-port';
import { createSurveyStore } from '@/stores/survey-store';

import { createFlowController, type FlowEnvironment, type FlowSession, LEAVE_WAIT_MS } from './flow-controller';

const radio = (id: number, required = false) => ({
  id,
  is_question: true,
  subtype: 'single_radio' as const,
  title: `Q${id}`,
  required,
  items: [
    { id: 1, value: 'Yes' },
    { id: 2, value: 'No' },
  ],
});

function makeSurvey(overrides: Partial<SurveyInput> = {}): Survey {
  return surveySchema.parse({
    survey_id: 9,
    user_profile: { pack: 'PLUS' },
    share_config: { end_type: 'PAGE', close_type: 'MSG' },
    alerts: [{ id: 5, page_id: 1 }],
    pages: [
      { id: 1, widgets: [radio(11, true), { id: 12, is_question: true, subtype: 'freetext_input', title: 'Name' }] },
      { id: 2, widgets: [radio(21)] },
      { id: 3, widgets: [radio(31)] },
    ],
    ...overrides,
  });
}

type RuleAction = NonNullable<SurveyInput['logic_list']>[number]['action'];

/** Three pages of one radio each (11, 21, 31) and the rules given, each `[page, question, value, action]`. */
function threePages(rules: Array<[number, number, string, RuleAction]>): Survey {
  return makeSurvey({
    pages: [
      { id: 1, widgets: [radio(11)] },
      { id: 2, widgets: [radio(21)] },
      { id: 3, widgets: [radio(31)] },
    ],
    logic_list: rules.map(([pageId, questionId, value, action], index) => ({
      id: index + 1,
      page_id: pageId,
      conditions: [{ source: 'question', reference: String(questionId), operator: 'equals', operator_value: value }],
      action,
    })),
  });
}

/** A session whose answers the test decides; it becomes the writer at once. */
function fakeSession() {
  let state: SessionState = { kind: 'idle' };
  const stateListeners = new Set<(state: SessionState) => void>();
  const eventListeners = new Set<(event: LifecycleEvent) => void>();
  const log: string[] = [];
  const openWaiters: Array<(result: OpenResponseResult) => void> = [];
  const session = {
    /** Open at once unless a test holds the open (`holdOpen`) and opens it with `setState`. */
    openAtOnce: true,
    holdOpen() {
      session.openAtOnce = false;
    },
    opened(): Promise<OpenResponseResult> {
      if (state.kind === 'open') return Promise.resolve(state.result);
      if (session.openAtOnce) return Promise.resolve(readyResult(true));
      return new Promise((resolve) => openWaiters.push(resolve));
    },
    started: null as SessionStart | null,
    finishResult: { kind: 'finished' } as FinishResult,
    finished: [] as Content[],
    alerts: [] as number[],
    emails: [] as string[],
    emailBodies: [] as unknown[],
    /** Upload names this device knows, by the value the answer holds. */
    uploadNames: new Map<string, string>(),
    describeUpload(value: string) {
      const name = session.uploadNames.get(value);
      return name === undefined ? null : { name, state: 'stored' as const };
    },
    expired: [] as Array<Content | null>,
    finishPatience: [] as Array<number | undefined>,
    log,
    state: () => state,
    subscribe(listener: (state: SessionState) => void) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    onEvent(listener: (event: LifecycleEvent) => void) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    start(input: SessionStart) {
      session.started = input;
      input.onWriter();
    },
    async finish(content: Content, _redirected: boolean, email?: { email: string } | null, patienceMs?: number) {
      // As the real session: the finish waits for the response to be open.
      await session.opened();
      log.push('finish');
      session.finishPatience.push(patienceMs);
      session.finished.push(content);
      // Queued with the finish, after it (the outbox keeps the order).
      if (email) {
        log.push('email');
        session.emails.push(email.email);
        session.emailBodies.push(email);
      }
      return session.finishResult;
    },
    async expire(content: Content | null, timeoutMs: number) {
      log.push(`expire:${timeoutMs}`);
      session.expired.push(content);
      return true;
    },
    async queueAlert(alert: { id: number }) {
      log.push(`alert:${alert.id}`);
      session.alerts.push(alert.id);
    },
    async settleBeforeLeaving(timeoutMs: number) {
      log.push(`settle:${timeoutMs}`);
      return true;
    },
    setState(next: SessionState) {
      state = next;
      for (const listener of stateListeners) listener(next);
      if (next.kind === 'open') for (const resolve of openWaiters.splice(0)) resolve(next.result);
    },
    emit(event: LifecycleEvent) {
      for (const listener of eventListeners) listener(event);
    },
  };
  return session satisfies FlowSession;
}

function fakePersistence(ongoing: OngoingResponse | null = null, unsaved: Content | null = null) {
  const calls: unknown[][] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push([name, ...args]);
    };
  const port: SurveyPersistencePort = {
    saveResponses: record('saveResponses'),
    saveResponseCode: record('saveResponseCode'),
    saveResponseId: record('saveResponseId'),
    saveResponseToken: record('saveResponseToken'),
    saveShuffleOrders: record('saveShuffleOrders'),
    saveLastTimeUsed: record('saveLastTimeUsed'),
    markFinished: record('markFinished'),
    savePosition: record('savePosition'),
    saveSentAlerts: record('saveSentAlerts'),
    clearResponseMarks: record('clearResponseMarks'),
    loadOngoing: () => ongoing,
    loadUnsaved: () => unsaved,
    forgetUnsaved: record('forgetUnsaved'),
    saveGatePass: record('saveGatePass'),
    loadGatePass: () => null,
    loadGateCustomFields: () => null,
    setWritable: record('setWritable'),
    isAvailable: () => true,
    subscribe: () => () => {},
  };
  return { port, calls };
}

/** The response opened: created (`resumed: false`) or read back. */
function readyResult(resumed: boolean) {
  return {
    kind: 'ready' as const,
    responseCode: 'RC1',
    responseId: 1,
    token: null,
    content: {},
    startDate: null,
    provisional: false,
    resumed,
  };
}

function setup(
  options: {
    survey?: Survey;
    phase?: SurveyPhase;
    ongoing?: OngoingResponse | null;
    /** What this tab answered before it could write, in an earlier load of the tab. */
    unsaved?: Content | null;
    readOnly?: boolean;
    device?: 'desktop' | 'mobile';
    /** The question flow of the config for this device (auto desktop/mobile question flow). */
    autoFlow?: boolean;
    /** The response the link names (`?response=`). */
    resumeCode?: string;
    /** A controller from a fresh copy of the module, whose page checks have not loaded yet. */
    create?: typeof createFlowController;
  } = {},
) {
  const survey = options.survey ?? makeSurvey();
  const persistence = fakePersistence(options.ongoing ?? null, options.unsaved ?? null);
  const stores = {
    survey: createSurveyStore({ surveyCode: 'demo', shareConfig: survey.share_config, persistence: persistence.port }),
    page: createPageStore({ phase: options.phase ?? { kind: 'answering' } }),
    global: createGlobalStore(),
    alerts: createAlertsStore(),
    authorization: createAuthorizationStore({ logged: true }),
  };
  const session = fakeSession();
  const view: string[] = [];
  /** The question holding the focus, as the respondent or the flow moved it. */
  /** The focused question, and how far the page is scrolled. */
  const focused: { id: number | null; scrollTop: number } = { id: null, scrollTop: 0 };
  const timers: Array<() => void> = [];
  const environment: FlowEnvironment = {
    survey,
    orders: {},
    context: { device: options.device ?? 'desktop', lang: 'es' },
    autoFlow: options.autoFlow ?? true,
    lang: 'es',
    originalLang: 'es',
    urlParams: {},
    resumeCode: options.resumeCode ?? null,
  };
  const controller = (options.create ?? createFlowController)({
    surveyCode: 'demo',
    readOnly: options.readOnly ?? false,
    stores,
    persistence: persistence.port,
    session,
    gate: {
      checkPassword: async () => ({ is_valid: true, custom_fields: {}, access_token: null }),
      readSurvey: async () => survey,
    },
    view: {
      focusQuestion: (id) => {
        focused.id = id;
        view.push(`focus:${id}`);
      },
      focusedQuestion: () => focused.id,
      scrollTop: () => focused.scrollTop,
      focusMainButton: () => view.push('focus:main'),
      showPageTop: () => view.push('top'),
      focusReview: () => view.push('focus:review'),
      redirect: (url) => {
        session.log.push(`redirect:${url}`);
        view.push(`redirect:${url}`);
      },
      restart: () => view.push('restart'),
      forgetResponseLink: () => view.push('forget-link'),
    },
    clock: { now: () => 1000, setTimeout: (callback) => void timers.push(callback) },
    environment,
    orderSurvey: (unlocked) => unlocked,
    onUnlocked: () => {},
  });
  const runTimers = () => {
    while (timers.length > 0) timers.shift()?.();
  };
  return { controller, stores, session, view, focused, persistence, runTimers };
}

/** A response this device kept: created, on page 2 after page 1, with question 11 answered; `overrides` on top. */
function keptResponse(overrides: Partial<OngoingResponse> = {}): OngoingResponse {
  return {
    responseCode: 'RC1',
    responses: { '11': ['2'] },
    position: { currentPageId: 2, history: [1] },
    shuffleOrders: null,
    sentAlerts: [],
    ...overrides,
  };
}

const position = (stores: ReturnType<typeof setup>['stores']) => ({
  page: stores.page.getState().currentPageId,
  history: stores.page.getState().history,
});

describe('flow controller', () => {
  it('carries out a Next pressed before the client took over, with the answers given meanwhile', async () => {
    const { controller, stores, session, persistence } = setup();
    await controller.takeOver(
      [
        [11, ['1']],
        [12, ['Ana']],
      ],
      'next',
    );
    expect(session.started).not.toBeNull();
    expect(stores.survey.getState().responses).toMatchObject({ '11': ['1'], '12': ['Ana'] });
    expect(position(stores)).toEqual({ page: 2, history: [1] });
    expect(persistence.calls).toContainEqual(['savePosition', 'demo', { currentPageId: 2, history: [1] }]);
  });

  it('saves when the respondent last answered here, with each answer (spec §4 "last time used")', () => {
    const { controller, stores, persistence } = setup();
    controller.answer(12, ['Ana']);
    expect(stores.survey.getState().lastTimeUsed).toBe(1000);
    expect(persistence.calls).toContainEqual(['saveLastTimeUsed', 'demo', 1000]);
  });

  it("shows the page's issues and focuses the first instead of moving on", async () => {
    const { controller, stores, view } = setup();
    stores.page.getState().setCurrentPage(1, []);
    await controller.takeOver([], null);
    await controller.next();
    expect(stores.page.getState().errors).toEqual({ '11': { key: 'required' } });
    expect(view).toContain('focus:11');
    expect(position(stores).page).toBe(1);
    controller.answer(11, ['2']);
    expect(stores.page.getState().errors).toEqual({});
  });

  it("queues a page's alerts once per response, and remembers them", async () => {
    const { controller, stores, session, persistence } = setup();
    stores.page.getState().setCurrentPage(1, []);
    await controller.takeOver([[11, ['1']]], null);
    await controller.next();
    controller.back();
    await controller.next();
    expect(session.alerts).toEqual([5]);
    expect(persistence.calls).toContainEqual(['saveSentAlerts', 'demo', [5]]);
  });

  it('finishes with the pruned answers, then queues the response e-mail, then thanks', async () => {
    const survey = makeSurvey({
      response_email: { template_id: 3, email_source: 'email', email_source_type: 'url_param', subject: 'Hi' },
    });
    const { controller, stores, session } = setup({ survey });
    stores.survey.getState().setResponses({ 'url_param:email': ['a@example.com'], '11': ['1'], '999': ['stale'] });
    stores.page.getState().setCurrentPage(3, [1, 2]);
    await controller.takeOver([], null);
    await controller.next();
    expect(session.finished).toEqual([{ 'url_param:email': ['a@example.com'], '11': ['1'] }]);
    expect(session.log).toEqual(['finish', 'email']);
    // The template id as the survey gives it: a number stays a number.
    expect(session.emailBodies).toEqual([
      { template: 3, email_config: {}, subject: 'Hi', email: 'a@example.com', attach_excel: false },
    ]);
    expect(stores.page.getState().phase).toMatchObject({
      kind: 'ended',
      screen: 'thank_you',
      pageIds: [1, 2, 3],
      // End type PAGE ends on its page.
      canAnswerAgain: false,
    });
  });

  it('offers a new response after end type BACK, which leads back to the start', async () => {
    const survey = makeSurvey({ share_config: { end_type: 'BACK', close_type: 'MSG', multiple_responses: true } });
    const { controller, stores } = setup({ survey });
    stores.survey.getState().setResponses({ '11': ['1'] });
    stores.page.getState().setCurrentPage(3, [1, 2]);
    await controller.takeOver([], null);
    await controller.next();
    expect(stores.page.getState().phase).toMatchObject({ kind: 'ended', screen: 'thank_you', canAnswerAgain: true });
  });

  it('finishes at the take-over when the first page to show ends the survey, with its redirect (spec §4)', async () => {
    const survey = makeSurvey({
      pages: [
        { id: 1, widgets: [{ id: 90, subtype: 'text_block', title: 'Bye' }] },
        { id: 2, widgets: [radio(21)] },
      ],
      logic_list: [
        {
          id: 1,
          page_id: 1,
          conditions: [],
          action: { type: 'finish_survey', finish_redirect_url: 'https://owner.example/moved' },
        },
      ],
    });
    const { controller, stores, session } = setup({ survey });
    stores.survey.getState().setResponses({ 'url_param:src': ['mail'] });
    await controller.takeOver([], null);
    expect(session.finished).toEqual([{ 'url_param:src': ['mail'] }]);
    expect(session.log).toContain('redirect:https://owner.example/moved');
  });

  it('offers no new response while this device must wait before one (multiple_responses_time)', async () => {
    const survey = makeSurvey({ share_config: { multiple_responses: true, multiple_responses_time: 60 } });
    const { controller, stores } = setup({ survey });
    stores.survey.getState().setResponses({ '11': ['1'] });
    stores.page.getState().setCurrentPage(3, [1, 2]);
    await controller.takeOver([], null);
    await controller.next();
    expect(stores.page.getState().phase).toMatchObject({ kind: 'ended', canAnswerAgain: false });
  });

  it('offers no new response when the link itself carries the response (an e-mail share)', async () => {
    const survey = makeSurvey({ response_code: 'RC9', share_config: { multiple_responses: true, type: 'email' } });
    const { controller, stores } = setup({ survey });
    stores.survey.getState().setResponses({ '11': ['1'] });
    stores.page.getState().setCurrentPage(3, [1, 2]);
    await controller.takeOver([], null);
    await controller.next();
    expect(stores.page.getState().phase).toMatchObject({ kind: 'ended', canAnswerAgain: false });
  });

  it("a finish refused because the response was finished elsewhere shows the spec's message, never thanks", async () => {
    const { controller, stores, session } = setup();
    session.finishResult = { kind: 'completed_elsewhere' };
    stores.survey.getState().setResponses({ '11': ['1'] });
    stores.page.getState().setCurrentPage(3, [1, 2]);
    await controller.takeOver([], null);
    await controller.next();
    expect(stores.page.getState().phase).toEqual({ kind: 'closed', message: 'already_completed' });
    expect(session.emails).toEqual([]);
  });

  it('a response completed elsewhere shows its message below PLUS too: the close URL is for a closed survey', async () => {
    const free = makeSurvey({ user_profile: { pack: 'FREE' } });
    const completed = setup({ survey: free });
    completed.session.finishResult = { kind: 'completed_elsewhere' };
    completed.stores.survey.getState().setResponses({ '11': ['1'] });
    completed.stores.page.getState().setCurrentPage(3, [1, 2]);
    await completed.controller.takeOver([], null);
    await completed.controller.next();
    expect(completed.stores.page.getState().phase).toEqual({ kind: 'closed', message: 'already_completed' });
    expect(completed.view.filter((entry) => entry.startsWith('redirect:'))).toEqual([]);

    const closed = setup({ survey: free });
    closed.session.finishResult = { kind: 'closed', reason: 'end_date' };
    closed.stores.survey.getState().setResponses({ '11': ['1'] });
    closed.stores.page.getState().setCurrentPage(3, [1, 2]);
    await closed.controller.takeOver([], null);
    await closed.controller.next();
    expect(closed.stores.page.getState().phase).toEqual({ kind: 'closed', message: 'closed_end_date' });
    expect(closed.view).toContain('redirect:https://www.encuesta.com/');
  });

  it('a finish refused because the survey closed meanwhile shows why it is closed, never the password message', async () => {
    const { controller, stores, session } = setup();
    session.finishResult = { kind: 'closed', reason: 'max_responses' };
    stores.survey.getState().setResponses({ '11': ['1'] });
    stores.page.getState().setCurrentPage(3, [1, 2]);
    await controller.takeOver([], null);
    await controller.next();
    expect(stores.page.getState().phase).toEqual({ kind: 'closed', message: 'closed_max_responses' });
    session.emit({ type: 'survey_closed', reason: 'end_date' });
    expect(stores.page.getState().phase).toEqual({ kind: 'closed', message: 'closed_end_date' });
  });

  it('leaves for the end URL only after what the finish depends on was sent, visibly', async () => {
    const survey = makeSurvey({ share_config: { end_type: 'URL', end_url: 'example.com/done' } });
    const { controller, stores, session } = setup({ survey });
    const phases: SurveyPhase[] = [];
    stores.page.subscribe((state) => phases.push(state.phase));
    stores.survey.getState().setResponses({ '11': ['1'] });
    stores.page.getState().setCurrentPage(3, [1, 2]);
    await controller.takeOver([], null);
    await controller.next();
    expect(session.log).toEqual(['finish', `settle:${LEAVE_WAIT_MS}`, 'redirect:http://example.com/done']);
    expect(phases).toContainEqual({ kind: 'leaving', url: 'http://example.com/done', sending: true });
  });

  it('leaves for the end URL after a bounded wait when the finish is not confirmed (kept queued, handed on)', async () => {
    const survey = makeSurvey({ share_config: { end_type: 'URL', end_url: 'example.com/done' } });
    const { controller, stores, session } = setup({ survey });
    session.finishResult = { kind: 'pending' };
    stores.survey.getState().setResponses({ '11': ['1'] });
    stores.page.getState().setCurrentPage(3, [1, 2]);
    await controller.takeOver([], null);
    await controller.next();
    expect(session.finishPatience).toEqual([LEAVE_WAIT_MS]);
    expect(session.log).toEqual(['finish', 'redirect:http://example.com/done']);
    expect(stores.page.getState().phase).toEqual({ kind: 'leaving', url: 'http://example.com/done', sending: false });

    // Without an end URL there is nowhere to go: the thank-you waits for the server, however long.
    const staying = setup();
    staying.stores.survey.getState().setResponses({ '11': ['1'] });
    staying.stores.page.getState().setCurrentPage(3, [1, 2]);
    await staying.controller.takeOver([], null);
    await staying.controller.next();
    expect(staying.session.finishPatience).toEqual([undefined]);
  });

  it("appends a finish rule's parameters only to a URL the owner chose, never to a forced default", async () => {
    const rules = [
      {
        id: 1,
        page_id: 3,
        conditions: [],
        action: {
          type: 'finish_survey' as const,
          resource: '',
          finish_redirect_url: 'https://owner.example/end',
          redirect_parameters: [{ name: 'name', source: 'question' as const, reference: '12' }],
        },
      },
    ];
    const free = setup({ survey: makeSurvey({ user_profile: { pack: 'FREE' }, logic_list: rules }) });
    free.stores.survey.getState().setResponses({ '11': ['1'], '12': ['Ana'] });
    free.stores.page.getState().setCurrentPage(3, [1, 2]);
    await free.controller.takeOver([], null);
    await free.controller.next();
    const redirect = free.view.find((entry) => entry.startsWith('redirect:'));
    expect(redirect).toBeDefined();
    expect(redirect).not.toContain('Ana');

    const plus = setup({ survey: makeSurvey({ logic_list: rules }) });
    plus.stores.survey.getState().setResponses({ '11': ['1'], '12': ['Ana'] });
    plus.stores.page.getState().setCurrentPage(3, [1, 2]);
    await plus.controller.takeOver([], null);
    await plus.controller.next();
    expect(plus.view).toContain('redirect:https://owner.example/end?name=Ana');
  });

  it('follows the end type when a finish rule’s URL cannot be followed, and the default URL below PLUS', async () => {
    const finishing = async (survey: Survey) => {
      const run = setup({ survey });
      run.stores.page.getState().setCurrentPage(3, [1, 2]);
      await run.controller.takeOver([[11, ['1']]], null);
      await run.controller.next();
      return run;
    };
    const unsafeRule = [
      {
        id: 1,
        page_id: 3,
        conditions: [],
        action: { type: 'finish_survey' as const, resource: '', finish_redirect_url: 'javascript:alert(1)' },
      },
    ];
    const plus = await finishing(
      makeSurvey({
        logic_list: unsafeRule,
        share_config: { end_type: 'URL', end_url: 'https://owner.example/end', close_type: 'MSG' },
      }),
    );
    expect(plus.view).toContain('redirect:https://owner.example/end');
    const pro = await finishing(
      makeSurvey({ user_profile: { pack: 'PRO' }, share_config: { end_url: 'javascript:alert(1)' } }),
    );
    expect(pro.view).toContain('redirect:https://www.encuesta.com/');
  });

  it('puts the response code where an owner’s URL names {{promo_code}}', async () => {
    const survey = makeSurvey({
      share_config: { end_type: 'URL', end_url: 'https://shop.example/coupon?code={{promo_code}}', close_type: 'MSG' },
    });
    const { controller, stores, view } = setup({ survey });
    stores.survey.getState().setResponseCode('RC 1');
    stores.page.getState().setCurrentPage(3, [1, 2]);
    await controller.takeOver([[11, ['1']]], null);
    await controller.next();
    expect(view).toContain('redirect:https://shop.example/coupon?code=RC%201');
  });

  it('replaces every pipe token of an owner’s end URL, each value encoded', async () => {
    const endUrl =
      'https://shop.example/c?code={{promo_code}}&q={{question:11}}&n={{question:12}}&src={{url_param:src}}&x={{question:99}}';
    const survey = makeSurvey({ share_config: { end_type: 'URL', end_url: endUrl, close_type: 'MSG' } });
    const { controller, stores, view } = setup({ survey });
    stores.survey.getState().setResponseCode('RC 1');
    stores.survey.getState().setResponses({ '12': ['Ana & Co'], 'url_param:src': ['news'] });
    stores.page.getState().setCurrentPage(3, [1, 2]);
    await controller.takeOver([[11, ['1']]], null);
    await controller.next();
    expect(view).toContain('redirect:https://shop.example/c?code=RC%201&q=Yes&n=Ana%20%26%20Co&src=news&x=');
  });

  it('replaces pipe tokens in a finish rule’s URL and in the close URL', async () => {
    const ruleUrl = 'https://owner.example/out?q={{question:11}}';
    const finishing = setup({
      survey: threePages([[1, 11, '1', { type: 'finish_survey', finish_redirect_url: ruleUrl }]]),
    });
    await finishing.controller.takeOver([[11, ['1']]], 'next');
    expect(finishing.view).toContain('redirect:https://owner.example/out?q=Yes');

    const closeUrl = 'https://owner.example/late?q={{question:11}}&c={{promo_code}}';
    const survey = makeSurvey({ share_config: { close_type: 'URL', close_url: closeUrl } });
    const expiring = setup({ survey });
    expiring.stores.survey.getState().setResponseCode('RC1');
    await expiring.controller.takeOver([[11, ['2']]], null);
    await expiring.controller.expire();
    expect(expiring.view).toContain('redirect:https://owner.example/late?q=No&c=RC1');
  });

  it('pipes the response e-mail’s subject with the answers sent', async () => {
    const survey = makeSurvey({
      response_email: {
        template_id: 3,
        email_source: 'email',
        email_source_type: 'url_param',
        subject: 'Hola {{question:12}}{{foo}}, {{question:11}}',
      },
    });
    const { controller, stores, session } = setup({ survey });
    stores.survey.getState().setResponses({ 'url_param:email': ['a@example.com'], '11': ['2'], '12': ['Ana'] });
    stores.page.getState().setCurrentPage(3, [1, 2]);
    await controller.takeOver([], null);
    await controller.next();
    expect(session.emailBodies).toMatchObject([{ subject: 'Hola Ana, No' }]);
  });

  it('pipes the names of the files given into the response e-mail’s subject', async () => {
    const survey = makeSurvey({
      pages: [
        {
          id: 1,
          widgets: [
            radio(11),
            { id: 13, is_question: true, subtype: 'other_file_upload', title: 'CV', settings: { max_files: 2 } },
          ],
        },
      ],
      response_email: {
        template_id: 3,
        email_source: 'email',
        email_source_type: 'url_param',
        subject: 'Files: {{question:13}}',
      },
    });
    const { controller, stores, session } = setup({ survey });
    session.uploadNames.set('UP1', 'cv.pdf').set('UP2', 'photo.png');
    stores.survey.getState().setResponses({ 'url_param:email': ['a@example.com'], '13': ['UP1', 'UP2'] });
    await controller.takeOver([], null);
    await controller.next();
    expect(session.emailBodies).toMatchObject([{ subject: 'Files: cv.pdf, photo.png' }]);
  });

  it('queues no response e-mail when the answer its source names is not an address', async () => {
    const survey = makeSurvey({
      response_email: { template_id: 3, email_source: '12', email_source_type: 'question', subject: 'Hi' },
    });
    const { controller, stores, session } = setup({ survey });
    stores.page.getState().setCurrentPage(3, [1, 2]);
    stores.survey.getState().setResponses({ '11': ['1'], '12': ['Ana'] });
    await controller.takeOver([], null);
    await controller.next();
    expect(session.log).toEqual(['finish']);
  });

  it("sends the timer's expiry before leaving for the close URL", async () => {
    const survey = makeSurvey({ share_config: { close_type: 'URL', close_url: 'https://owner.example/late' } });
    const { controller, stores, session } = setup({ survey });
    await controller.takeOver([[11, ['1']]], null);
    await controller.expire();
    expect(session.expired).toEqual([{ '11': ['1'] }]);
    expect(session.log).toEqual([`expire:${LEAVE_WAIT_MS}`, 'redirect:https://owner.example/late']);
    expect(stores.page.getState().phase).toEqual({ kind: 'closed', message: 'time_limit' });
  });

  it('expires with the answers a finish there would send: none from a branch no longer taken', async () => {
    const survey = threePages([[1, 11, '2', { type: 'jump_page', resource: '3' }]]);
    const branch = setup({ survey });
    await branch.controller.takeOver([[11, ['2']]], 'next');
    branch.controller.answer(31, ['1']);
    branch.controller.back();
    branch.controller.answer(11, ['1']);
    await branch.controller.next();
    expect(position(branch.stores)).toEqual({ page: 2, history: [1] });
    await branch.controller.expire();
    // The branch's answer is emptied, not left out: a backend that merges key by key must not keep it.
    expect(branch.session.expired).toEqual([{ '11': ['1'], '31': [] }]);

    // Only a question logic hides holds an answer: nothing that counts was answered, so the response is empty.
    const hidden = setup({ survey: threePages([[1, 11, '1', { type: 'show_question', resource: '21' }]]) });
    hidden.stores.survey.getState().setResponses({ '21': ['1'] });
    hidden.stores.page.getState().setCurrentPage(2, [1]);
    await hidden.controller.takeOver([], null);
    await hidden.controller.expire();
    expect(hidden.session.expired).toEqual([null]);
  });

  it('says the time ran out when a write is refused for it: another device’s timer came first', async () => {
    const refused = setup();
    await refused.controller.takeOver([[11, ['1']]], null);
    refused.session.emit({ type: 'response_expired' });
    expect(refused.stores.page.getState().phase).toEqual({ kind: 'closed', message: 'time_limit' });

    const finishing = setup();
    finishing.session.finishResult = { kind: 'expired' };
    await finishing.controller.takeOver([[11, ['1']]], null);
    await finishing.controller.next();
    await finishing.controller.next();
    await finishing.controller.next();
    expect(finishing.stores.page.getState().phase).toEqual({ kind: 'closed', message: 'time_limit' });
  });

  it.each(['lost', 'waiting_writer'] as const)(
    'leaves the expiry to the tab that writes the response when this one is %s',
    async (kind) => {
      const { controller, stores, session } = setup();
      await controller.takeOver([[11, ['1']]], null);
      session.setState({ kind });
      await controller.expire();
      expect(session.expired).toEqual([]);
      expect(stores.page.getState().phase).toEqual({ kind: 'answering' });
    },
  );

  it("restores what this device kept once it is the writer, this page's own answers on top", async () => {
    const ongoing = keptResponse({
      responses: { '11': ['2'], '21': ['1'] },
      sentAlerts: [5],
    });
    const { controller, stores, persistence } = setup({ phase: { kind: 'restoring' }, ongoing });
    await controller.takeOver([[12, ['typed before']]], null);
    expect(persistence.calls).toContainEqual(['setWritable', true]);
    expect(stores.survey.getState().responses).toEqual({ '11': ['2'], '21': ['1'], '12': ['typed before'] });
    expect(position(stores)).toEqual({ page: 2, history: [1] });
    expect(stores.alerts.getState().wasSent(5)).toBe(true);
    expect(stores.page.getState().phase).toEqual({ kind: 'answering' });
  });

  it('starts from the first page when the kept response was over as its session opened and a new one began', async () => {
    const ongoing = keptResponse({ sentAlerts: [5] });
    // Its finish waited in the outbox at the reload (or another device finished it): the session created a response.
    const started = setup({ phase: { kind: 'restoring' }, ongoing });
    await started.controller.takeOver([], null);
    expect(position(started.stores)).toEqual({ page: 2, history: [1] });
    started.session.setState({ kind: 'open', result: readyResult(false) });
    expect(position(started.stores)).toEqual({ page: null, history: [] });
    expect(started.stores.alerts.getState().wasSent(5)).toBe(false);
    expect(started.view).toEqual(['top']);

    // Read back, the kept response goes on where it stood.
    const resumed = setup({ phase: { kind: 'restoring' }, ongoing });
    await resumed.controller.takeOver([], null);
    resumed.session.setState({ kind: 'open', result: readyResult(true) });
    expect(position(resumed.stores)).toEqual({ page: 2, history: [1] });
    expect(resumed.stores.alerts.getState().wasSent(5)).toBe(true);
    expect(resumed.view).toEqual([]);
  });

  it("leaves a restored page that another device's answers now hide, for where the pages passed lead", async () => {
    // Page 3 shows only while question 11 is not "1"; page 4 follows it.
    const survey = makeSurvey({
      pages: [1, 2, 3, 4].map((id) => ({ id, widgets: [radio(id * 10 + 1)] })),
      logic_list: [
        {
          id: 1,
          page_id: 1,
          conditions: [{ source: 'question', reference: '11', operator: 'equals', operator_value: '1' }],
          action: { type: 'hide_page', resource: '3' },
        },
      ],
    });
    const ongoing = keptResponse({
      responses: { '11': ['2'], '21': ['1'], '31': ['2'] },
      position: { currentPageId: 3, history: [1, 2] },
    });
    const { controller, stores, session, view, persistence } = setup({ survey, phase: { kind: 'restoring' }, ongoing });
    await controller.takeOver([], null);
    expect(position(stores)).toEqual({ page: 3, history: [1, 2] });
    // The phone changed question 11 since: the response read back holds its answer (the session stores it first).
    stores.survey.getState().setResponses({ '11': ['1'], '21': ['1'], '31': ['2'] });
    session.setState({ kind: 'open', result: readyResult(true) });
    expect(position(stores)).toEqual({ page: 4, history: [1, 2] });
    expect(persistence.calls).toContainEqual(['savePosition', 'demo', { currentPageId: 4, history: [1, 2] }]);
    expect(view).toEqual(['top']);

    // Answered on page 4 and finished, the hidden page's answer is not sent.
    controller.answer(41, ['1']);
    await controller.next();
    expect(session.finished).toEqual([{ '11': ['1'], '21': ['1'], '41': ['1'] }]);
  });

  it('stays on the last page passed when the page hidden there was the last, and moves nothing while it shows', async () => {
    const survey = threePages([[1, 11, '1', { type: 'hide_page', resource: '3' }]]);
    const ongoing = keptResponse({ responses: { '11': ['2'] }, position: { currentPageId: 3, history: [1, 2] } });
    const hidden = setup({ survey, phase: { kind: 'restoring' }, ongoing });
    await hidden.controller.takeOver([], null);
    hidden.stores.survey.getState().setResponses({ '11': ['1'] });
    hidden.session.setState({ kind: 'open', result: readyResult(true) });
    // Finishing is the respondent's own press, from page 2.
    expect(position(hidden.stores)).toEqual({ page: 2, history: [1] });
    expect(hidden.session.finished).toEqual([]);

    const shown = setup({ survey, phase: { kind: 'restoring' }, ongoing });
    await shown.controller.takeOver([], null);
    shown.session.setState({ kind: 'open', result: readyResult(true) });
    expect(position(shown.stores)).toEqual({ page: 3, history: [1, 2] });
    expect(shown.view).toEqual([]);
  });

  it("leaves the page on screen when another device's answers, taken in with a save, hide it", async () => {
    const survey = threePages([[1, 11, '1', { type: 'hide_page', resource: '2' }]]);
    const { controller, stores, session } = setup({ survey });
    await controller.takeOver([], null);
    controller.answer(11, ['2']);
    await controller.next();
    expect(position(stores)).toEqual({ page: 2, history: [1] });
    // As the session: the flow hears of the merge first, and the store takes the answers in its own listener after.
    session.emit({ type: 'merged', content: { '11': ['1'] } });
    stores.survey.getState().setResponses({ '11': ['1'] });
    await Promise.resolve();
    expect(position(stores)).toEqual({ page: 3, history: [1] });
  });

  it('leaves out of the new response what was answered on the page of the kept one it replaces', async () => {
    const ongoing = keptResponse({ responses: { '11': ['2'], 'url_param:ref': ['mail'] } });
    const { controller, stores, session, persistence } = setup({ phase: { kind: 'restoring' }, ongoing });
    await controller.takeOver([], null);
    controller.answer(21, ['1']);
    // As the session: the new response's content, with the answers given meanwhile on top, is stored first.
    stores.survey.getState().setResponses({ 'url_param:ref': ['mail'], '21': ['1'] });
    session.setState({ kind: 'open', result: readyResult(false) });
    expect(stores.survey.getState().responses).toEqual({ 'url_param:ref': ['mail'] });
    expect(persistence.calls.at(-1)).toEqual(['clearResponseMarks', 'demo']);
    expect(persistence.calls).toContainEqual(['saveResponses', 'demo', { 'url_param:ref': ['mail'] }]);

    // Answered on the new response's first page, it is the new response's.
    controller.answer(11, ['1']);
    expect(stores.survey.getState().responses).toEqual({ 'url_param:ref': ['mail'], '11': ['1'] });
  });

  it('a Finish pressed while a kept response opens finishes nothing when the open starts a new one', async () => {
    const ongoing = keptResponse({
      responses: { '11': ['2'], '21': ['1'] },
      position: { currentPageId: 3, history: [1, 2] },
    });
    const { controller, stores, session, persistence } = setup({ phase: { kind: 'restoring' }, ongoing });
    session.holdOpen();
    await controller.takeOver([], null);
    // The restored last page's Finish, and its alert of page 1, before the session has opened.
    const finishing = controller.next();
    await vi.waitFor(() => expect(stores.page.getState().phase).toEqual({ kind: 'finishing' }));
    session.setState({ kind: 'open', result: readyResult(false) });
    await finishing;
    await Promise.resolve();
    expect(session.finished).toEqual([]);
    expect(session.alerts).toEqual([]);
    expect(stores.page.getState().phase).toEqual({ kind: 'answering' });
    expect(position(stores)).toEqual({ page: null, history: [] });
    // What the kept one's page marked goes, with whatever a Next stored meanwhile.
    expect(persistence.calls.at(-1)).toEqual(['clearResponseMarks', 'demo']);
  });

  it.each([
    ['closed', { kind: 'closed', reason: 'max_responses' }, { kind: 'closed', message: 'closed_max_responses' }],
    ['already completed', { kind: 'already_completed' }, { kind: 'closed', message: 'already_completed' }],
    ['refused', { kind: 'error', key: 'unexpected_error', message: null }, { kind: 'error' }],
  ] as const)(
    'a Finish pressed while the response opens shows why when the open finds none (%s), never thanks',
    async (_name, result, phase) => {
      const { controller, stores, session } = setup();
      session.holdOpen();
      stores.survey.getState().setResponses({ '11': ['1'] });
      stores.page.getState().setCurrentPage(3, [1, 2]);
      await controller.takeOver([], null);
      const finishing = controller.next();
      await vi.waitFor(() => expect(stores.page.getState().phase).toEqual({ kind: 'finishing' }));
      session.setState({ kind: 'open', result: result as OpenResponseResult });
      await finishing;
      expect(session.finished).toEqual([]);
      expect(stores.page.getState().phase).toMatchObject(phase);
      expect(stores.survey.getState().finished).toBe(false);
    },
  );

  it('sends after a reload the alert of a page left whose alert never reached the outbox; keeps it sent once queued', async () => {
    // Page 1's alert (5) was marked on the page before the reload, while the response was still being created: none
    // is kept as sent.
    const ongoing = keptResponse();
    const { controller, stores, session, persistence } = setup({ phase: { kind: 'restoring' }, ongoing });
    await controller.takeOver([], null);
    expect(session.alerts).toEqual([5]);
    expect(stores.alerts.getState().wasSent(5)).toBe(true);
    await Promise.resolve();
    expect(persistence.calls).toContainEqual(['saveSentAlerts', 'demo', [5]]);
  });

  it("opens a response another link names without the kept one's answers, page or alerts sent", async () => {
    const ongoing = keptResponse({ sentAlerts: [5] });
    const { controller, stores } = setup({ phase: { kind: 'restoring' }, ongoing, resumeCode: 'RC2' });
    await controller.takeOver([], null);
    expect(stores.alerts.getState().wasSent(5)).toBe(false);
    expect(position(stores)).toEqual({ page: null, history: [] });
    expect(stores.survey.getState().responses).toEqual({});
    // It waits for the named response to be read.
    expect(stores.page.getState().phase).toEqual({ kind: 'restoring' });
  });

  it('takes a link that could not be read out of the address once a new response began, and only then', async () => {
    const dead = setup({ phase: { kind: 'restoring' }, resumeCode: 'RC-DEAD' });
    await dead.controller.takeOver([], null);
    dead.session.setState({ kind: 'open', result: readyResult(false) });
    expect(dead.view).toContain('forget-link');

    const read = setup({ phase: { kind: 'restoring' }, resumeCode: 'RC1' });
    await read.controller.takeOver([], null);
    read.session.setState({ kind: 'open', result: readyResult(true) });
    expect(read.view).not.toContain('forget-link');
  });

  it('restores what this tab answered before it could write (a reload then), under this page and over the device', async () => {
    const ongoing = keptResponse({
      responses: { '11': ['2'], '21': ['1'] },
      position: null,
    });
    // Kept by the tab before the reload: its empty and URL-parameter entries are no answers given.
    const unsaved = { '21': ['3'], '22': [], 'url_param:source': ['old'] };
    const { controller, stores, session } = setup({ phase: { kind: 'restoring' }, ongoing, unsaved });
    await controller.takeOver([[12, ['typed before']]], null);
    expect(stores.survey.getState().responses).toEqual({ '11': ['2'], '21': ['3'], '12': ['typed before'] });
    // They win over the content the response opens with, as this page's own answers do.
    expect([...(session.started?.givenAnswers() ?? [])].sort()).toEqual(['12', '21']);

    const fresh = setup({ phase: { kind: 'restoring' }, unsaved: { '11': ['1'] } });
    await fresh.controller.takeOver([], null);
    expect(fresh.stores.survey.getState().responses['11']).toEqual(['1']);
    expect(fresh.stores.page.getState().phase).toEqual({ kind: 'answering' });
    // Kept by the tab until the response is open; a failed open keeps them for the reload that tries again.
    fresh.session.setState({ kind: 'open', result: { kind: 'error', key: 'unexpected_error', message: null } });
    expect(fresh.persistence.calls).not.toContainEqual(['forgetUnsaved', 'demo']);
    fresh.session.setState({
      kind: 'open',
      result: readyResult(false),
    });
    expect(fresh.persistence.calls).toContainEqual(['forgetUnsaved', 'demo']);
  });

  it('says the time ran out when the response opened is expired', async () => {
    const { controller, stores, session } = setup();
    await controller.takeOver([], null);
    session.setState({ kind: 'open', result: { kind: 'expired' } });
    expect(stores.page.getState().phase).toEqual({ kind: 'closed', message: 'time_limit' });
  });

  it('stays restoring until the response named by the link is read', async () => {
    const { controller, stores, session } = setup({ phase: { kind: 'restoring' } });
    await controller.takeOver([], null);
    expect(stores.page.getState().phase).toEqual({ kind: 'answering' });

    const linked = setup({ phase: { kind: 'restoring' } });
    linked.controller.setEnvironment({ ...linkedEnvironment(), resumeCode: 'RC1' });
    await linked.controller.takeOver([], null);
    expect(linked.stores.page.getState().phase).toEqual({ kind: 'restoring' });
    linked.session.setState({
      kind: 'open',
      result: readyResult(true),
    });
    expect(linked.stores.page.getState().phase).toEqual({ kind: 'answering' });
    expect(session.started).not.toBeNull();
  });

  it('follows what happens in the background: a file stored or refused, a response finished elsewhere', async () => {
    const { controller, stores, session } = setup();
    await controller.takeOver([], null);
    stores.survey.getState().setAnswer(12, ['local-upload:k1', 'local-upload:k2']);
    session.emit({ type: 'upload_stored', uploadKey: 'k1', questionId: 12, id: 'SERVER1' });
    session.emit({ type: 'upload_failed', uploadKey: 'k2', questionId: 12 });
    expect(stores.survey.getState().responses['12']).toEqual(['SERVER1']);
    expect(stores.global.getState().uploadRefused).toBe(true);
    session.emit({ type: 'completed_elsewhere' });
    expect(stores.page.getState().phase).toEqual({ kind: 'closed', message: 'already_completed' });
  });

  it('a survey closed from the start sends the respondent to its close URL once the client takes over', async () => {
    const survey = makeSurvey({ share_config: { close_type: 'URL', close_url: 'https://owner.example/closed' } });
    const { controller, view } = setup({ survey, phase: { kind: 'closed', message: 'closed' } });
    await controller.takeOver([], null);
    expect(view).toContain('redirect:https://owner.example/closed');
    const shown = setup({ phase: { kind: 'closed', message: 'closed' } });
    await shown.controller.takeOver([], null);
    expect(shown.view.filter((entry) => entry.startsWith('redirect:'))).toEqual([]);
  });

  it('moves on by itself after a single choice, to the question the answer leads to', async () => {
    const { controller, view, runTimers } = setup();
    await controller.takeOver([], null);
    controller.answer(11, ['1']);
    controller.answered(11);
    runTimers();
    expect(view).toContain('focus:12');
  });

  it('moves on to the next page once the page is complete when only the page flow is on', async () => {
    const survey = makeSurvey({
      config: { auto_page_flow: true, auto_question_flow_desktop: false },
      pages: [
        { id: 1, widgets: [radio(11), radio(12)] },
        { id: 2, widgets: [radio(21)] },
      ],
    });
    const { controller, stores, view, runTimers } = setup({ survey, autoFlow: false });
    await controller.takeOver([], null);
    controller.answer(11, ['1']);
    controller.answered(11);
    runTimers();
    expect(view).not.toContain('focus:12');
    controller.answer(12, ['2']);
    controller.answered(12);
    runTimers();
    await vi.waitFor(() => expect(position(stores).page).toBe(2));
  });

  it('moves no focus when the respondent has gone on to another question within the delay', async () => {
    const { controller, view, focused, runTimers } = setup();
    await controller.takeOver([], null);
    controller.answer(11, ['1']);
    controller.answered(11);
    // A tap on another question's field before the auto flow's delay is over.
    focused.id = 13;
    runTimers();
    expect(view.filter((entry) => entry.startsWith('focus:'))).toEqual([]);
    // Focus still on the answered question (a tap on the choice itself): the flow moves on.
    focused.id = 11;
    controller.answered(11);
    runTimers();
    expect(view).toContain('focus:12');
  });

  it('moves no focus when the respondent has scrolled within the delay, and still moves on to a complete page', async () => {
    const survey = makeSurvey({
      config: { auto_page_flow: true },
      pages: [
        { id: 1, widgets: [radio(11), radio(12)] },
        { id: 2, widgets: [radio(21)] },
      ],
    });
    const { controller, stores, view, focused, runTimers } = setup({ survey });
    await controller.takeOver([], null);
    controller.answer(11, ['1']);
    controller.answered(11);
    // Scrolled down towards Next before the delay was over: the page stays where the respondent put it.
    focused.scrollTop = 900;
    runTimers();
    expect(view.filter((entry) => entry.startsWith('focus:'))).toEqual([]);
    // Not scrolled: the flow moves on to the next question.
    controller.answer(11, ['2']);
    controller.answered(11);
    runTimers();
    expect(view).toContain('focus:12');
    // The last question answered and the page complete: the page flow moves on, scrolled or not.
    controller.answer(12, ['1']);
    controller.answered(12);
    focused.scrollTop = 1200;
    runTimers();
    await vi.waitFor(() => expect(position(stores).page).toBe(2));
  });

  it('a question answered just before leaving its page moves no focus on the next one', async () => {
    const { controller, stores, view, runTimers } = setup();
    await controller.takeOver([], null);
    controller.answer(11, ['1']);
    controller.answered(11);
    // Next before the auto flow's delay is over.
    await controller.next();
    expect(position(stores).page).toBe(2);
    view.length = 0;
    runTimers();
    expect(view.filter((entry) => entry.startsWith('focus:'))).toEqual([]);
  });

  it('on a phone, a question marked jump_page_mobile moves on to the next page once the page can be left', async () => {
    const jumping = makeSurvey({
      pages: [
        { id: 1, widgets: [{ ...radio(11, true), jump_page_mobile: true }, radio(12, true)] },
        { id: 2, widgets: [radio(21)] },
      ],
    });
    const phone = setup({ survey: jumping, device: 'mobile' });
    await phone.controller.takeOver([], null);
    phone.controller.answer(11, ['1']);
    phone.controller.answered(11);
    phone.runTimers();
    // Question 12 is required and empty: the page stays.
    expect(position(phone.stores).page).toBeNull();
    phone.controller.answer(12, ['1']);
    phone.controller.answer(11, ['2']);
    phone.controller.answered(11);
    phone.runTimers();
    await Promise.resolve();
    expect(position(phone.stores)).toEqual({ page: 2, history: [1] });

    const desktop = setup({ survey: jumping });
    await desktop.controller.takeOver([], null);
    desktop.controller.answer(12, ['1']);
    desktop.controller.answer(11, ['1']);
    desktop.controller.answered(11);
    desktop.runTimers();
    await Promise.resolve();
    expect(position(desktop.stores).page).toBeNull();
  });

  it('asks to review a passed page before finishing when it needs answers again', async () => {
    const { controller, stores, view } = setup();
    stores.page.getState().setCurrentPage(3, [1, 2]);
    await controller.takeOver([], null);
    await controller.next();
    expect(stores.page.getState().review).toEqual({ pageId: 1, questionCount: 1 });
    expect(view).toContain('focus:review');
    controller.goToReview();
    expect(position(stores)).toEqual({ page: 1, history: [] });
    expect(view).toContain('focus:11');
  });

  it('decides nothing with the answers of a branch no longer taken', async () => {
    const survey = threePages([
      [1, 11, '2', { type: 'jump_page', resource: '3' }],
      [3, 21, '1', { type: 'finish_survey', finish_redirect_url: 'https://owner.example/screened-out' }],
    ]);
    const { controller, stores, session } = setup({ survey });
    await controller.takeOver([], null);
    controller.answer(11, ['1']);
    await controller.next();
    controller.answer(21, ['1']);
    await controller.next();
    controller.back();
    controller.back();
    controller.answer(11, ['2']);
    await controller.next();
    expect(position(stores)).toEqual({ page: 3, history: [1] });
    controller.answer(31, ['1']);
    await controller.next();
    expect(session.finished).toEqual([{ '11': ['2'], '31': ['1'] }]);
    expect(session.log.some((entry) => entry.includes('screened-out'))).toBe(false);
  });

  it('goes back over a page passed that logic now hides', async () => {
    const survey = threePages([[3, 31, '1', { type: 'hide_page', resource: '2' }]]);
    const { controller, stores } = setup({ survey });
    stores.page.getState().setCurrentPage(3, [1, 2]);
    await controller.takeOver([], null);
    controller.answer(31, ['1']);
    controller.back();
    expect(position(stores)).toEqual({ page: 1, history: [] });
  });

  it('jumps from the accessibility panel to a passed page and its question, never past the back button', async () => {
    const { controller, stores, view, persistence } = setup({
      survey: makeSurvey({ config: { hide_back_button: false } }),
    });
    stores.page.getState().setCurrentPage(3, [1, 2]);
    await controller.takeOver([], null);
    controller.goToPage(3, 31);
    expect(position(stores)).toEqual({ page: 3, history: [1, 2] });
    expect(view).toContain('focus:31');
    controller.goToPage(1, 12);
    expect(position(stores)).toEqual({ page: 1, history: [] });
    expect(view).toContain('focus:12');
    expect(persistence.calls).toContainEqual(['savePosition', 'demo', { currentPageId: 1, history: [] }]);
    // A page not passed yet is refused.
    controller.goToPage(3, null);
    expect(position(stores)).toEqual({ page: 1, history: [] });

    const locked = setup({ survey: makeSurvey({ config: { hide_back_button: true } }) });
    locked.stores.page.getState().setCurrentPage(3, [1, 2]);
    await locked.controller.takeOver([], null);
    locked.controller.goToPage(1, null);
    expect(position(locked.stores)).toEqual({ page: 3, history: [1, 2] });
  });
});

function linkedEnvironment(): FlowEnvironment {
  return {
    survey: makeSurvey(),
    orders: {},
    context: { device: 'desktop', lang: 'es' },
    autoFlow: true,
    lang: 'es',
    originalLang: 'es',
    urlParams: {},
    resumeCode: null,
  };
}

describe('before the page checks have come', () => {
  it('a Next pressed twice while they load checks the page once and moves one page on', async () => {
    // A fresh module graph: the page checks (page-checks.ts) are not loaded in it yet.
    vi.resetModules();
    const fresh = await import('./flow-controller');
    const { loadedPageChecks } = await import('@/features/validation/page-checks');
    expect(loadedPageChecks()).toBeNull();
    const { controller, stores, persistence } = setup({ create: fresh.createFlowController });
    await controller.takeOver([[11, ['1']]], null);
    await Promise.all([controller.next(), controller.next()]);
    expect(loadedPageChecks()).not.toBeNull();
    expect(position(stores)).toEqual({ page: 2, history: [1] });
    expect(persistence.calls.filter(([call]) => call === 'savePosition')).toEqual([
      ['savePosition', 'demo', { currentPageId: 2, history: [1] }],
    ]);
  });

  it('a Next pressed while they cannot be fetched (offline) keeps the page, and the next press moves on', async () => {
    vi.resetModules();
    let offline = true;
    vi.doMock('@/features/validation/validate-page', async (importOriginal) => {
      if (offline) throw new TypeError('Failed to fetch dynamically imported module');
      return importOriginal();
    });
    try {
      const fresh = await import('./flow-controller');
      const { controller, stores } = setup({ create: fresh.createFlowController });
      await controller.takeOver([[11, ['1']]], null);
      await controller.next();
      expect(position(stores).page).toBeNull();
      offline = false;
      // Turbopack fetches a failed chunk again when asked again; vitest would give the cached failure instead.
      vi.resetModules();
      await controller.next();
      expect(position(stores)).toEqual({ page: 2, history: [1] });
    } finally {
      vi.doUnmock('@/features/validation/validate-page');
    }
  });

  it('a Next pressed while they load shows an empty required question’s issue once they have', async () => {
    vi.resetModules();
    const fresh = await import('./flow-controller');
    const { controller, stores, view } = setup({ create: fresh.createFlowController });
    await controller.takeOver([], null);
    await controller.next();
    expect(stores.page.getState().errors).toEqual({ '11': { key: 'required' } });
    expect(view).toContain('focus:11');
    expect(position(stores).page).toBeNull();
  });

  it('a finish on a page without patterns checks the pages passed with theirs: the pattern engine loads first', async () => {
    vi.resetModules();
    const fresh = await import('./flow-controller');
    const code = {
      id: 12,
      is_question: true,
      subtype: 'freetext_input',
      title: 'Code',
      validation: { type: 'regex', pattern: '^[A-Z]{3}$' },
    } as const;
    const survey = makeSurvey({
      pages: [
        { id: 1, widgets: [radio(11), code] },
        { id: 2, widgets: [radio(21)] },
      ],
    });
    const { controller, stores, session } = setup({ create: fresh.createFlowController, survey });
    // A response resumed on its last page: the first page, passed in an earlier load, is checked again at the finish.
    stores.survey.getState().setResponses({ '12': ['abc'] });
    stores.page.getState().setCurrentPage(2, [1]);
    await controller.takeOver([], null);
    await controller.next();
    expect(stores.page.getState().review).toEqual({ pageId: 1, questionCount: 1 });
    expect(session.finished).toEqual([]);
  });

  describe('a protected survey this device keeps answers of (restoring)', () => {
    const ongoing = keptResponse();
    const gated = () => makeSurvey({ share_config: { end_type: 'PAGE', close_type: 'MSG', global_password: 'demo' } });

    it('opens at its questions, where this device stood, when this browser passed the gate', async () => {
      const { controller, stores, session, persistence } = setup({
        survey: gated(),
        phase: { kind: 'restoring' },
        ongoing,
      });
      persistence.port.loadGatePass = () => true;
      await controller.takeOver([], null);
      expect(stores.page.getState().phase).toEqual({ kind: 'answering' });
      expect(position(stores)).toEqual({ page: 2, history: [1] });
      expect(session.started).not.toBeNull();
    });

    it('shows the gate, and opens no response, when it did not', async () => {
      const { controller, stores, session } = setup({ survey: gated(), phase: { kind: 'restoring' }, ongoing });
      await controller.takeOver([], null);
      expect(stores.page.getState().phase).toEqual({ kind: 'gate' });
      expect(session.started).toBeNull();
    });
  });
});
