// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { surveySchema } from '@/lib/survey-format/survey';
import { renderWithIntl } from '@/test/render-with-intl';
import { SurveyMessageScreen } from './survey-message-screen';

describe('SurveyMessageScreen, the survey’s title', () => {
  it('shows the title without its pipe tokens: the page has no answers, so they read as unanswered', () => {
    const survey = surveySchema.parse({ survey_id: 1, title: 'Hola {{custom_field:name}}!', pages: [] });
    renderWithIntl(<SurveyMessageScreen survey={survey} uiLanguage="en" text="Closed." action={null} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Hola !$/);
  });
});
