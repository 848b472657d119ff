import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { surveySchema } from '@/lib/survey-format/survey';
import { pipeOwnerUrl, pipeText, type PipeContext, withoutPipeTokens } from './pipe-text';

const items = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    value: { es: `Opción ${index + 1}`, en: `Option ${index + 1}` },
  }));

const survey = surveySchema.parse({
  survey_id: 1,
  languages: [
    { code: 'en', is_original: false },
    { code: 'es', is_original: true },
  ],
  pages: [
    {
      id: 1,
      widgets: [
        { id: 101, subtype: 'single_radio', items: items(3), settings: { has_other: true } },
        { id: 102, subtype: 'multiple_checkbox', items: items(4), settings: { has_other: true } },
        { id: 103, subtype: 'freetext_input' },
        { id: 104, subtype: 'scale_stars' },
        { id: 105, subtype: 'scale_nps' },
        {
          id: 106,
          subtype: 'other_radio_matrix',
          items: [
            { id: 1, value: { es: 'Precio', en: 'Price' } },
            { id: 2, value: { es: 'Calidad' } },
          ],
          col_options: [
            { id: 10, value: { es: 'Bueno', en: 'Good' } },
            { id: 20, value: 'Malo' },
          ],
        },
        { id: 107, subtype: 'other_datetime' },
        { id: 108, subtype: 'other_ranking', items: items(3) },
        { id: 109, subtype: 'freetext_multiple', items: items(2) },
        {
          id: 110,
          subtype: 'other_dropdown_matrix',
          items: items(1),
          col_options: [{ id: 10, value: 'Col A' }],
          settings: { dropdown_items: [{ id: 7, value: { es: 'Siete', en: 'Seven' } }] },
        },
        { id: 111, subtype: 'other_file_upload' },
        { id: 119, subtype: 'other_signature' },
        { id: 112, subtype: 'scale_stars_matrix', items: items(2) },
        { id: 113, subtype: 'text_block' },
        { id: 114, subtype: 'freetext_matrix', items: items(1), col_options: [{ id: 10, value: 'Col A' }] },
        { id: 115, subtype: 'scale_slider' },
        {
          id: 116,
          subtype: 'single_radio',
          items: [
            { id: 1, value: 'Sí, {{question:103}}' },
            { id: 2, value: 'No, {{url_param:src}}' },
          ],
          settings: { has_other: true },
        },
        { id: 117, subtype: 'single_radio', items: [{ id: 1, value: 'A {{question:117}}' }] },
        {
          id: 118,
          subtype: 'other_radio_matrix',
          items: [{ id: 1, value: 'Fila {{question:103}}' }],
          col_options: [{ id: 10, value: 'Col {{url_param:src}}' }],
        },
      ],
    },
  ],
});

const content = {
  '101': ['2'],
  '102': ['3', '1', 'others:|:Un gato'],
  '103': ['Hola <b>mundo</b>'],
  '104': ['4'],
  '105': ['0'],
  '106': ['1:|:10', '2:|:20'],
  '107': ['2026-11-22T10:30'],
  '108': ['3', '1', '2'],
  '109': ['1:|:12', '2:|:'],
  '110': ['1:|:10:|:7'],
  '111': ['upload-1'],
  '112': ['1:|:5', '2:|:3'],
  '114': ['1:|:10:|:texto'],
  '115': ['37.5'],
  'url_param:src': ['newsletter'],
  'custom_field:dept': ['Ventas', 'Sur'],
};

const uploadNames = new Map([
  ['upload-1', 'cv.pdf'],
  ['upload-2', 'photo.jpg'],
]);

const ctx = (extra: Partial<PipeContext> = {}): PipeContext => ({
  survey,
  content,
  lang: 'en',
  responseCode: 'ABC123',
  uploadName: (value) => uploadNames.get(value) ?? null,
  ...extra,
});

