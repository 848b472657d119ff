import { describe, expect, it } from 'vitest';

import { setUpTestBackend } from '../testing/test-backend';
import { demoSurveyFiles } from './demo-surveys';
import { seedDemoSurveys } from './seed-demo';

const backend = setUpTestBackend();

describe('seedDemoSurveys', () => {
  it('adds every demo once, keeps edited ones, and stores the password only as a hash', async () => {
    const { db } = backend();
    await seedDemoSurveys(db, Date.now());
    const rows = await db.selectFrom('surveys').select(['code', 'definition', 'password_hash', 'is_demo']).execute();
    expect(rows).toHaveLength(demoSurveyFiles.length);
    expect(rows.every((row) => row.is_demo === 1)).toBe(true);

    const locked = rows.find((row) => row.code === 'demo-password');
    expect(locked?.password_hash).toMatch(/^scrypt\$/);
    expect(locked?.definition).not.toContain('"demo"');
    expect(rows.filter((row) => row.password_hash !== null)).toHaveLength(1);

    await db
      .updateTable('surveys')
      .set({ definition: '{"survey_id":1,"title":"Editada"}' })
      .where('code', '=', 'demo-simple')
      .execute();
    await seedDemoSurveys(db, Date.now());
    const again = await db.selectFrom('surveys').select(['code', 'definition']).execute();
    expect(again).toHaveLength(demoSurveyFiles.length);
    expect(again.find((row) => row.code === 'demo-simple')?.definition).toContain('Editada');
  });
});
