import { describe, expect, it } from 'vitest';
import type { Survey } from '@/lib/survey-format/survey';
import { evaluateLogic } from './logic-state';
import {
  firstStep,
  isAutoFinishPage,
  nextStep,
  previousStep,
  progressPercent,
  prunedContent,
  questionNumbering,
  reachableContent,
  pathAhead,
  visibleQuestions,
} from './navigation';
import { buildSurvey, page, question, rule, when } from './test-fixtures';

const desktop = { device: 'desktop' as const };

function linear(count: number) {
  return Array.from({ length: count }, (_, index) =>
    page(index + 1, [question((index + 1) * 100 + 1, 'single_radio')]),
  );
}

/** The survey with its pages in the given order, as a stored page shuffle hands it to the engine. */
function inOrder(survey: Survey, pageIds: readonly number[]): Survey {
  return { ...survey, pages: pageIds.flatMap((id) => survey.pages.filter((page) => page.id === id)) };
}

describe('nextStep', () => {
  it('goes to the next page, then finishes after the last', () => {
    const survey = buildSurvey(linear(3));
    expect(nextStep(survey, {}, desktop, { currentPageId: 1, history: [] })).toEqual({ kind: 'page', pageId: 2 });
    expect(nextStep(survey, {}, desktop, { currentPageId: 3, history: [1, 2] })).toEqual({
      kind: 'finish',
      redirectUrl: null,
      redirectParameters: [],
      ruleId: null,
    });
  });

  it('jumps forward when a jump rule holds', () => {
    const survey = buildSurvey(linear(4), [rule(1, { type: 'jump_page', resource: '4' }, [when(101, 'equals', 2)])]);
    expect(nextStep(survey, { '101': ['2'] }, desktop, { currentPageId: 1, history: [] })).toEqual({
      kind: 'page',
      pageId: 4,
    });
    expect(nextStep(survey, { '101': ['1'] }, desktop, { currentPageId: 1, history: [] })).toEqual({
      kind: 'page',
      pageId: 2,
    });
  });

  it('takes the first jump that holds, in logic_list order', () => {
    const survey = buildSurvey(linear(4), [
      rule(1, { type: 'jump_page', resource: '3' }, [when(101, 'answered')]),
      rule(1, { type: 'jump_page', resource: '4' }),
    ]);
    expect(nextStep(survey, { '101': ['1'] }, desktop, { currentPageId: 1, history: [] })).toEqual({
      kind: 'page',
      pageId: 3,
    });
    expect(nextStep(survey, {}, desktop, { currentPageId: 1, history: [] })).toEqual({ kind: 'page', pageId: 4 });
  });

  it('ignores backward, self and unknown jumps', () => {
    const survey = buildSurvey(linear(3), [
      rule(2, { type: 'jump_page', resource: '1' }),
      rule(2, { type: 'jump_page', resource: '2' }),
      rule(2, { type: 'jump_page', resource: '42' }),
    ]);
    expect(nextStep(survey, {}, desktop, { currentPageId: 2, history: [1] })).toEqual({ kind: 'page', pageId: 3 });
  });

  it('only applies the current page’s rules', () => {
    const survey = buildSurvey(linear(4), [rule(2, { type: 'jump_page', resource: '4' })]);
    expect(nextStep(survey, {}, desktop, { currentPageId: 1, history: [] })).toEqual({ kind: 'page', pageId: 2 });
    expect(nextStep(survey, {}, desktop, { currentPageId: 2, history: [1] })).toEqual({ kind: 'page', pageId: 4 });
  });

  it('finishes with redirect URL and parameters as labels; finish wins over jump', () => {
    const survey = buildSurvey(
      [
        page(1, [question(101, 'single_radio', { settings: { has_other: true } }), question(102, 'multiple_checkbox')]),
        page(2, [question(201, 'single_radio')]),
      ],
      [
        rule(1, { type: 'jump_page', resource: '2' }),
        rule(
          1,
          {
            type: 'finish_survey',
            resource: '',
            finish_redirect_url: ' https://example.com/done ',
            redirect_parameters: [
              { name: 'choice', source: 'question', reference: '101' },
              { name: 'many', source: 'question', reference: '102' },
              { name: 'dept', source: 'custom_field', reference: 'dept' },
              { name: 'src', source: 'url_param', reference: 'src' },
              { name: 'mail', source: 'email_field', reference: '' },
              { name: 'none', source: 'question', reference: '999' },
            ],
          },
          [when(101, 'answered')],
        ),
      ],
    );
    const content = {
      '101': ['2'],
      '102': ['3', '1'],
      'custom_field:dept': ['Ventas'],
      'custom_field:email': ['a@b.co'],
      'url_param:src': ['mail'],
    };
    const step = nextStep(survey, content, { device: 'mobile', lang: 'en' }, { currentPageId: 1, history: [] });
    expect(step).toEqual({
      kind: 'finish',
      redirectUrl: 'https://example.com/done',
      redirectParameters: [
        { name: 'choice', value: 'Option 2' },
        { name: 'many', value: 'Option 3, Option 1' },
        { name: 'dept', value: 'Ventas' },
        { name: 'src', value: 'mail' },
        { name: 'mail', value: 'a@b.co' },
        { name: 'none', value: '' },
      ],
      ruleId: survey.logic_list[1]?.id,
    });
    const other = nextStep(survey, { '101': ['others:|:Mi texto'] }, desktop, { currentPageId: 1, history: [] });
    expect(other.kind === 'finish' && other.redirectParameters[0]).toEqual({ name: 'choice', value: 'Mi texto' });
    expect(nextStep(survey, {}, desktop, { currentPageId: 1, history: [] })).toEqual({ kind: 'page', pageId: 2 });
  });

  it('skips hidden pages, including a hidden jump target', () => {
    const survey = buildSurvey(
      [...linear(4), page(5, [question(501, 'single_radio')])],
      [
        rule(1, { type: 'hide_page', resource: '2' }),
        rule(1, { type: 'show_page', resource: '4' }, [when(101, 'equals', 3)]),
        rule(1, { type: 'jump_page', resource: '4' }, [when(101, 'equals', 1)]),
      ],
    );
    expect(nextStep(survey, {}, desktop, { currentPageId: 1, history: [] })).toEqual({ kind: 'page', pageId: 3 });
    expect(nextStep(survey, { '101': ['1'] }, desktop, { currentPageId: 1, history: [] })).toEqual({
      kind: 'page',
      pageId: 5,
    });
    expect(nextStep(survey, {}, desktop, { currentPageId: 3, history: [1] })).toEqual({ kind: 'page', pageId: 5 });
  });

  it('ends the survey on reaching an auto-finish page, with its redirect', () => {
    const survey = buildSurvey(
      [
        page(1, [question(101, 'single_radio')]),
        page(2, [{ id: 900, subtype: 'text_block', title: 'Bye' }]),
        page(3, [question(301, 'single_radio')]),
      ],
      [rule(2, { type: 'finish_survey', resource: '', finish_redirect_url: 'https://x.test' })],
    );
    const step = nextStep(survey, {}, desktop, { currentPageId: 1, history: [] });
    expect(step).toMatchObject({ kind: 'finish', redirectUrl: 'https://x.test' });
  });

  it('passes through pages with nothing visible, applying their rules', () => {
    const survey = buildSurvey(
      [
        page(1, [question(101, 'single_radio')]),
        page(2, [question(201, 'single_radio')]),
        page(3, [question(301, 'single_radio')]),
        page(4, [question(401, 'single_radio')]),
      ],
      [
        rule(1, { type: 'hide_question', resource: '201' }, [when(101, 'equals', 1)]),
        rule(2, { type: 'jump_page', resource: '4' }, [when(101, 'equals', 1)]),
      ],
    );
    expect(nextStep(survey, { '101': ['1'] }, desktop, { currentPageId: 1, history: [] })).toEqual({
      kind: 'page',
      pageId: 4,
    });
    expect(nextStep(survey, { '101': ['2'] }, desktop, { currentPageId: 1, history: [] })).toEqual({
      kind: 'page',
      pageId: 2,
    });
  });

  it('follows the pages in the order the survey has them (a page shuffle)', () => {
    const survey = inOrder(buildSurvey(linear(3)), [3, 1, 2]);
    expect(nextStep(survey, {}, desktop, { currentPageId: 3, history: [] })).toEqual({
      kind: 'page',
      pageId: 1,
    });
  });

  it('never loops on jump cycles and never revisits history', () => {
    const survey = buildSurvey(linear(4), [
      rule(1, { type: 'jump_page', resource: '3' }),
      rule(3, { type: 'jump_page', resource: '1' }),
      rule(3, { type: 'jump_page', resource: '2' }),
      rule(2, { type: 'jump_page', resource: '3' }),
    ]);
    expect(nextStep(survey, {}, desktop, { currentPageId: 3, history: [1] })).toEqual({ kind: 'page', pageId: 4 });
    // A shuffle that puts 2 after 3 makes the jump 3→2 forward; 2 is not in history, so it is allowed.
    const shuffled = inOrder(survey, [1, 3, 2, 4]);
    expect(nextStep(shuffled, {}, desktop, { currentPageId: 3, history: [1] })).toEqual({ kind: 'page', pageId: 2 });
    expect(nextStep(shuffled, {}, desktop, { currentPageId: 2, history: [1, 3] })).toEqual({ kind: 'page', pageId: 4 });
  });
});

