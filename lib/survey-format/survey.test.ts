import { afterEach, describe, expect, it, vi } from 'vitest';
import { exampleSurvey } from './example-survey';
import {
  allows,
  DEFAULT_CLOSE_URL,
  DEFAULT_END_URL,
  effectiveShareConfig,
  isOwnUrl,
  type PackFeature,
  surveyLanguage,
  hasPack,
  hasTimer,
  originalLanguage,
  packRank,
  packs,
  selectorLanguages,
  showsPoweredBy,
  type Pack,
} from './survey-rules';
import { configSchema } from './config';
import { surveyFileSchema, surveySchema, type Survey } from './survey';
import { questionSubtypes } from './widget-kinds';

function parsed(data: unknown): Survey {
  return surveySchema.parse(data);
}

afterEach(() => vi.restoreAllMocks());

describe('selectorLanguages', () => {
  const languages = [
    { code: 'es', is_original: true },
    { code: 'en', is_original: false },
    { code: 'ar', is_original: false },
  ];
  const codes = (survey: Survey, lang: string) => selectorLanguages(survey, lang).map((language) => language.code);
  it('offers every language, or all but the original when selector_original_language is off', () => {
    expect(codes(parsed({ survey_id: 1, user_profile: { pack: 'PLUS' }, languages }), 'en')).toEqual([
      'es',
      'en',
      'ar',
    ]);
    const withoutOriginal = parsed({
      survey_id: 1,
      user_profile: { pack: 'PLUS' },
      languages,
      config: { selector_original_language: false },
    });
    expect(codes(withoutOriginal, 'en')).toEqual(['en', 'ar']);
    // Shown in the original language, the selector still names it.
    expect(codes(withoutOriginal, 'es')).toEqual(['es', 'en', 'ar']);
    expect(codes(parsed({ survey_id: 1, user_profile: { pack: 'PRO' }, languages }), 'en')).toEqual([]);
  });
});

describe('language codes in another case', () => {
  it('are read in lower case, in languages and as the keys of a Text, so /en shows the English text', () => {
    const survey = parsed({
      survey_id: 1,
      user_profile: { pack: 'PLUS' },
      title: { ES: 'Hola', EN: 'Hello' },
      languages: [{ code: 'ES', is_original: true }, { code: 'EN' }, { code: 'Val' }, { code: 'jp' }],
    });
    expect(survey.languages.map((language) => language.code)).toEqual(['es', 'en', 'val', 'jp']);
    expect(survey.title).toEqual({ es: 'Hola', en: 'Hello' });
    expect(surveyLanguage(survey, 'en')).toBe('en');
    expect(originalLanguage(survey)).toBe('es');
  });
});

describe('surveySchema defaults', () => {
  it('fills a minimal survey completely', () => {
    const survey = parsed({ survey_id: 1 });
    expect(survey).toMatchObject({
      survey_id: 1,
      title: '',
      title_visible: true,
      logo_src: null,
      responses_total: 0,
      script: null,
      alerts: [],
      user_profile: { pack: 'FREE' },
      response_email: null,
      contact: { email: null, custom_fields: [] },
      is_open: true,
      close_reason: null,
      theme: 'default',
      languages: [],
      logic_list: [],
      pages: [],
      response_code: null,
      response_is_completed: false,
    });
    expect(survey.config).toEqual(configSchema.parse({}));
    expect(survey.config.is_open).toBe(true);
    expect(survey.share_config.end_type).toBe('BACK');
    expect(survey.share_config.close_type).toBe('BACK');
    expect(survey.share_config.multiple_responses).toBe(true);
    expect(survey.theme_obj.question_style).toBe('standard');
  });

  it('gives defaulted objects for null config, share_config and theme_obj', () => {
    const survey = parsed({ survey_id: 1, config: null, share_config: null, theme_obj: null, user_profile: null });
    expect(survey.config.hide_back_button).toBe(true);
    expect(survey.share_config.type).toBe('link');
    expect(survey.theme_obj.round).toBe(true);
    expect(survey.user_profile.pack).toBe('FREE');
  });

  it('fills partial nested objects', () => {
    const survey = parsed({ survey_id: 1, config: { progress_bar: true }, share_config: { end_type: 'PAGE' } });
    expect(survey.config.progress_bar).toBe(true);
    expect(survey.config.auto_question_flow_mobile).toBe(true);
    expect(survey.share_config.end_type).toBe('PAGE');
    expect(survey.share_config.close_type).toBe('BACK');
  });

  it('ignores unknown fields at every level', () => {
    const survey = parsed({
      survey_id: 1,
      future_field: 1,
      config: { future: true },
      pages: [
        {
          id: 1,
          whatever: 2,
          widgets: [{ id: 2, subtype: 'single_radio', extra: 3, items: [{ id: 1, value: 'a', x: 1 }] }],
        },
      ],
    });
    expect('future_field' in survey).toBe(false);
    expect('future' in survey.config).toBe(false);
    expect('whatever' in survey.pages[0]!).toBe(false);
    expect('extra' in survey.pages[0]!.widgets[0]!).toBe(false);
    expect('x' in survey.pages[0]!.widgets[0]!.items[0]!).toBe(false);
  });

  it('treats an unknown pack as FREE and an unknown close reason as none', () => {
    const survey = parsed({ survey_id: 1, user_profile: { pack: 'GOLD' }, close_reason: 'weather' });
    expect(survey.user_profile.pack).toBe('FREE');
    expect(survey.close_reason).toBeNull();
  });
});

