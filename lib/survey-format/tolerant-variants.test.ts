import { beforeEach, afterEach, describe, expect, it, vi } from 'vitest';
import { readPatchReply } from '@/lib/api/response-api';
import { exampleSurvey } from './example-survey';
import { checkPasswordResultSchema, createResponseResultSchema, responseReadSchema } from './response';
import { surveySchema, type Survey } from './survey';
import { resolveText } from './text';

/**
 * "Be tolerant in what you read": a harmless difference from another backend (a flag as "true", an enum in other
 * case, null inside a list, a number where a string goes, {} for nothing) is read or defaulted, never an error for
 * the respondent. Each case is the example survey (or a response reply) with one such difference, as a fuzz found.
 */
type Entry = Record<string, unknown>;
type Json = Entry & { pages: Array<Entry & { widgets: Entry[] }> };
type Change = (survey: Json) => void;

/** The value at a dotted path (`config.progress_bar`, `pages.0.widgets.2.required`) of a survey, sent or read. */
function at(root: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Entry | undefined)?.[key], root);
}

/** Writes `value` at a dotted path of the survey as sent, making the objects on the way. */
function put(survey: Json, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop()!;
  let node: Entry = survey;
  for (const key of keys) node = (node[key] ??= {}) as Entry;
  node[last] = value;
}

// The example, with a redirect parameter so that every list the tests touch has an entry to keep.
const base = structuredClone(exampleSurvey) as unknown as Json;
put(base, 'logic_list.0.action.redirect_parameters', [{ name: 'b', source: 'url_param', reference: 'y' }]);
const original = surveySchema.parse(base);

function example(change: Change): unknown {
  const survey = structuredClone(base);
  change(survey);
  return survey;
}

function read(change: Change): Survey {
  const result = surveySchema.safeParse(example(change));
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
}

/** The example with `value` at `path`, read back from the same path of the parsed survey. */
function readAt(path: string, value: unknown): unknown {
  return at(
    read((s) => put(s, path, value)),
    path,
  );
}
/** Widgets of the example by path: 101 single_radio (two options), 102 freetext_input, 104 other_radio_matrix. */
const Q101 = 'pages.0.widgets.1';
const Q102 = 'pages.0.widgets.2';
const Q104 = 'pages.1.widgets.1';

const parsed = (survey: Survey, id: number) => survey.pages.flatMap((page) => page.widgets).find((w) => w.id === id)!;
/** Adds a widget of the subtype a case needs to the example's last page. */
const addWidget = (survey: Json, entry: Entry) => survey.pages[1]!.widgets.push(entry);

// Defaulted values are logged once; the log is not what these tests check.
beforeEach(() => void vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => vi.restoreAllMocks());

describe('flags written as strings or bits', () => {
  it.each<[string, unknown, boolean]>([
    [`${Q102}.required`, 'true', true],
    [`${Q102}.required`, 'True', true],
    [`${Q101}.required`, 'false', false],
    [`${Q102}.hidden`, '1', true],
    ['is_open', 'false', false],
    ['title_visible', 'FALSE', false],
    ['config.progress_bar', '1', true],
    ['config.number_questions', 'true', true],
    ['config.hide_back_button', 'false', false],
    ['share_config.multiple_responses', 'false', false],
    ['share_config.answer_later', 'TRUE', true],
    [`${Q101}.items.0.fixed`, 'true', true],
    ['languages.1.is_original', '1', true],
    ['theme_obj.round', 0, false],
    ['theme_obj.round', 'false', false],
    ['theme_obj.shadow', 'False', false],
    ['theme_obj.bold.title', '0', false],
    ['theme_obj.opacity.survey_area', 'true', true],
    ['theme_obj.matrix_split', 1, true],
    [`${Q101}.settings.has_other`, 'true', true],
    [`${Q101}.settings.has_other`, 'false', false],
    [`${Q101}.settings.randomize`, '1', true],
    ['config.progress_bar', 'yes', true],
    ['config.hide_back_button', 'No', false],
    [`${Q101}.settings.has_other`, 'YES', true],
  ])('reads %s written as %j as %j', (path, value, expected) => {
    // Each value differs from the flag's default, so a flag defaulted instead of read fails here.
    expect(readAt(path, value)).toBe(expected);
  });

  // has_other has no default of its own: it is simply left unset.
  it.each<[string, unknown, boolean | undefined]>([
    [`${Q101}.required`, {}, false],
    ['is_open', '', true],
    ['config.progress_bar', 'maybe', false],
    ['share_config.multiple_responses', {}, true],
    ['theme_obj.round', {}, true],
    [`${Q101}.settings.has_other`, 'maybe', undefined],
  ])('reads %s written as %j as its default (%j), and the survey still parses', (path, value, expected) => {
    expect(readAt(path, value)).toBe(expected);
  });

  it('keeps a page background whose apply_all_pages is "true", and defaults one that is "maybe"', () => {
    const background = (value: unknown) =>
      read((s) => (s.pages[0]!.background = { src: 'https://example.com/bg.png', apply_all_pages: value })).pages[0]!
        .background;
    expect(background('true')).toEqual({ src: 'https://example.com/bg.png', apply_all_pages: true });
    expect(background('maybe')).toEqual({ src: 'https://example.com/bg.png', apply_all_pages: false });
  });
});

