import { describe, expect, it } from 'vitest';

import { testSurveyFile } from '../testing/fixtures';
import { seedSurvey, startResponse } from '../testing/scenario';
import { currentTestDb, setUpTestBackend } from '../testing/test-backend';
import { readSurvey } from '../surveys/read-survey';

setUpTestBackend();

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

describe('a survey whose start date is still to come', () => {
  it('refuses a create as closed by its author, and serves the survey as closed', async () => {
    const code = 'starts-tomorrow';
    const id = await seedSurvey(testSurveyFile(code, { config: { start_date: isoDay(Date.now() + DAY_MS) } }));
    await expect(startResponse(code, id)).rejects.toMatchObject({
      status: 403,
      code: 'survey_closed',
      extra: { close_reason: 'author' },
    });
    expect(await readSurvey(await currentTestDb(), code, undefined, Date.now())).toMatchObject({
      is_open: false,
      close_reason: 'author',
    });
  });

  it('takes responses from its start date on', async () => {
    const code = 'started-yesterday';
    const id = await seedSurvey(testSurveyFile(code, { config: { start_date: isoDay(Date.now() - DAY_MS) } }));
    expect((await startResponse(code, id)).code).toEqual(expect.any(String));
  });
});