describe('round trips', () => {
  it('parsing a parsed survey changes nothing', () => {
    const once = parsed(exampleSurvey);
    const twice = parsed(JSON.parse(JSON.stringify(once)));
    expect(twice).toEqual(once);
  });

  it('keeps the example survey content', () => {
    const survey = parsed(exampleSurvey);
    expect(survey.pages).toHaveLength(2);
    expect(survey.pages[0]!.widgets[1]!.quiz).toEqual({ correct_item_ids: [1] });
    expect(survey.logic_list[0]!.action.resource).toBe('5');
    expect(survey.theme_obj.question_style).toBe('modern');
  });

  it('parses a survey holding every subtype', () => {
    const survey = parsed({
      survey_id: 1,
      pages: [{ id: 1, widgets: questionSubtypes.map((subtype, index) => ({ id: index + 1, subtype })) }],
    });
    expect(survey.pages[0]!.widgets.map((widget) => widget.subtype)).toEqual([...questionSubtypes]);
  });
});

describe('surveySchema on malformed input', () => {
  const bad: unknown[] = [
    null,
    undefined,
    'survey',
    42,
    [],
    {},
    { survey_id: 'abc' },
    { survey_id: 1, pages: 'none' },
    { survey_id: 1, pages: [{ widgets: [] }] },
    { survey_id: 1, pages: [{ id: 1, widgets: [{ subtype: 'single_radio' }] }] },
    { survey_id: 1, logic_list: [{ id: 1, page_id: 1, action: { type: 'hide_page' }, conditions: 'none' }] },
  ];

  it.each(bad.map((value) => [JSON.stringify(value) ?? String(value), value]))('%s is refused', (_label, value) => {
    const result = surveySchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.length).toBeGreaterThan(0);
  });
});

describe('packs', () => {
  it('ranks packs', () => {
    expect(packs.map(packRank)).toEqual([0, 1, 2, 3]);
  });

  it('hasPack compares ranks', () => {
    const of = (pack: Pack) => ({ user_profile: { pack } });
    expect(hasPack(of('FREE'), 'PRO')).toBe(false);
    expect(hasPack(of('PRO'), 'PRO')).toBe(true);
    expect(hasPack(of('PRO'), 'PLUS')).toBe(false);
    expect(hasPack(of('PLUS'), 'PRO')).toBe(true);
    expect(hasPack(of('PREMIUM'), 'PLUS')).toBe(true);
    expect(hasPack(of('PLUS'), 'PREMIUM')).toBe(false);
  });
});