describe('firstStep', () => {
  it('starts on the first visible page', () => {
    const survey = buildSurvey(linear(3), [rule(2, { type: 'hide_page', resource: '1' })]);
    expect(firstStep(survey, {}, desktop)).toEqual({ kind: 'page', pageId: 2 });
    expect(firstStep(inOrder(buildSurvey(linear(3)), [2, 1, 3]), {}, desktop)).toEqual({ kind: 'page', pageId: 2 });
  });
  it('finishes at once for an auto-finish first page or a survey without pages', () => {
    const survey = buildSurvey(
      [page(1, [])],
      [rule(1, { type: 'finish_survey', resource: '', finish_redirect_url: 'https://go.test' })],
    );
    expect(firstStep(survey, {}, desktop)).toMatchObject({ kind: 'finish', redirectUrl: 'https://go.test' });
    expect(firstStep(buildSurvey([]), {}, desktop)).toMatchObject({ kind: 'finish', redirectUrl: null });
  });
});

describe('previousStep', () => {
  it('pops the history stack, so back from a jump target returns to the page that jumped', () => {
    const survey = buildSurvey(linear(5));
    const state = evaluateLogic(survey, {}, desktop);
    expect(previousStep(survey, [1, 2, 5], state)).toEqual({ pageId: 5, history: [1, 2] });
    expect(previousStep(survey, [1], state)).toEqual({ pageId: 1, history: [] });
    expect(previousStep(survey, [], state)).toBeNull();
  });

  it('passes over a page passed that logic now hides, or whose questions it all hides', () => {
    const survey = buildSurvey(linear(4), [
      rule(4, { type: 'hide_page', resource: '3' }, [when(401, 'equals', 1)]),
      rule(4, { type: 'hide_question', resource: '201' }, [when(401, 'equals', 1)]),
    ]);
    const state = evaluateLogic(survey, { '401': ['1'] }, desktop);
    expect(previousStep(survey, [1, 2, 3], state)).toEqual({ pageId: 1, history: [] });
    expect(previousStep(survey, [2, 3], state)).toBeNull();
  });
});

