import { describe, expect, it, vi } from 'vitest';
import { surveySchema } from '@/lib/survey-format/survey';
import { generateMetadata } from './page';

vi.mock('@/features/survey-flow/server/load-survey', () => ({
  loadSurvey: async () => ({
    ok: true,
    survey: surveySchema.parse({ survey_id: 1, title: 'Hola {{custom_field:name}}!', pages: [] }),
  }),
}));

const metadata = (id: string) =>
  generateMetadata({ params: Promise.resolve({ locale: 'es', id }), searchParams: Promise.resolve({}) });

describe('the survey page’s tab title', () => {
  it('is the survey’s title without its pipe tokens: no answers exist for it, so they read as unanswered', async () => {
    expect((await metadata('shop')).title).toBe('Hola !');
  });
});