describe('effectiveShareConfig', () => {
  const withPack = (pack: Pack) =>
    parsed({
      survey_id: 1,
      user_profile: { pack },
      share_config: { end_type: 'PAGE', close_type: 'MSG', end_url: 'https://owner.example/end', close_url: null },
    });

  it('forces URL end and close with the default URLs for FREE', () => {
    const share = effectiveShareConfig(withPack('FREE'));
    expect(share.end_type).toBe('URL');
    expect(share.end_url).toBe(DEFAULT_END_URL);
    expect(share.close_type).toBe('URL');
    expect(share.close_url).toBe(DEFAULT_CLOSE_URL);
  });

  it("PRO removes the forced defaults: still URL, but the owner's own URLs where set", () => {
    const share = effectiveShareConfig(withPack('PRO'));
    expect(share).toMatchObject({ end_type: 'URL', end_url: 'https://owner.example/end', close_type: 'URL' });
    expect(share.close_url).toBe(DEFAULT_CLOSE_URL);
  });

  it.each(['PLUS', 'PREMIUM'] as const)('keeps the owner choice for %s', (pack) => {
    const survey = withPack(pack);
    const share = effectiveShareConfig(survey);
    expect(share).toEqual(survey.share_config);
    expect(share.end_type).toBe('PAGE');
    expect(share.close_type).toBe('MSG');
  });

  it('does not modify the survey', () => {
    const survey = withPack('FREE');
    effectiveShareConfig(survey);
    expect(survey.share_config.end_type).toBe('PAGE');
  });

  it('uses https default URLs', () => {
    expect(DEFAULT_END_URL).toMatch(/^https:\/\//);
    expect(DEFAULT_CLOSE_URL).toMatch(/^https:\/\//);
  });
});

describe('the pack table (spec §1)', () => {
  const features: PackFeature[] = ['timer', 'password', 'ownUrls', 'languages', 'customRedirects', 'whiteLabel'];
  const expected: Record<Pack, PackFeature[]> = {
    FREE: [],
    PRO: ['timer', 'password', 'ownUrls'],
    PLUS: ['timer', 'password', 'ownUrls', 'languages', 'customRedirects'],
    PREMIUM: features,
  };
  it.each(packs)('%s unlocks exactly its features', (pack) => {
    const survey = { user_profile: { pack } };
    expect(features.filter((feature) => allows(survey, feature))).toEqual(expected[pack]);
  });

  it("below PLUS the survey is shown in its original language only; from PLUS in the respondent's when it has it", () => {
    const survey = (pack: Pack) =>
      parsed({ survey_id: 1, user_profile: { pack }, languages: [{ code: 'es', is_original: true }, { code: 'en' }] });
    expect(surveyLanguage(survey('PRO'), 'en')).toBe('es');
    expect(surveyLanguage(survey('PLUS'), 'en')).toBe('en');
    expect(surveyLanguage(survey('PLUS'), 'fr')).toBe('es');
  });

  it('redirect parameters go only to a URL the owner chose', () => {
    const survey = (pack: Pack) => parsed({ survey_id: 1, user_profile: { pack } });
    expect(isOwnUrl(survey('FREE'), 'https://owner.example')).toBe(false);
    expect(isOwnUrl(survey('PRO'), DEFAULT_END_URL)).toBe(false);
    expect(isOwnUrl(survey('PRO'), 'https://owner.example')).toBe(true);
  });
});

describe('pack-gated helpers', () => {
  it('showsPoweredBy: only white label may hide it', () => {
    const survey = (pack: Pack, has_powered_by: boolean) =>
      parsed({ survey_id: 1, user_profile: { pack }, config: { has_powered_by } });
    expect(showsPoweredBy(survey('PLUS', false))).toBe(true);
    expect(showsPoweredBy(survey('PREMIUM', false))).toBe(false);
    expect(showsPoweredBy(survey('PREMIUM', true))).toBe(true);
  });

  it('hasTimer needs PRO and an amount', () => {
    const survey = (pack: Pack, timeout_amount: number | null) =>
      parsed({ survey_id: 1, user_profile: { pack }, config: { timeout_amount } });
    expect(hasTimer(survey('FREE', 10))).toBe(false);
    expect(hasTimer(survey('PRO', 10))).toBe(true);
    expect(hasTimer(survey('PRO', null))).toBe(false);
    expect(hasTimer(survey('PRO', 0))).toBe(false);
  });

  it('originalLanguage', () => {
    expect(originalLanguage(parsed(exampleSurvey))).toBe('es');
    expect(
      originalLanguage(parsed({ survey_id: 1, languages: [{ code: 'en' }, { code: 'jp', is_original: true }] })),
    ).toBe('jp');
    expect(originalLanguage(parsed({ survey_id: 1, languages: [{ code: 'en' }] }))).toBe('en');
    expect(originalLanguage(parsed({ survey_id: 1 }))).toBe('es');
  });
});

describe('surveyFileSchema', () => {
  it('adds survey_code and an optional password', () => {
    const file = surveyFileSchema.parse({ ...exampleSurvey, survey_code: 'demo', password: 'secret' });
    expect(file.survey_code).toBe('demo');
    expect(file.password).toBe('secret');
    expect(file.config.hide_back_button).toBe(true);
  });

  it('requires survey_code', () => {
    expect(surveyFileSchema.safeParse(exampleSurvey).success).toBe(false);
    expect(surveyFileSchema.safeParse({ ...exampleSurvey, survey_code: '' }).success).toBe(false);
  });
});

describe('ids repeated in a survey', () => {
  const radio = (id: number) => ({ id, subtype: 'single_radio', items: [{ id: 1, value: 'a' }] });

  it('keeps the first page of each id, so that page is still asked', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const survey = parsed({
      survey_id: 1,
      pages: [
        { id: 1, widgets: [radio(10)] },
        { id: 2, widgets: [radio(20)] },
        { id: 1, widgets: [radio(30)] },
      ],
    });
    expect(survey.pages.map((page) => page.widgets.map((widget) => widget.id))).toEqual([[10], [20]]);
  });

  it('keeps the first widget of each id across all pages, logged, so two questions never share one answer', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const survey = parsed({
      survey_id: 1,
      pages: [
        { id: 1, widgets: [radio(10), radio(11), radio(10)] },
        { id: 2, widgets: [radio(11), radio(12)] },
      ],
    });
    expect(survey.pages.map((page) => page.widgets.map((widget) => widget.id))).toEqual([[10, 11], [12]]);
    expect(warn).toHaveBeenCalled();
  });
});

