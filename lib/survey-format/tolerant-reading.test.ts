import { afterEach, describe, expect, it, vi } from 'vitest';
import { exampleSurvey } from './example-survey';
import {
  checkPasswordResultSchema,
  createResponseResultSchema,
  responseReadSchema,
  uploadResultSchema,
} from './response';
import { surveySchema, type Survey } from './survey';

/**
 * What other backends send for "nothing" or for a kind this app does not know is read, never an error for the
 * respondent (survey-format.md "Conventions"). Each case is the example survey with one such difference.
 */
type Entry = Record<string, unknown>;
type Json = Entry & { pages: Array<Entry & { widgets: Entry[] }> };

function example(change: (survey: Json) => void): unknown {
  const survey = structuredClone(exampleSurvey) as unknown as Json;
  change(survey);
  return survey;
}

function read(change: (survey: Json) => void): Survey {
  const result = surveySchema.safeParse(example(change));
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
}

const original = surveySchema.parse(exampleSurvey);
const widget = (survey: Json, id: number) => survey.pages.flatMap((page) => page.widgets).find((w) => w.id === id)!;
const logic = (survey: Json) => survey.logic_list as Entry[];

afterEach(() => vi.restoreAllMocks());

describe('an empty list where the format has an object', () => {
  it.each<[string, (survey: Json) => void, (survey: Survey) => unknown]>([
    ['config', (s) => (s.config = []), (s) => s.config.hide_back_button],
    ['share_config', (s) => (s.share_config = []), (s) => s.share_config.end_type],
    ['theme_obj', (s) => (s.theme_obj = []), (s) => s.theme_obj.question_style],
    ['theme_obj.colors', (s) => ((s.theme_obj as Entry).colors = []), (s) => s.theme_obj.colors.primary],
    ['user_profile', (s) => (s.user_profile = []), (s) => s.user_profile.pack],
    ['contact', (s) => (s.contact = []), (s) => s.contact.custom_fields],
    ['response_email', (s) => (s.response_email = []), (s) => s.response_email],
    ['a widget’s settings', (s) => (widget(s, 101).settings = []), (s) => s.pages[0]!.widgets[1]!.settings],
    ['a widget’s validation', (s) => (widget(s, 101).validation = []), (s) => s.pages[0]!.widgets[1]!.validation],
    ['a page’s background', (s) => (s.pages[0]!.background = []), (s) => s.pages[0]!.background],
    ['a Text', (s) => (s.title = []), (s) => s.title],
    ['a description', (s) => (widget(s, 101).description = []), (s) => s.pages[0]!.widgets[1]!.description],
  ])('%s: the field is missing, so its default applies', (_field, change, pick) => {
    const survey = read(change);
    const defaults = surveySchema.parse({
      survey_id: 1,
      pages: [{ id: 1, widgets: [{ id: 1, subtype: 'single_radio' }] }],
    });
    const expected: Record<string, unknown> = {
      config: defaults.config.hide_back_button,
      share_config: 'BACK',
      theme_obj: 'standard',
      'theme_obj.colors': '#1876FA',
      user_profile: 'FREE',
      contact: [],
      response_email: null,
      'a widget’s settings': {},
      'a widget’s validation': null,
      'a page’s background': null,
      'a Text': '',
      'a description': null,
    };
    expect(pick(survey)).toEqual(expected[_field]);
  });
});

describe('an object where the format has a list', () => {
  it('reads {} as an empty list', () => {
    const survey = read((s) => {
      s.alerts = {};
      s.languages = {};
      s.logic_list = {};
      widget(s, 101).items = {};
      (s.contact as Entry).custom_fields = {};
    });
    expect(survey.alerts).toEqual([]);
    expect(survey.languages).toEqual([]);
    expect(survey.logic_list).toEqual([]);
    expect(survey.pages[0]!.widgets[1]!.items).toEqual([]);
    expect(survey.contact.custom_fields).toEqual([]);
  });

  it('reads a list written by index in the order of its indexes', () => {
    const survey = read((s) => {
      const byIndex = Object.fromEntries(s.pages.map((page, index) => [index, page]).reverse());
      s.pages = byIndex as unknown as Json['pages'];
    });
    expect(survey.pages.map((page) => page.id)).toEqual(original.pages.map((page) => page.id));
  });

  it('refuses an object that is not a list written by index', () => {
    expect(surveySchema.safeParse(example((s) => (s.pages = { first: s.pages[0] } as never))).success).toBe(false);
  });
});

