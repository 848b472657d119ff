import { execFileSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export type CreatedResponse = { code: string; token: string; id: number };

/** The response the page creates (POST survey-response), as the backend answered it. */
export function waitForCreatedResponse(page: Page): Promise<CreatedResponse> {
  return page
    .waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        /\/api\/v1\/survey-response\/[^/]+\/$/.test(new URL(response.url()).pathname),
    )
    .then(async (response) => {
      expect(response.status()).toBe(201);
      return (await response.json()) as CreatedResponse;
    });
}

/**
 * The response the page keeps for a survey (its code and write token), once the server has made it: read from the
 * page's storage, for a journey that reloads, where the create's own reply may be cut short by the reload.
 */
export async function keptResponse(page: Page, surveyCode: string): Promise<CreatedResponse> {
  const kept = () =>
    page.evaluate((code) => {
      const item = (name: string) => localStorage.getItem(`survey-${code}-${name}`);
      return {
        code: item('response-code') ?? '',
        token: item('response-token') ?? '',
        id: Number(item('response-id')),
      };
    }, surveyCode);
  await expect.poll(async () => (await kept()).code).not.toBe('');
  return kept();
}

export type StoredResponse = {
  code: string;
  completed: boolean;
  content: Record<string, string[]>;
  is_desktop: boolean;
  is_mobile: boolean;
};

/** What the backend holds for a response (its token unlocks a completed response's content). */
export async function readStoredResponse(
  request: APIRequestContext,
  created: CreatedResponse,
): Promise<StoredResponse> {
  const response = await request.get(`/api/v1/survey-response/${created.code}/`, {
    headers: { Authorization: `Bearer ${created.token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as StoredResponse;
}

/** Waits until the backend's copy of the response satisfies `check` (saves are debounced and retried). */
export async function expectStoredResponse(
  request: APIRequestContext,
  created: CreatedResponse,
  check: (stored: StoredResponse) => void,
): Promise<void> {
  await expect(async () => check(await readStoredResponse(request, created))).toPass({ timeout: 20_000 });
}

/** Imports a survey file into the e2e server's database with the project's own CLI. */
export function importSurvey(survey: Record<string, unknown>): void {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'survey-')), 'survey.json');
  fs.writeFileSync(file, JSON.stringify(survey));
  execFileSync(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', '--conditions=react-server', 'scripts/survey-import.ts', file],
    {
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? 'data/e2e' },
      stdio: 'pipe',
    },
  );
}

/** A phone on a slow network: the app's scripts arrive `delayMs` after they are asked for (its stylesheets do not). */
export async function delayScripts(page: Page, delayMs: number): Promise<void> {
  await page.route('**/_next/static/chunks/**/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue();
  });
}

/** A layout shift the browser reported, with the elements it moved. */
export type LayoutShift = { value: number; sources: string[] };

/** Records the page's layout shifts from its first paint on; `layoutShifts` reads them. */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: LayoutShift[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; sources: Array<{ node?: Node }> }
      >) {
        shifts.push({ value: entry.value, sources: entry.sources.map((source) => source.node?.nodeName ?? '?') });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export function layoutShifts(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(() => (window as unknown as { layoutShifts: LayoutShift[] }).layoutShifts);
}

/**
 * A desktop browser at a phone's width on a slow network (the server takes it for a desktop): opens `path` with its
 * scripts held back 1.5 s and its layout shifts recorded from the first paint (`layoutShifts`). Resolves once the
 * first HTML is parsed, with the response's create to wait for.
 */
export async function openAtPhoneWidthBeforeTakeOver(
  page: Page,
  path: string,
): Promise<{ created: Promise<CreatedResponse> }> {
  await page.setViewportSize({ width: 390, height: 844 });
  await recordLayoutShifts(page);
  await delayScripts(page, 1500);
  const created = waitForCreatedResponse(page);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return { created };
}

/** Waits until the client has taken over, so a click counts. */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

export type ServerRow = {
  code: string;
  completed: number;
  seq: number;
  expired_empty: number;
  expired_partial: number;
  content: Record<string, string[]>;
};

/**
 * Every response the e2e server's database holds for a survey, read straight from its SQLite file (read-only,
 * beside the running server; WAL lets both read at once): what the server holds, not what a screen says.
 */
export function serverResponses(surveyCode: string): ServerRow[] {
  const file = path.join(process.env.E2E_DATA_DIR ?? 'data/e2e', 'app.db');
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        `select r.code, r.completed, r.seq, r.expired_empty, r.expired_partial, r.content
           from responses r join surveys s on s.id = r.survey_id where s.code = ? order by r.id`,
      )
      .all(surveyCode) as Array<Omit<ServerRow, 'content'> & { content: string }>;
    return rows.map((row) => ({ ...row, content: JSON.parse(row.content) as Record<string, string[]> }));
  } finally {
    db.close();
  }
}

/** The files the e2e server's database records for a survey's question: id, name and size in bytes. */
export function serverUploads(
  surveyCode: string,
  questionId: number,
): Array<{ id: string; original_name: string; size: number }> {
  const file = path.join(process.env.E2E_DATA_DIR ?? 'data/e2e', 'app.db');
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        `select u.id, u.original_name, u.size from uploads u join responses r on r.id = u.response_id
           join surveys s on s.id = r.survey_id where s.code = ? and u.question_id = ? order by u.id`,
      )
      .all(surveyCode, questionId) as Array<{ id: string; original_name: string; size: number }>;
  } finally {
    db.close();
  }
}

/** Waits until the server holds exactly one response for the survey and it satisfies `check`. */
export async function expectOneServerResponse(surveyCode: string, check: (row: ServerRow) => void): Promise<void> {
  await expect(() => {
    const rows = serverResponses(surveyCode);
    expect(rows).toHaveLength(1);
    check(rows[0] as ServerRow);
  }).toPass({ timeout: 20_000 });
}

/**
 * Axe on the page as it is. Legacy mode runs axe inside the page; the default runs its last step in a blank page it
 * opens for each scan, which took twice as long (1.1 to 1.9 s a scan against 0.5 to 1.0 s, with the same findings).
 * Legacy mode does not reach cross-origin frames: these pages have none (a video's player is added only on play).
 */
export function axeScan(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true);
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** WCAG 2.1 A and AA by axe, contrast included, each finding said so that a failed test's reader needs no trace. */
export async function expectNoAxeViolations(
  page: Page,
  where: string,
  options: Parameters<AxeBuilder['options']>[0] = {},
): Promise<void> {
  // options() replaces what withTags() set, so it comes first (on a copy: withTags writes into it).
  const results = await axeScan(page)
    .options({ ...options })
    .withTags(WCAG_TAGS)
    .analyze();
  const found = results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.failureSummary ?? ''}`,
    ),
  );
  expect(found, `axe violations on ${where}`).toEqual([]);
}