describe('pipeText: question answers', () => {
  it.each([
    ['{{question:101}}', 'Option 2'],
    ['{{question:102}}', 'Option 3, Option 1, Un gato'],
    ['{{question:103}}', 'Hola <b>mundo</b>'],
    ['{{question:104}}', '4'],
    ['{{question:105}}', '0'],
    ['{{question:106}}', 'Price: Good, Calidad: Malo'],
    ['{{question:107}}', '2026-11-22 10:30'],
    ['{{question:108}}', 'Option 3, Option 1, Option 2'],
    ['{{question:109}}', 'Option 1: 12'],
    ['{{question:110}}', 'Option 1 / Col A: Seven'],
    ['{{question:111}}', 'cv.pdf'],
    ['{{question:112}}', 'Option 1: 5, Option 2: 3'],
    ['{{question:113}}', ''],
    ['{{question:114}}', 'Option 1 / Col A: texto'],
    ['{{question:115}}', '37.5'],
  ])('%s → %j', (token, expected) => {
    expect(pipeText(token, ctx())).toBe(expected);
  });

  it('resolves labels in the respondent language, falling back to the original', () => {
    expect(pipeText('{{question:101}}', ctx({ lang: 'es' }))).toBe('Opción 2');
    expect(pipeText('{{question:101}}', ctx({ lang: 'fr' }))).toBe('Opción 2');
  });

  it('shows "other" as its typed text', () => {
    expect(pipeText('{{question:101}}', ctx({ content: { '101': ['others:|:Mi respuesta'] } }))).toBe('Mi respuesta');
  });

  it('shows uploads by their file names, never by what the answer stores', () => {
    const files = (answer: string[], extra: Partial<PipeContext> = {}) =>
      pipeText('{{question:111}}', ctx({ content: { '111': answer }, ...extra }));
    expect(files(['upload-1', 'upload-2'])).toBe('cv.pdf, photo.jpg');
    expect(files(['upload-1', 'upload-9'])).toBe('cv.pdf');
    expect(files(['upload-1'], { uploadName: undefined })).toBe('');
    expect(pipeText('{{question:111|matrix}}', ctx({ content: { '111': ['upload-2'] } }))).toBe('photo.jpg');
    expect(pipeText('{{question:111|selected}}', ctx({ content: { '111': ['upload-2'] } }))).toBe('');
    // A signature is a drawing: its file's name is not what the respondent gave.
    expect(pipeText('{{question:119}}', ctx({ content: { '119': ['upload-1'] } }))).toBe('');
  });
});

describe('pipeText: options', () => {
  it('selected: chosen listed options only', () => {
    expect(pipeText('{{question:102|selected}}', ctx())).toBe('Option 3, Option 1');
  });
  it('selected_other: the typed other text only', () => {
    expect(pipeText('{{question:102|selected_other}}', ctx())).toBe('Un gato');
    expect(pipeText('{{question:101|selected_other}}', ctx())).toBe('');
    expect(pipeText('{{question:103|selected_other}}', ctx())).toBe('');
  });
  it('not_selected: the listed options not chosen, in question order, without hidden ones', () => {
    expect(pipeText('{{question:102|not_selected}}', ctx())).toBe('Option 2, Option 4');
    // survey-format.md: "An unknown or unanswered token becomes empty."
    expect(pipeText('{{question:102|not_selected}}', ctx({ content: {} }))).toBe('');
    expect(pipeText('{{question:102|not_selected}}', ctx({ hiddenOptionIds: new Map([[102, new Set([4])]]) }))).toBe(
      'Option 2',
    );
  });
  it('not_selected: like selected, never "other" (a write-in, not an option with a name)', () => {
    expect(pipeText('{{question:101|not_selected}}', ctx({ content: { '101': ['2'] } }))).toBe('Option 1, Option 3');
  });
  it('matrix: row: column pairs; on other questions, the answer', () => {
    expect(pipeText('{{question:106|matrix}}', ctx())).toBe('Price: Good, Calidad: Malo');
    expect(pipeText('{{question:104|matrix}}', ctx())).toBe('4');
  });
  it('tolerates spaces inside the braces', () => {
    expect(pipeText('{{ question:102 | selected }}', ctx())).toBe('Option 3, Option 1');
  });
});