describe('a kind this app does not know', () => {
  it('falls back to the default for end, close and share types, timeouts, matches and source types', () => {
    const survey = read((s) => {
      s.share_config = { end_type: 'SURVEY', close_type: 'PAGE', type: 'qr' };
      s.config = { timeout_type: 'weeks' };
      logic(s)[0]!.match = 'most';
      (logic(s)[0]!.conditions as Entry[])[0]!.source_type = 'label';
    });
    expect(survey.share_config).toMatchObject({ end_type: 'BACK', close_type: 'BACK', type: 'link' });
    expect(survey.config.timeout_type).toBe('minutes');
    expect(survey.logic_list[0]).toMatchObject({ match: 'all', conditions: [{ source_type: 'item' }] });
  });

  it('leaves out a widget of an unknown subtype, and keeps the rest of its page', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const survey = read((s) => {
      s.pages[0]!.widgets.push({ id: 990, subtype: 'html_block' });
      widget(s, 101).subtype = 'other_map_picker';
    });
    const ids = survey.pages[0]!.widgets.map((w) => w.id);
    expect(ids).toEqual(original.pages[0]!.widgets.map((w) => w.id).filter((id) => id !== 101));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('an entry of an unknown kind was left out'));
  });

  it.each<[string, (rule: Entry) => void]>([
    ['action type', (rule) => ((rule.action as Entry).type = 'send_sms')],
    ['condition operator', (rule) => ((rule.conditions as Entry[])[0]!.operator = 'matches')],
    ['condition source', (rule) => ((rule.conditions as Entry[])[0]!.source = 'weather')],
    ['an empty action', (rule) => (rule.action = [])],
  ])('leaves out a rule with an unknown %s, which it could not follow', (_part, change) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const survey = read((s) => {
      logic(s).push({ ...structuredClone(logic(s)[0]!), id: 8 });
      change(logic(s)[0]!);
    });
    expect(survey.logic_list.map((rule) => rule.id)).toEqual([8]);
  });

  it('leaves out a redirect parameter read from an unknown source, and keeps the rule', () => {
    const survey = read((s) => {
      logic(s)[0]!.action = {
        type: 'finish_survey',
        redirect_parameters: [
          { name: 'a', source: 'cookie', reference: 'x' },
          { name: 'b', source: 'url_param', reference: 'y' },
        ],
      };
    });
    expect(survey.logic_list[0]!.action.redirect_parameters.map((parameter) => parameter.name)).toEqual(['b']);
  });

  it('checks nothing for a validation of an unknown type, and ignores an unknown date format', () => {
    const survey = read((s) => {
      widget(s, 101).validation = { type: 'iban' };
      s.response_email = { email_source_type: 'sms', email_source: '101' };
    });
    expect(survey.pages[0]!.widgets[1]!.validation).toBeNull();
    expect(survey.response_email?.email_source_type).toBeNull();
    const dated = read((s) => (widget(s, 101).validation = { type: 'date', date_format: 'YYYY' }));
    expect(dated.pages[0]!.widgets[1]!.validation).toMatchObject({ type: 'date', date_format: null });
  });
});

describe('values as some databases write them', () => {
  it('reads a language left null as a missing one', () => {
    const survey = read((s) => (s.title = { es: 'Hola', en: null }));
    expect(survey.title).toEqual({ es: 'Hola' });
  });

  it('reads ids and numbers written as decimal strings, and flags written as 0 or 1', () => {
    const survey = read((s) => {
      s.survey_id = '42';
      s.responses_total = '17';
      s.is_open = 1;
      s.title_visible = 0;
      s.config = { max_responses: '100', timeout_amount: '2.5' };
      widget(s, 101).id = '101';
    });
    expect(survey).toMatchObject({ survey_id: 42, responses_total: 17, is_open: true, title_visible: false });
    expect(survey.config).toMatchObject({ max_responses: 100, timeout_amount: 2.5 });
    expect(survey.pages[0]!.widgets[1]!.id).toBe(101);
  });
});

describe('the replies of the response calls', () => {
  it('reads a response whose content is an empty list, or whose answer is null', () => {
    expect(responseReadSchema.parse({ code: 'r', id: 1, content: [] }).content).toEqual({});
    expect(responseReadSchema.parse({ code: 'r', id: 1, content: { 101: null, 102: ['2'] } }).content).toEqual({
      101: [],
      102: ['2'],
    });
  });

  it('reads a token or survey code sent as a number, and leaves out an unusable seq', () => {
    const read = responseReadSchema.parse({ code: 'r', id: '9', token: 123, survey_code: 42, seq: '5' });
    expect(read).toMatchObject({ id: 9, token: '123', survey_code: '42', seq: 5 });
    expect(responseReadSchema.parse({ code: 'r', id: 1, seq: -1 }).seq).toBeUndefined();
  });

  it('needs of a create only what the app reads: the code and the id', () => {
    expect(createResponseResultSchema.parse({ code: 'r', id: '9' })).toMatchObject({ code: 'r', id: 9, token: null });
    expect(createResponseResultSchema.safeParse({ id: 9 }).success).toBe(false);
  });

  it('needs of an upload only its id, and reads a password check’s answer as 0 or 1', () => {
    expect(uploadResultSchema.parse({ id: 7 })).toMatchObject({ id: '7' });
    expect(checkPasswordResultSchema.parse({ is_valid: 1 }).is_valid).toBe(true);
  });
});
