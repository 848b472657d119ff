// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { responseReadSchema } from '@/lib/survey-format/response';
import { surveySchema } from '@/lib/survey-format/survey';
import { renderWithIntl } from '@/test/render-with-intl';
import type { ResumeSources } from './resume-outcome';
import { ResumeScreen } from './resume-screen';

vi.mock('next/navigation', () => ({ useRouter: () => ({ replace: vi.fn() }) }));

const survey = surveySchema.parse({
  survey_id: 1,
  user_profile: { pack: 'PLUS' },
  share_config: { end_type: 'RESUME' },
  pages: [
    {
      id: 1,
      widgets: [
        { id: 11, subtype: 'freetext_input', title: 'Name' },
        { id: 12, subtype: 'freetext_input', title: 'Thanks, {{question:11}}?' },
      ],
    },
  ],
});

const sources: ResumeSources = {
  readResponse: async () =>
    responseReadSchema.parse({ code: 'r1', completed: true, survey_code: 'shop', content: { '11': ['Ana'] } }),
  readSurvey: async () => survey,
};

describe('ResumeScreen, a finished response’s summary', () => {
  it('pipes the questions’ titles with the response’s answers, in the survey language', async () => {
    renderWithIntl(
      <ResumeScreen
        responseCode="r1"
        surveyCode="shop"
        uiLanguage="es"
        languagePrefix=""
        sources={sources}
        hiddenWidgetIds={() => new Set()}
        piping={(_survey, content, lang) => (text) =>
          `${lang}:${text.replace('{{question:11}}', content['11']?.[0] ?? '')}`
        }
        classNames={{ button: '' }}
      />,
    );
    const terms = await screen.findAllByRole('term');
    expect(terms.map((term) => term.textContent)).toEqual(['es:Name', 'es:Thanks, Ana?']);
  });
});