describe('pipeText: fields, parameters, promo code', () => {
  it('replaces URL parameters and custom fields', () => {
    expect(pipeText('From {{url_param:src}} ({{custom_field:dept}})', ctx())).toBe('From newsletter (Ventas, Sur)');
  });
  it('replaces the promo code with the response code', () => {
    expect(pipeText('Code: {{promo_code}}', ctx())).toBe('Code: ABC123');
    expect(pipeText('Code: {{promo_code}}', ctx({ responseCode: null }))).toBe('Code: ');
  });
});

describe('pipeText: unknown, unanswered, hidden', () => {
  it.each(['{{question:999}}', '{{url_param:missing}}', '{{custom_field:missing}}'])('%s → empty', (token) => {
    expect(pipeText(`[${token}]`, ctx())).toBe('[]');
  });
  it('an unanswered or hidden question → empty', () => {
    expect(pipeText('[{{question:101}}]', ctx({ content: {} }))).toBe('[]');
    expect(pipeText('[{{question:101}}]', ctx({ hiddenWidgetIds: new Set([101]) }))).toBe('[]');
    expect(pipeText('[{{question:102|selected}}]', ctx({ hiddenOptionIds: new Map([[102, new Set([1, 3])]]) }))).toBe(
      '[]',
    );
  });
  it('empties any other token shape (spec: an unknown token becomes empty)', () => {
    for (const token of [
      '{{question:abc}}',
      '{{name}}',
      '{{ question }}',
      '{{question:101|bogus}}',
      '{{question:101|foo}}',
      '{{question:101|}}',
      '{{url_param:}}',
      '{{foo:bar}}',
      '{{promo_code:x}}',
    ]) {
      expect(pipeText(`[${token}]`, ctx())).toBe('[]');
    }
  });
  it('leaves text that is not a token shape alone', () => {
    for (const text of ['{question:101}', 'a {{ b', '{{ }}', '{{1:2}}', '{{question:1}x}}', '']) {
      expect(pipeText(text, ctx())).toBe(text);
    }
  });
});

describe('pipeText: any case', () => {
  it('reads token kinds and selectors in any case', () => {
    expect(pipeText('{{Question:101}}', ctx())).toBe('Option 2');
    expect(pipeText('{{question:102|SELECTED}}', ctx())).toBe('Option 3, Option 1');
    expect(pipeText('{{PROMO_CODE}}', ctx())).toBe('ABC123');
    expect(pipeText('{{URL_Param:src}}', ctx())).toBe('newsletter');
  });
});

describe('pipeText: tokens in option labels', () => {
  const labelled = (answer: string[]) => ctx({ content: { ...content, '116': answer } });
  it('expands the tokens of a piped label (owner text)', () => {
    expect(pipeText('{{question:116}}', labelled(['1']))).toBe('Sí, Hola <b>mundo</b>');
    expect(pipeText('{{question:116|selected}}', labelled(['1']))).toBe('Sí, Hola <b>mundo</b>');
    expect(pipeText('{{question:116|not_selected}}', labelled(['1']))).toBe('No, newsletter');
    expect(pipeText('{{question:118}}', ctx({ content: { ...content, '103': ['x'], '118': ['1:|:10'] } }))).toBe(
      'Fila x: Col newsletter',
    );
  });
  it('expands one level only: a label naming its own question ends', () => {
    expect(pipeText('{{question:117}}', ctx({ content: { '117': ['1'] } }))).toBe('A A ');
  });
  it('never expands what the respondent typed', () => {
    expect(pipeText('{{question:116}}', labelled(['others:|:{{question:103}}']))).toBe('{{question:103}}');
    const typed = ctx({ content: { '116': ['1'], '103': ['{{promo_code}}'] } });
    expect(pipeText('{{question:116}}', typed)).toBe('Sí, {{promo_code}}');
  });
});