describe('pathAhead', () => {
  it('passes over hidden pages, pages whose questions are all hidden, and pages that end the survey', () => {
    const survey = buildSurvey(
      [...linear(3), page(4, [{ id: 90, subtype: 'text_block', title: 'Bye' }])],
      [
        rule(1, { type: 'show_question', resource: '201' }, [when(101, 'equals', 1)]),
        rule(1, { type: 'hide_page', resource: '3' }, [when(101, 'equals', 3)]),
        rule(4, { type: 'finish_survey', resource: '' }),
      ],
    );
    const from = (answer: string) => pathAhead(survey, { '101': [answer] }, desktop, { currentPageId: 1, history: [] });
    expect(from('2')).toEqual([3]);
    expect(from('1')).toEqual([2, 3]);
    expect(from('3')).toEqual([]);
  });

  it('follows the jumps and the finish rules that hold as the answers stand, each page once', () => {
    const survey = buildSurvey(linear(5), [
      rule(1, { type: 'jump_page', resource: '4' }, [when(101, 'equals', 2)]),
      rule(2, { type: 'finish_survey', resource: '' }, [when(201, 'equals', 1)]),
      // Backward: ignored, as `nextStep` ignores it.
      rule(4, { type: 'jump_page', resource: '1' }),
    ]);
    const at = (content: Record<string, string[]>, currentPageId = 1, history: number[] = []) =>
      pathAhead(survey, content, desktop, { currentPageId, history });
    expect(at({})).toEqual([2, 3, 4, 5]);
    expect(at({ '101': ['2'] })).toEqual([4, 5]);
    expect(at({ '201': ['1'] })).toEqual([2]);
    expect(at({ '201': ['1'] }, 2, [1])).toEqual([]);
    expect(at({}, 5, [1, 2, 3, 4])).toEqual([]);
  });
});

describe('reachableContent', () => {
  it('leaves out the answers of pages passed over, and keeps those of pages not reached yet', () => {
    const survey = buildSurvey(linear(4));
    const content = { '101': ['2'], '201': ['1'], '301': ['1'], '401': ['3'], 'url_param:src': ['mail'] };
    expect(reachableContent(survey, content, { currentPageId: 3, history: [1] })).toEqual({
      '101': ['2'],
      '301': ['1'],
      '401': ['3'],
      'url_param:src': ['mail'],
    });
    expect(reachableContent(survey, content, { currentPageId: 3, history: [1, 2] })).toBe(content);
    expect(reachableContent(survey, content, { currentPageId: 1, history: [] })).toBe(content);
  });
});

