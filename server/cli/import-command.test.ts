import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { findSurveyByCode } from '../surveys/survey-repository';
import { testSurveyFile } from '../testing/fixtures';
import { setUpTestBackend } from '../testing/test-backend';
import { runImportCommand } from './import-command';

const backend = setUpTestBackend();

function capture() {
  const out = { stdout: '', stderr: '' };
  return {
    out,
    io: { stdout: (text: string) => void (out.stdout += text), stderr: (text: string) => void (out.stderr += text) },
  };
}

function writeJson(data: unknown): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'survey-import-')), 'survey.json');
  writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data));
  return file;
}

describe('survey:import', () => {
  it('adds a survey, then replaces it by code, printing its URL path', async () => {
    const { db } = backend();
    const first = capture();
    expect(await runImportCommand(db, [writeJson(testSurveyFile('cli-survey', { password: 'pw' }))], first.io)).toBe(0);
    expect(first.out.stdout).toContain('Survey "cli-survey" created.');
    expect(first.out.stdout).toContain('/survey/cli-survey');
    const before = await findSurveyByCode(db, 'cli-survey');
    expect(before?.password_hash).toMatch(/^scrypt\$/);
    expect(before?.definition).not.toContain('"pw"');

    const second = capture();
    const edited = testSurveyFile('cli-survey', { title: 'Nuevo título' });
    expect(await runImportCommand(db, [writeJson(edited)], second.io)).toBe(0);
    expect(second.out.stdout).toContain('replaced');
    const after = await findSurveyByCode(db, 'cli-survey');
    expect(after?.id).toBe(before?.id);
    expect(after?.definition).toContain('Nuevo título');
    expect(after?.password_hash).toBeNull();
  });

  it('exits 1 with readable zod errors for an invalid file', async () => {
    const { db } = backend();
    const run = capture();
    const bad = { ...testSurveyFile('cli-bad'), pages: [{ id: 'uno', widgets: [{ id: 1, subtype: 'bogus' }] }] };
    expect(await runImportCommand(db, [writeJson(bad)], run.io)).toBe(1);
    expect(run.out.stderr).toContain('is not a valid survey file');
    expect(run.out.stderr).toContain('pages[0].id');
    expect(await findSurveyByCode(db, 'cli-bad')).toBeUndefined();
  });

  it('exits 1 for a bad code, unreadable JSON, or no argument', async () => {
    const { db } = backend();
    const badCode = capture();
    expect(await runImportCommand(db, [writeJson(testSurveyFile('has spaces'))], badCode.io)).toBe(1);
    expect(badCode.out.stderr).toContain('survey_code');
    // Its link, /survey/cli_bad, is sent to /survey/cli-bad (spec §2): a survey stored so could never be opened.
    const underscore = capture();
    expect(await runImportCommand(db, [writeJson(testSurveyFile('cli_bad'))], underscore.io)).toBe(1);
    expect(underscore.out.stderr).toContain('sent to the same link with "-"');
    expect(await findSurveyByCode(db, 'cli_bad')).toBeUndefined();
    const notJson = capture();
    expect(await runImportCommand(db, [writeJson('{nope')], notJson.io)).toBe(1);
    expect(notJson.out.stderr).toContain('as JSON');
    const usage = capture();
    expect(await runImportCommand(db, [], usage.io)).toBe(1);
    expect(usage.out.stderr).toContain('Usage');
  });
});
