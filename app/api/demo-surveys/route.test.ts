import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { seedDemoSurveys } from '@/server/demo/seed-demo';
import { testSurveyFile } from '@/server/testing/fixtures';
import { apiRequest } from '@/server/testing/http';
import { seedSurvey } from '@/server/testing/scenario';
import { currentTestDb, setUpTestBackend } from '@/server/testing/test-backend';

import { GET } from './route';

vi.mock('@/server/db/get-db', () => import('@/server/testing/mock-get-db'));

setUpTestBackend();

describe('GET /api/demo-surveys/', () => {
  beforeAll(async () => {
    await seedDemoSurveys(await currentTestDb(), Date.now());
    await seedSurvey(testSurveyFile('not-a-demo'));
  });

  it('lists the demo surveys (only those) with title and description in the asked language', async () => {
    const response = await GET(apiRequest('GET', '/api/demo-surveys/?lang=en'));
    expect(response.status).toBe(200);
    const list = (await response.json()) as { code: string; title: string; description?: string }[];
    expect(list.map((entry) => entry.code)).not.toContain('not-a-demo');
    expect(list.find((entry) => entry.code === 'demo-simple')).toEqual({
      code: 'demo-simple',
      title: 'Your experience at the shop',
      description: 'Three quick questions: one choice, one text and some checkboxes.',
    });
    const arabic = (await (await GET(apiRequest('GET', '/api/demo-surveys/?lang=ar'))).json()) as {
      code: string;
      title: string;
    }[];
    expect(arabic.find((entry) => entry.code === 'demo-multilang')?.title).toBe('استبيان السفر');
    expect(arabic.find((entry) => entry.code === 'demo-simple')?.title).toBe('Tu experiencia en la tienda');
  });

  it('defaults to each survey’s original language and ignores a malformed lang', async () => {
    const list = (await (await GET(apiRequest('GET', '/api/demo-surveys/?lang=<x>'))).json()) as {
      code: string;
      title: string;
    }[];
    expect(list.find((entry) => entry.code === 'demo-simple')?.title).toBe('Tu experiencia en la tienda');
  });

  describe('under a flood of calls', () => {
    afterEach(() => vi.useRealTimers());

    it('reads the list once a second for each language', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const titleOf = async () => {
        const list = (await (await GET(apiRequest('GET', '/api/demo-surveys/?lang=de'))).json()) as {
          code: string;
          title: string;
        }[];
        return list.find((entry) => entry.code === 'demo-simple')?.title;
      };
      const before = await titleOf();
      const db = await currentTestDb();
      const row = await db
        .selectFrom('surveys')
        .select('definition')
        .where('code', '=', 'demo-simple')
        .executeTakeFirstOrThrow();
      const renamed = JSON.stringify({ ...JSON.parse(row.definition), title: 'Renamed' });
      await db.updateTable('surveys').set({ definition: renamed }).where('code', '=', 'demo-simple').execute();
      vi.advanceTimersByTime(500);
      expect(await titleOf()).toBe(before);
      vi.advanceTimersByTime(600);
      expect(await titleOf()).toBe('Renamed');
      await db.updateTable('surveys').set({ definition: row.definition }).where('code', '=', 'demo-simple').execute();
    });
  });
});