describe('pipeText: single pass, text only', () => {
  it('never expands a piped value again', () => {
    const sneaky = { '103': ['{{question:101}} {{promo_code}}'], 'url_param:x': ['{{custom_field:dept}}'] };
    expect(pipeText('A: {{question:103}}', ctx({ content: sneaky }))).toBe('A: {{question:101}} {{promo_code}}');
    expect(pipeText('{{url_param:x}}', ctx({ content: sneaky }))).toBe('{{custom_field:dept}}');
  });
  it('keeps an XSS-looking value literal (a plain string for the UI to render as text)', () => {
    const xss = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    expect(pipeText('Hi {{question:103}}!', ctx({ content: { '103': [xss] } }))).toBe(`Hi ${xss}!`);
    expect(pipeText('{{url_param:q}}', ctx({ content: { 'url_param:q': [xss] } }))).toBe(xss);
  });
  it('handles several tokens and repeated tokens in one text', () => {
    expect(pipeText('{{question:104}}/{{question:104}} {{question:101}}', ctx())).toBe('4/4 Option 2');
  });
  it('is safe to call repeatedly (global regex state does not leak)', () => {
    expect(pipeText('{{promo_code}}', ctx())).toBe('ABC123');
    expect(pipeText('{{promo_code}}', ctx())).toBe('ABC123');
  });
  it('keeps "$" patterns in values literal', () => {
    expect(pipeText('{{question:103}}', ctx({ content: { '103': ["$& $1 $' $`"] } }))).toBe("$& $1 $' $`");
  });
});

describe('pipeText: properties', () => {
  it('a typed value comes out exactly as typed, whatever it contains', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }).filter((value) => value.trim() !== ''),
        (value) => {
          expect(pipeText('{{question:103}}', ctx({ content: { '103': [value] } }))).toBe(value);
        },
      ),
      { numRuns: 300 },
    );
  });
  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        expect(typeof pipeText(`{{${text}}}${text}{{question:${text}}}`, ctx())).toBe('string');
      }),
      { numRuns: 300 },
    );
  });
});

describe('pipeOwnerUrl', () => {
  it('replaces every token of an owner’s URL, each value encoded', () => {
    const url =
      'https://x.example/{{promo_code}}?a={{question:101}}&s={{URL_PARAM:src}}&d={{custom_field:dept}}&t={{question:103}}';
    expect(pipeOwnerUrl(url, ctx({ responseCode: 'R/1+2' }))).toBe(
      'https://x.example/R%2F1%2B2?a=Option%202&s=newsletter&d=Ventas%2C%20Sur&t=Hola%20%3Cb%3Emundo%3C%2Fb%3E',
    );
  });
  it('empties unknown and unanswered tokens, and the code before the response exists', () => {
    const url =
      'https://x.example/?a={{question:999}}&b={{url_param:none}}&c={{promo_code}}&d={{foo}}&e={{question:116}}';
    expect(pipeOwnerUrl(url, ctx({ responseCode: null }))).toBe('https://x.example/?a=&b=&c=&d=&e=');
  });
  it('encodes a typed value that looks like a token or a parameter, never expanding it', () => {
    const typed = ctx({ content: { '103': ['{{promo_code}}&x=1'] } });
    expect(pipeOwnerUrl('https://x.example/?t={{question:103}}', typed)).toBe(
      'https://x.example/?t=%7B%7Bpromo_code%7D%7D%26x%3D1',
    );
  });
  it('expands a label’s tokens as piping does', () => {
    expect(
      pipeOwnerUrl('https://x.example/?v={{question:116}}', ctx({ content: { '116': ['1'], '103': ['y'] } })),
    ).toBe('https://x.example/?v=S%C3%AD%2C%20y');
  });
});

describe('withoutPipeTokens', () => {
  it('removes every token, as an unanswered one becomes empty', () => {
    expect(withoutPipeTokens('Hola {{custom_field:name}}, {{Question:1|selected}}{{foo}}!')).toBe('Hola , !');
    expect(withoutPipeTokens('a {{ b {question:1}')).toBe('a {{ b {question:1}');
  });
});
