import { describe, expect, it } from 'vitest';

import { patchResponse } from '../responses/patch-response';
import { testSurveyFile } from '../testing/fixtures';
import { seedSurvey, startResponse } from '../testing/scenario';
import { setUpTestBackend } from '../testing/test-backend';
import { runExportCommand } from './export-command';

const backend = setUpTestBackend();

async function finish(code: string, token: string, content: Record<string, string[]>) {
  const finishBody = {
    seq: 1,
    client_signature: 's',
    content,
    completed: true as const,
    redirected: false,
    expired_empty: false as const,
    expired_partial: false as const,
  };
  await patchResponse(backend().db, code, token, finishBody, Date.now());
}

/** Minimal RFC 4180 reader for the assertions. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index += 1;
    } else field += char;
  }
  return rows;
}

describe('responses:export', () => {
  it('writes one RFC 4180 row per finished response, labels instead of ids', async () => {
    const { db } = backend();
    const surveyId = await seedSurvey(testSurveyFile('export-survey'));
    const a = await startResponse('export-survey', surveyId);
    await finish(a.code, a.token, {
      '101': ['2'],
      '102': ['Dijo "hola",\nadiós'],
      '105': ['1', '2'],
      '103': [],
    });
    const b = await startResponse('export-survey', surveyId);
    await finish(b.code, b.token, { '101': ['others:|:Verde'], '102': ['=HYPERLINK("x")'] });
    await startResponse('export-survey', surveyId); // unfinished: not exported

    let stdout = '';
    const code = await runExportCommand(db, ['export-survey'], {
      stdout: (text) => void (stdout += text),
      stderr: () => undefined,
    });
    expect(code).toBe(0);
    expect(stdout.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(stdout);
    expect(rows[0]).toEqual([
      'code',
      'created_date',
      'start_date',
      '¿Color favorito?',
      'Comentario "libre"',
      'Adjunto',
      'Firma',
      'Opciones',
    ]);
    expect(rows).toHaveLength(3);
    const rowA = rows.find((row) => row[0] === a.code);
    expect(rowA?.slice(2)).toEqual([
      '2026-11-22T10:30:00.000+01:00',
      'Azul, claro',
      'Dijo "hola",\nadiós',
      '',
      '',
      'A; B',
    ]);
    const rowB = rows.find((row) => row[0] === b.code);
    expect(rowB?.[3]).toBe('Verde');
    expect(rowB?.[4]).toBe(`'=HYPERLINK("x")`);
    expect(stdout).toContain('"Dijo ""hola"",\nadiós"');
  });

  it('exits 1 for an unknown survey or a missing argument', async () => {
    const { db } = backend();
    let stderr = '';
    const io = { stdout: () => undefined, stderr: (text: string) => void (stderr += text) };
    expect(await runExportCommand(db, ['missing-survey'], io)).toBe(1);
    expect(stderr).toContain('missing-survey');
    expect(await runExportCommand(db, [], io)).toBe(1);
  });
});