describe('is_question', () => {
  // The app derives it from the subtype, so whatever a backend writes there cannot matter.
  it.each([[0], ['true'], [[]], [{}]])('written as %j never rejects the survey, and follows the subtype', (value) => {
    const survey = read((s) => {
      put(s, 'pages.0.widgets.0.is_question', value);
      put(s, `${Q101}.is_question`, value);
    });
    expect(parsed(survey, 100).is_question).toBe(false);
    expect(parsed(survey, 101).is_question).toBe(true);
  });
});

describe('password fields of share_config', () => {
  const fields = ['password', 'global_password', 'custom_password', 'multiple_password', 'repository_password'];

  it.each([['false'], ['0'], [0], [[]], [{}]])('read %j as no password set', (value) => {
    const survey = read((s) => fields.forEach((field) => put(s, `share_config.${field}`, value)));
    for (const field of fields) expect(survey.share_config[field as 'password']).toBeFalsy();
  });

  it.each([['true'], [1]])('read %j as a password set (true)', (value) => {
    const survey = read((s) => fields.forEach((field) => put(s, `share_config.${field}`, value)));
    for (const field of fields) expect(survey.share_config[field as 'password']).toBe(true);
  });
});

describe('texts', () => {
  it('reads a number where a Text goes as its decimal string', () => {
    const survey = read((s) => {
      s.title = 42;
      put(s, `${Q101}.items.0.value`, 1);
    });
    expect(survey.title).toBe('42');
    expect(parsed(survey, 101).items[0]!.value).toBe('1');
  });

  it.each([[[]], [{}]])('leaves out a language written as %j, so the text falls back to another', (entry) => {
    const survey = read((s) => (s.title = { es: 'Hola', en: entry }));
    expect(survey.title).toEqual({ es: 'Hola' });
    expect(resolveText(survey.title, 'en', 'es')).toBe('Hola');
  });

  it('reads a language written as a number as its decimal string', () => {
    expect(read((s) => (s.title = { es: 5 })).title).toEqual({ es: '5' });
  });
});

describe('nothing written as {} or ""', () => {
  it.each([
    'logo_src',
    'script',
    'response_code',
    'config.start_date',
    'contact.email',
    'share_config.close_url',
    'share_config.end_url',
    `${Q101}.items.0.image_src`,
    'logic_list.0.action.finish_redirect_url',
  ])('reads the string %s written as {} as null', (path) => {
    expect(readAt(path, {})).toBeNull();
  });

  it.each(['config.timeout_amount', 'config.max_responses', 'share_config.multiple_responses_time'])(
    'reads the number %s written as "" as null',
    (path) => expect(readAt(path, '')).toBeNull(),
  );
});

describe('fields the respondent never needs right', () => {
  it.each([[''], [17.5], [-1], [{}]])('parses the survey with responses_total %j', (value) => {
    expect(typeof read((s) => (s.responses_total = value)).responses_total).toBe('number');
  });

  it.each<[string, Change]>([
    ['script {}', (s) => (s.script = {})],
    ['script 5', (s) => (s.script = 5)],
    ['theme {}', (s) => (s.theme = {})],
    ['theme 5', (s) => (s.theme = 5)],
  ])('parses the survey with %s', (_case, change) => {
    expect(surveySchema.safeParse(example(change)).success).toBe(true);
  });
});