describe('logic rules without an id or a page', () => {
  const pages = [
    { id: 1, widgets: [{ id: 10, subtype: 'single_radio' }] },
    { id: 2, widgets: [{ id: 20, subtype: 'single_radio' }] },
  ];
  const condition = { source: 'question', reference: '20', operator: 'answered' };
  const action = { type: 'jump_page', resource: '1' };

  it('gives a rule without an id one of its own, distinct from the others', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const survey = parsed({
      survey_id: 1,
      pages,
      logic_list: [
        { page_id: 1, action },
        { id: 7, page_id: 1, action },
        { id: 'seven', page_id: 2, action },
      ],
    });
    const ids = survey.logic_list.map((rule) => rule.id);
    expect(ids[1]).toBe(7);
    expect(new Set(ids).size).toBe(3);
    expect(survey.logic_list.map((rule) => rule.page_id)).toEqual([1, 1, 2]);
  });

  it('places a rule without a page on the page of its first question condition’s widget', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const survey = parsed({
      survey_id: 1,
      pages,
      logic_list: [
        {
          id: 1,
          page_id: null,
          conditions: [{ source: 'url_param', reference: 'x', operator: 'answered' }, condition],
          action,
        },
        { id: 2, conditions: [{ reference: 10, operator: 'answered' }], action },
      ],
    });
    expect(survey.logic_list.map((rule) => [rule.id, rule.page_id])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(survey.logic_list[1]?.conditions[0]?.source).toBe('question');
  });

  it('leaves out, logged, a rule it cannot place, and keeps the survey and its other rules', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const survey = parsed({
      survey_id: 1,
      pages,
      logic_list: [
        { id: 1, page_id: null, conditions: [{ source: 'url_param', reference: 'x', operator: 'answered' }], action },
        { id: 2, conditions: [{ source: 'question', reference: '99', operator: 'answered' }], action },
        { id: 3, action: { type: 'finish_survey' } },
        { id: 4, page_id: 2, conditions: [condition], action },
      ],
    });
    expect(survey.logic_list.map((rule) => rule.id)).toEqual([4]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no page'));
  });
});

describe('survey fields written in a simpler shape', () => {
  it('reads a numeric response_code as its string', () => {
    expect(parsed({ survey_id: 1, response_code: 12345 }).response_code).toBe('12345');
  });

  it('reads user_profile written as the pack’s name, and one it cannot read as FREE', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parsed({ survey_id: 1, user_profile: 'PLUS' }).user_profile).toEqual({ pack: 'PLUS' });
    expect(parsed({ survey_id: 1, user_profile: 'plus' }).user_profile).toEqual({ pack: 'PLUS' });
    expect(parsed({ survey_id: 1, user_profile: 42 }).user_profile).toEqual({ pack: 'FREE' });
    expect(parsed({ survey_id: 1, user_profile: { pack: 7 } }).user_profile).toEqual({ pack: 'FREE' });
  });

  it('reads languages written as bare codes, the first being the original unless another is flagged', () => {
    expect(parsed({ survey_id: 1, languages: ['es', 'EN'] }).languages).toEqual([
      { code: 'es', is_original: true },
      { code: 'en', is_original: false },
    ]);
    expect(parsed({ survey_id: 1, languages: ['es', { code: 'en', is_original: 'true' }] }).languages).toEqual([
      { code: 'es', is_original: false },
      { code: 'en', is_original: true },
    ]);
    const survey = parsed({ survey_id: 1, user_profile: 'PLUS', languages: ['es', 'en'] });
    expect(originalLanguage(survey)).toBe('es');
  });
});
