import { createResponseLifecycle, type ResponseLifecycle } from '@/features/response-sync/lifecycle/response-lifecycle';
import { createManualConnectivity } from '@/features/response-sync/outbox/connectivity';
import { createOutbox, type Outbox } from '@/features/response-sync/outbox/outbox';
import { createSurveyApiSender } from '@/features/response-sync/outbox/survey-api-sender';
import { createMemoryStorage } from '@/features/response-sync/persistence/memory-storage';
import { createSafeStorage } from '@/features/response-sync/persistence/safe-storage';
import type { SurveyApi } from '@/lib/api/survey-api';
import type { Content } from '@/lib/survey-format/content';
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

function answers(random: () => number, step: number, fingerprint: string): Content {
  const boxes = [1, 2, 3].filter(() => random() < 0.5).map(String);
  return {
    [QUESTIONS.choice]: [String(1 + Math.floor(random() * 3))],
    [QUESTIONS.text]: [`${fingerprint} step ${step}`],
    [QUESTIONS.boxes]: boxes,
  };
}

/**
 * One respondent, as the app's browser code drives it: the real lifecycle and outbox over this respondent's own
 * storage and kept queue, answering in several saves, sometimes reloading the page mid-way (a new outbox and
 * lifecycle over the same storage, as after a reload), sometimes picking a file, then finishing.
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

  async function open(): Promise<ResponseLifecycle> {
    outbox = createOutbox({
      sender: createSurveyApiSender(api),
      connectivity,
      repository,
      backoff: { baseMs: 50, capMs: 1000 },
      random,
    });
    lifecycle = createResponseLifecycle({ surveyCode, api, storage, outbox, connectivity });
    const opened = await lifecycle.openResponse({
      survey,
      mode: 'response',
      fingerprint,
      clientSignature: `soak:${fingerprint}`,
      urlParams: {},
      customFields: {},
      now: new Date(),
    });
    if (opened.kind !== 'ready') throw new Error(`opened as ${JSON.stringify(opened)}`);
    return lifecycle;
  }

  function close(): void {
    outbox?.stop();
    lifecycle?.dispose();
  }

  try {
    let current = await open();
    const steps = 3 + Math.floor(random() * 4);
    const reloadAt = random() < 0.35 ? Math.floor(random() * steps) : -1;
    const withFile = random() < 0.25;
    let content: Content = {};
    let fileRef: string | null = null;
    for (let step = 0; step < steps; step += 1) {
      content = answers(random, step, fingerprint);
      if (withFile && step === 1) {
        fileRef = await current.queueUpload({
          questionId: QUESTIONS.file,
          file: new Blob([`file of ${fingerprint}`], { type: 'text/plain' }),
          fileName: `${fingerprint}.txt`,
        });
      }
      if (fileRef) content[QUESTIONS.file] = [fileRef];
      await current.saveAnswers(content);
      await sleep(random() * 40);
      if (step === reloadAt) {
        // The page reloads while its queue may still hold writes: a new page continues from what was kept.
        close();
        reloads += 1;
        current = await open();
      }
    }
    const finished = await current.finishResponse({ content, redirected: false });
    if (finished.kind !== 'finished') throw new Error(`finish answered ${JSON.stringify(finished)}`);
    const answered = { ...content, ...(fileRef ? { [QUESTIONS.file]: [`file:${fingerprint}.txt`] } : {}) };
    return { fingerprint, answered, reloads, failure: null };
  } catch (error) {
    return { fingerprint, answered: {}, reloads, failure: error instanceof Error ? error.message : String(error) };
  } finally {
    close();
  }
}