describe('lists with a null or bad entry', () => {
  /** The example with `entry` put second into the list at `path`. */
  const withEntry = (path: string, entry: unknown) => read((s) => (at(s, path) as unknown[]).splice(1, 0, entry));

  it.each([
    'pages',
    'pages.0.widgets',
    `${Q101}.items`,
    `${Q104}.col_options`,
    'languages',
    'alerts',
    'logic_list',
    'logic_list.0.conditions',
    'logic_list.0.action.redirect_parameters',
    'contact.custom_fields',
  ])('skips a null entry in %s and keeps the others', (path) => {
    expect(at(original, path)).not.toEqual([]);
    expect(at(withEntry(path, null), path)).toEqual(at(original, path));
  });

  // Side lists: one entry the app cannot use must not cost the respondent the survey.
  it.each<[string, Entry]>([
    ['alerts', { id: 2 }],
    ['alerts', { id: 2, page_id: null }],
    ['alerts', { id: 2, page_id: 'x' }],
    ['contact.custom_fields', { label: 'x' }],
    ['logic_list.0.action.redirect_parameters', { source: 'url_param', reference: 'x' }],
    ['languages', { is_original: false }],
    ['languages', { code: '' }],
  ])('drops from %s the entry %j and keeps the rest', (path, entry) => {
    expect(at(withEntry(path, entry), path)).toEqual(at(original, path));
  });
});

describe('logic and the response email', () => {
  it.each<[unknown, string]>([
    [['1', '2'], '1:|:2'],
    [true, 'true'],
    [3, '3'],
  ])('reads a condition’s operator_value %j as %j', (value, expected) => {
    expect(readAt('logic_list.0.conditions.0.operator_value', value)).toBe(expected);
  });

  it('reads a response email with one bad field, defaulting only that field', () => {
    const email = { template_id: 3, email_source: '102', email_source_type: 'question' };
    const excel = read((s) => (s.response_email = { ...email, attach_excel: 'false' })).response_email;
    expect(excel).toMatchObject({ template_id: 3, email_source: '102', attach_excel: false });
    const template = read((s) => (s.response_email = { ...email, template_id: {} })).response_email;
    expect(template).toMatchObject({ template_id: null, email_source: '102', email_source_type: 'question' });
  });
});

describe('widget settings', () => {
  const dropdowns = (value: unknown) =>
    parsed(
      read((s) =>
        addWidget(s, {
          id: 105,
          subtype: 'other_dropdown_matrix',
          items: [{ id: 1, value: 'Fila' }],
          settings: { dropdown_items: value },
        }),
      ),
      105,
    ).settings.dropdown_items;

  it('reads dropdown_items written as {}, by index, with a numeric value or an extra key', () => {
    expect(dropdowns({})).toEqual([]);
    // Written out of order: an indexed list reads in the order of its indexes.
    expect(dropdowns({ 1: { id: 2, value: 'B' }, 0: { id: 1, value: 'A' } })).toEqual([
      { id: 1, value: 'A' },
      { id: 2, value: 'B' },
    ]);
    expect(
      dropdowns([
        { id: 1, value: 'A' },
        { id: 2, value: 3 },
      ]),
    ).toEqual([
      { id: 1, value: 'A' },
      { id: 2, value: '3' },
    ]);
    const extra = dropdowns([
      { id: 1, value: 'A', color: 'red' },
      { id: 2, value: 'B' },
    ]);
    expect(extra).toHaveLength(2);
    expect(extra![0]).toMatchObject({ id: 1, value: 'A' });
  });

  it('reads a numeric video_id (Vimeo ids) as its string', () => {
    const survey = read((s) =>
      addWidget(s, { id: 106, subtype: 'video_block', settings: { provider: 'vimeo', video_id: 76979871 } }),
    );
    expect(parsed(survey, 106).settings.video_id).toBe('76979871');
  });

  it.each<[unknown, string[]]>([
    ['pdf,docx', ['pdf', 'docx']],
    ['pdf, .docx', ['pdf', '.docx']],
    [{ 0: 'pdf', 1: 'png' }, ['pdf', 'png']],
    [
      ['pdf', null, 'png'],
      ['pdf', 'png'],
    ],
  ])('reads accepted_types %j as %j', (value, expected) => {
    const survey = read((s) =>
      addWidget(s, { id: 107, subtype: 'other_file_upload', settings: { accepted_types: value } }),
    );
    expect(parsed(survey, 107).settings.accepted_types).toEqual(expected);
  });
});

