// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { surveySchema } from '@/lib/survey-format/survey';
import { resolveText, type Text } from '@/lib/survey-format/text';
import { renderWithIntl } from '@/test/render-with-intl';
import { AnswersSummaryScreen } from './answers-summary';

const radio = (id: number) => ({
  id,
  subtype: 'single_radio',
  title: `Q${id}`,
  items: [
    { id: 1, value: 'Yes' },
    { id: 2, value: 'No' },
  ],
});

const survey = surveySchema.parse({
  survey_id: 1,
  pages: [
    { id: 1, widgets: [radio(11)] },
    { id: 2, widgets: [radio(21)] },
    { id: 3, widgets: [radio(31)] },
  ],
});

function summary(passedPageIds?: readonly number[]) {
  renderWithIntl(
    <AnswersSummaryScreen
      survey={survey}
      content={{ '11': ['1'], '31': ['2'] }}
      lang="es"
      text={(value: Text | null | undefined) => resolveText(value, 'es', 'es')}
      textLang={undefined}
      hiddenWidgetIds={new Set()}
      passedPageIds={passedPageIds}
      continueUrl={null}
      buttonClassName=""
    />,
  );
  return screen.getAllByRole('term').map((term) => term.textContent);
}

describe('AnswersSummaryScreen', () => {
  it('lists the questions of the pages passed through, not those of a page a jump skipped', () => {
    expect(summary([1, 3])).toEqual(['Q11', 'Q31']);
  });

  it('lists every question when the pages passed are not known (the resume page)', () => {
    expect(summary()).toEqual(['Q11', 'Q21', 'Q31']);
  });
});
