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

  it('shows an option label with its tokens as the survey showed them (text), a typed answer as typed', () => {
    const tokens = surveySchema.parse({
      survey_id: 2,
      pages: [
        {
          id: 1,
          widgets: [
            { id: 11, subtype: 'freetext_input', title: 'Name' },
            { id: 12, subtype: 'single_radio', title: 'Pick', items: [{ id: 1, value: 'Yes, {{question:11}}' }] },
            { id: 13, subtype: 'freetext_input', title: 'Note' },
          ],
        },
      ],
    });
    renderWithIntl(
      <AnswersSummaryScreen
        survey={tokens}
        content={{ '11': ['Ana'], '12': ['1'], '13': ['{{question:11}}'] }}
        lang="es"
        text={(value: Text | null | undefined) => resolveText(value, 'es', 'es').replace('{{question:11}}', 'Ana')}
        textLang={undefined}
        hiddenWidgetIds={new Set()}
        continueUrl={null}
        buttonClassName=""
      />,
    );
    expect(screen.getAllByRole('definition').map((answer) => answer.textContent)).toEqual([
      'Ana',
      'Yes, Ana',
      '{{question:11}}',
    ]);
  });

  it('shows files by their names where known, else by their number, and a signature as given; never their ids', () => {
    const files = surveySchema.parse({
      survey_id: 3,
      pages: [
        {
          id: 1,
          widgets: [
            { id: 11, subtype: 'other_file_upload', title: 'CV' },
            { id: 12, subtype: 'other_file_upload', title: 'Photos' },
            { id: 13, subtype: 'other_signature', title: 'Sign' },
            { id: 14, subtype: 'other_file_upload', title: 'None' },
            { id: 15, subtype: 'freetext_input', title: 'Name' },
          ],
        },
      ],
    });
    const names = new Map([['up-1', 'cv.pdf']]);
    renderWithIntl(
      <AnswersSummaryScreen
        survey={files}
        content={{ '11': ['up-1'], '12': ['up-2', 'up-3'], '13': ['up-4'], '14': [], '15': ['Ana'] }}
        lang="en"
        text={(value: Text | null | undefined) => resolveText(value, 'en', 'en')}
        textLang="es"
        hiddenWidgetIds={new Set()}
        uploadName={(value) => names.get(value) ?? null}
        continueUrl={null}
        buttonClassName=""
      />,
    );
    const answers = screen.getAllByRole('definition');
    expect(answers.map((answer) => answer.textContent)).toEqual([
      'cv.pdf',
      '2 files',
      'Signature saved',
      'No answer',
      'Ana',
    ]);
    // The page's words and the files' own names are not in the survey's language; a typed answer is.
    expect(answers.map((answer) => answer.getAttribute('lang'))).toEqual([null, null, null, null, 'es']);
  });
});
