import { createResponseLifecycle, type ResponseLifecycle } from '@/features/response-sync/lifecycle/response-lifecycle';
import { createManualConnectivity } from '@/features/response-sync/outbox/connectivity';
import { createOutbox, type Outbox } from '@/features/response-sync/outbox/outbox';
import { createSurveyApiSender } from '@/features/response-sync/outbox/survey-api-sender';
import { createMemoryStorage } from '@/features/response-sync/persistence/memory-storage';
import { createSafeStorage } from '@/features/response-sync/persistence/safe-storage';
import { loadResponses, saveResponses } from '@/features/response-sync/persistence/survey-persistence';
import type { SurveyApi } from '@/lib/api/survey-api';
import { type Content, sameAnswer } from '@/lib/survey-format/content';
import type { Survey } from '@/lib/survey-format/survey';

import { createKeptRepository } from './memory-repository';

/** Question ids of the soak survey (soak.ts). */
export const QUESTIONS = { choice: 1, text: 2, file: 3, boxes: 4 } as const;

export interface RespondentResult {
  fingerprint: string;
  /** What the respondent answered last, the file as `file:<name>` (its id is the server's). */
  answered: Content;
  reloads: number;
  failure: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Some of the questions answered anew, at least one: what one page asks. */
function someAnswers(random: () => number, label: string, fingerprint: string): Content {
  const boxes = [1, 2, 3].filter(() => random() < 0.5).map(String);
  const all: Content = {
    [QUESTIONS.choice]: [String(1 + Math.floor(random() * 3))],
    [QUESTIONS.text]: [`${fingerprint} ${label}`],
    [QUESTIONS.boxes]: boxes,
  };
  const chosen = Object.keys(all).filter(() => random() < 0.5);
  return Object.fromEntries((chosen.length > 0 ? chosen : [String(QUESTIONS.text)]).map((key) => [key, all[key]!]));
}

/**
 * One respondent, as the app's browser code drives it: the real lifecycle and outbox over this respondent's own
 * storage and kept queue, with the survey store's part played here (every answer stored before it is sent, the
 * page restarting from what was stored). The respondent answers a page at a time, sometimes while the response is
 * still being created or read, sometimes reloads mid-way (a new outbox and lifecycle over the same storage), once in
 * a while in the moment the response has opened and before the store wrote again, sometimes picks a file, then
 * finishes. What the respondent answered is kept apart from what the page holds, so an answer the page lost shows.
 */
export async function runRespondent(options: {
  index: number;
  survey: Survey;
  surveyCode: string;
  api: SurveyApi;
  random: () => number;
}): Promise<RespondentResult> {
  const { survey, surveyCode, api, random } = options;
  const fingerprint = `soak-${options.index}-${Math.floor(random() * 1e9).toString(36)}`;
  const storage = createSafeStorage(createMemoryStorage());
  const repository = createKeptRepository();
  const connectivity = createManualConnectivity(true);
  let outbox: Outbox | null = null;
  let lifecycle: ResponseLifecycle | null = null;
  let reloads = 0;
  /** What the respondent answered, the latest per question. */
  const answered: Content = {};
  /** What the page holds: the survey store's content. */
  let held: Content = {};

  function answer(changes: Content): void {
    Object.assign(answered, changes);
    held = { ...held, ...changes };
    // Durable before visible: the store writes every answer before anything is sent.
    saveResponses(storage, surveyCode, held);
  }

  /**
   * A page load: the store restored from storage, then the response opened. `closeAtOnce`: the page goes before the
   * store writes what it opened with.
   */
  async function open(closeAtOnce = false): Promise<ResponseLifecycle> {
    outbox = createOutbox({
      sender: createSurveyApiSender(api),
      connectivity,
      repository,
      backoff: { baseMs: 50, capMs: 1000 },
      random,
    });
    lifecycle = createResponseLifecycle({ surveyCode, api, storage, outbox, connectivity });
    held = loadResponses(storage, surveyCode) ?? {};
    const opening = { done: false };
    const opened = lifecycle
      .openResponse({
        survey,
        mode: 'response',
        fingerprint,
        clientSignature: `soak:${fingerprint}`,
        urlParams: {},
        customFields: {},
        now: new Date(),
      })
      .finally(() => {
        opening.done = true;
      });
    await Promise.race([opened, sleep(random() * 30)]);
    const meanwhile = !opening.done && random() < 0.5 ? someAnswers(random, 'while opening', fingerprint) : {};
    if (Object.keys(meanwhile).length > 0) answer(meanwhile);
    const result = await opened;
    if (result.kind !== 'ready') throw new Error(`opened as ${JSON.stringify(result)}`);
    // As the response session does: what was answered meanwhile wins over the opened content.
    held = { ...result.content, ...meanwhile };
    if (closeAtOnce) return lifecycle;
    saveResponses(storage, surveyCode, held);
    if (result.resumed || Object.keys(meanwhile).length > 0) await lifecycle.saveAnswers(held);
    return lifecycle;
  }

  function close(): void {
    outbox?.stop();
    lifecycle?.dispose();
  }

  /** A reload: the new page must hold every answer given so far. */
  async function reload(closeAtOnce = false): Promise<ResponseLifecycle> {
    close();
    reloads += 1;
    const reopened = await open(closeAtOnce);
    expectHeld('after a reload');
    return reopened;
  }

  function expectHeld(when: string): void {
    for (const [key, value] of Object.entries(answered)) {
      if (!sameAnswer(held[key], value)) {
        throw new Error(
          `${when}, the page holds ${JSON.stringify(held[key])} for ${key}, answered ${JSON.stringify(value)}`,
        );
      }
    }
  }

  try {
    let current = random() < 0.3 ? await open(true).then(() => reload()) : await open();
    const steps = 3 + Math.floor(random() * 4);
    const reloadAt = random() < 0.35 ? Math.floor(random() * steps) : -1;
    const withFile = random() < 0.25;
    let fileRef: string | null = null;
    for (let step = 0; step < steps; step += 1) {
      answer(someAnswers(random, `step ${step}`, fingerprint));
      if (withFile && step === 1) {
        fileRef = await current.queueUpload({
          questionId: QUESTIONS.file,
          file: new Blob([`file of ${fingerprint}`], { type: 'text/plain' }),
          fileName: `${fingerprint}.txt`,
        });
        answer({ [QUESTIONS.file]: [fileRef] });
      }
      await current.saveAnswers(held);
      await sleep(random() * 40);
      // The page reloads while its queue may still hold writes: a new page continues from what was kept.
      if (step === reloadAt) current = await reload();
    }
    const finished = await current.finishResponse({ content: held, redirected: false });
    if (finished.kind !== 'finished') throw new Error(`finish answered ${JSON.stringify(finished)}`);
    expectHeld('at the finish');
    const expected = { ...answered, ...(fileRef ? { [QUESTIONS.file]: [`file:${fingerprint}.txt`] } : {}) };
    return { fingerprint, answered: expected, reloads, failure: null };
  } catch (error) {
    return { fingerprint, answered: {}, reloads, failure: error instanceof Error ? error.message : String(error) };
  } finally {
    close();
  }
}