describe('isAutoFinishPage', () => {
  const finish = rule(7, { type: 'finish_survey', resource: '' });
  it('needs no questions and only unconditional finish rules', () => {
    const blocks = buildSurvey([page(7, [{ id: 1, subtype: 'text_block' }])], [finish]).pages[0]!;
    const withQuestion = buildSurvey([page(7, [question(1, 'single_radio')])], [finish]).pages[0]!;
    expect(isAutoFinishPage(blocks, buildSurvey([], [finish]).logic_list)).toBe(true);
    expect(isAutoFinishPage(withQuestion, buildSurvey([], [finish]).logic_list)).toBe(false);
    expect(isAutoFinishPage(blocks, [])).toBe(false);
    const conditional = buildSurvey([], [rule(7, { type: 'finish_survey', resource: '' }, [when(1, 'answered')])]);
    expect(isAutoFinishPage(blocks, conditional.logic_list)).toBe(false);
    const mixed = buildSurvey([], [finish, rule(7, { type: 'jump_page', resource: '8' })]);
    expect(isAutoFinishPage(blocks, mixed.logic_list)).toBe(false);
  });
});

describe('visibleQuestions, questionNumbering, progressPercent', () => {
  const survey = buildSurvey(
    [
      page(1, [question(101, 'single_radio'), { id: 150, subtype: 'text_block' }, question(102, 'single_radio')]),
      page(2, [question(201, 'single_radio')]),
      page(3, [question(301, 'single_radio'), question(302, 'single_radio')]),
    ],
    [rule(1, { type: 'hide_question', resource: '102' }, [when(101, 'equals', 1)])],
  );

  it('lists visible questions only', () => {
    const state = evaluateLogic(survey, { '101': ['1'] }, desktop);
    expect(visibleQuestions(survey.pages[0]!, state).map((widget) => widget.id)).toEqual([101]);
  });

  it('numbers along the path taken, without gaps', () => {
    const state = evaluateLogic(survey, { '101': ['1'] }, desktop);
    expect(questionNumbering(survey, [1, 3], state)).toEqual(
      new Map([
        [101, 1],
        [301, 2],
        [302, 3],
      ]),
    );
    const shown = evaluateLogic(survey, {}, desktop);
    expect(questionNumbering(survey, [1, 2], shown)).toEqual(
      new Map([
        [101, 1],
        [102, 2],
        [201, 3],
      ]),
    );
  });

  it('gives whole percentages, never 100 before the end', () => {
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(199, 200)).toBe(99);
    expect(progressPercent(3, 3)).toBe(100);
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(5, 3)).toBe(100);
    expect(progressPercent(-1, 3)).toBe(0);
    expect(progressPercent(Number.NaN, 3)).toBe(0);
  });
});

describe('prunedContent', () => {
  const survey = buildSurvey(
    [
      page(1, [question(101, 'single_radio'), question(102, 'multiple_checkbox'), { id: 150, subtype: 'text_block' }]),
      page(2, [question(201, 'freetext_input', {}, 0)]),
      page(3, [question(301, 'freetext_input', {}, 0)]),
    ],
    [
      rule(1, { type: 'hide_page', resource: '2' }, [when(101, 'equals', 1)]),
      rule(1, { type: 'hide_option', resource: '102:2' }, [when(101, 'equals', 1)]),
    ],
  );
  const content = {
    '101': ['1'],
    '102': ['1', '2'],
    '150': ['x'],
    '201': ['stale'],
    '301': ['kept'],
    '999': ['deleted question'],
    junk: ['?'],
    'custom_field:dept': ['Ventas'],
    'url_param:src': ['mail'],
  };

  it('empties hidden questions and hidden options, drops non-questions and unknown keys; keeps fields and params', () => {
    const state = evaluateLogic(survey, content, desktop);
    expect(prunedContent(survey, content, state)).toEqual({
      '101': ['1'],
      '102': ['1'],
      '201': [],
      '301': ['kept'],
      'custom_field:dept': ['Ventas'],
      'url_param:src': ['mail'],
    });
  });

  it('sends an answer left empty by hidden options, one cleared and one off the path as [], never leaves them out', () => {
    const state = evaluateLogic(survey, { '101': ['1'], '102': ['2'] }, desktop);
    expect(prunedContent(survey, { '101': ['1'], '102': ['2'], '301': ['x'] }, state, [1])).toEqual({
      '101': ['1'],
      '102': [],
      '301': [],
    });
    expect(prunedContent(survey, { '101': [''], '102': [] }, state)).toEqual({ '101': [], '102': [] });
  });

  it('does not mutate its input', () => {
    const copy = structuredClone(content);
    prunedContent(survey, content, evaluateLogic(survey, content, desktop));
    expect(content).toEqual(copy);
  });
});