describe('validation and quiz with one bad part', () => {
  it.each<[Entry, Entry]>([
    [
      { type: 'text', restricted_values: ['n/a', 5] },
      { type: 'text', restricted_values: ['n/a', '5'] },
    ],
    [
      { type: 'text', min_length: 2, max_length: '' },
      { type: 'text', min_length: 2, max_length: null },
    ],
    [
      { type: 'text', restricted_values: ['a', null, 'b'] },
      { type: 'text', restricted_values: ['a', 'b'] },
    ],
    [
      { type: 'number', min_value: {}, max_value: 10 },
      { type: 'number', min_value: null, max_value: 10 },
    ],
  ])('keeps the rest of the validation %j', (validation, expected) => {
    const kept = readAt(`${Q102}.validation`, validation);
    expect(kept).not.toBeNull();
    expect(kept).toMatchObject(expected);
  });

  it.each<[string, Entry, Entry]>([
    [Q102, { correct_values: [42] }, { correct_values: ['42'] }],
    [Q101, { correct_item_ids: { 0: 1, 1: 2 } }, { correct_item_ids: [1, 2] }],
    [Q101, { correct_item_ids: [1, null, 2] }, { correct_item_ids: [1, 2] }],
  ])('reads the quiz key of %s written as %j', (path, quiz, expected) => {
    expect(readAt(`${path}.quiz`, quiz)).toEqual(expected);
  });
});

describe('kinds in another case, and numbers written as strings', () => {
  it.each<[string, unknown, unknown]>([
    ['config.timeout_type', 'HOURS', 'hours'],
    ['user_profile.pack', 'premium', 'PREMIUM'],
    ['share_config.end_type', 'page', 'PAGE'],
    ['share_config.close_type', 'msg', 'MSG'],
    ['logic_list.0.match', 'ANY', 'any'],
    ['theme_obj.question_style', 'Modern', 'modern'],
    ['theme_obj.device_types', ['Desktop', 'MOBILE'], ['desktop', 'mobile']],
    // A device this app does not know is left out; the list may be written by index.
    ['theme_obj.device_types', ['desktop', 'watch'], ['desktop']],
    ['theme_obj.device_types', { 0: 'mobile', 1: 'tablet' }, ['mobile', 'tablet']],
    // A kind it does not know at all takes the default rather than fail the survey.
    ['config.timeout_type', 'seconds', 'minutes'],
    ['theme_obj.star_size.desktop', '48', 48],
  ])('reads %s written as %j as %j', (path, value, expected) => {
    expect(readAt(path, value)).toEqual(expected);
  });
});

describe('the replies of the response calls', () => {
  const response = (fields: Entry) => responseReadSchema.parse({ code: 'r1', id: 7, ...fields });

  it.each<[Entry, Entry]>([
    [{ completed: 'true' }, { completed: true }],
    [{ completed: 'false' }, { completed: false }],
    [{ response_is_completed: 1 }, { response_is_completed: true }],
    [{ response_is_completed: 'true' }, { response_is_completed: true }],
  ])('reads a response with %j as %j', (fields, expected) => {
    expect(response(fields)).toMatchObject(expected);
  });

  it.each<[unknown, string[]]>([
    [{}, []],
    [{ 0: 'a', 1: 'b' }, ['a', 'b']],
    ['x', ['x']],
    [5, ['5']],
  ])('reads an answer written as %j as %j', (answer, expected) => {
    expect(response({ content: { 101: answer } }).content['101']).toEqual(expected);
  });

  it('leaves out an answer that is an object with other keys, and keeps the other answers', () => {
    expect(response({ content: { 101: { foo: 1 }, 102: ['2'] } }).content).toEqual({ 102: ['2'] });
  });

  it('keeps the usable custom fields when one is null', () => {
    expect(response({ custom_fields: { dept: null, x: 'y', flag: true } }).custom_fields.x).toBe('y');
  });

  it('reads a password check’s is_valid written as a string, and its token in any shape', () => {
    expect(checkPasswordResultSchema.parse({ is_valid: 'true' }).is_valid).toBe(true);
    expect(checkPasswordResultSchema.parse({ is_valid: 'false' }).is_valid).toBe(false);
    expect(checkPasswordResultSchema.parse({ is_valid: true, access_token: {} }).access_token).toBeFalsy();
    expect(checkPasswordResultSchema.parse({ is_valid: true, access_token: [] }).access_token).toBeFalsy();
    expect(checkPasswordResultSchema.parse({ is_valid: true, access_token: 12345 }).access_token).toBe('12345');
  });

  it('reads a create’s token written as {} as none, and as a number as its string', () => {
    expect(createResponseResultSchema.parse({ code: 'r1', id: 7, token: {} }).token).toBeNull();
    expect(createResponseResultSchema.parse({ code: 'r1', id: 7, token: 123 }).token).toBe('123');
  });

  it('reads a PATCH reply’s seq and completed written as strings or bits', () => {
    expect(readPatchReply({ seq: '5', completed: 'true' })).toEqual({ seq: 5, completed: true });
    expect(readPatchReply({ completed: 1 })?.completed).toBe(true);
  });
});
