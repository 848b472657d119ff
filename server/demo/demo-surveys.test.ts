import { readdirSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { hasPack } from '@/lib/survey-format/survey-rules';
import { surveyFileSchema } from '@/lib/survey-format/survey';
import { validationTypes } from '@/lib/survey-format/validation';
import { actionTypes } from '@/lib/survey-format/rule';
import { blockSubtypes, questionSubtypes } from '@/lib/survey-format/widget-kinds';
import type { z } from 'zod';

type SurveyFile = z.output<typeof surveyFileSchema>;

import { closeReasonOf } from '@/lib/survey-format/survey-status';
import { demoSurveyFiles } from './demo-surveys';

const parsed: SurveyFile[] = demoSurveyFiles.map((file) => {
  const result = surveyFileSchema.safeParse(file);
  if (!result.success) throw new Error(`${file.survey_code}: ${JSON.stringify(result.error.issues, null, 2)}`);
  return result.data;
});
const byCode = (code: string) => {
  const survey = parsed.find((candidate) => candidate.survey_code === code);
  if (survey === undefined) throw new Error(`missing demo ${code}`);
  return survey;
};
const widgets = (survey: SurveyFile) => survey.pages.flatMap((page) => page.widgets);
const allWidgets = parsed.flatMap(widgets);

describe('demo survey files', () => {
  it('every JSON file in server/demo is listed in demo-surveys.ts', () => {
    const files = readdirSync(path.join(__dirname)).filter((name) => name.endsWith('.json'));
    expect(files.map((name) => name.replace(/\.json$/, '')).sort()).toEqual(
      demoSurveyFiles.map((file) => file.survey_code).sort(),
    );
  });

  it.each(demoSurveyFiles.map((file) => [file.survey_code, file] as const))(
    '%s is a valid survey file',
    (_code, file) => {
      const result = surveyFileSchema.safeParse(file);
      expect(result.success ? [] : result.error.issues).toEqual([]);
    },
  );

  it('ids are unique and every rule points at pages, widgets and items that exist', () => {
    for (const survey of parsed) {
      const ids = widgets(survey).map((widget) => widget.id);
      expect(new Set(ids).size, survey.survey_code).toBe(ids.length);
      const pageIds = new Set(survey.pages.map((page) => String(page.id)));
      const widgetById = new Map(widgets(survey).map((widget) => [String(widget.id), widget]));
      for (const widget of widgets(survey)) {
        const itemIds = widget.items.map((item) => item.id);
        expect(new Set(itemIds).size, `${survey.survey_code} ${widget.id}`).toBe(itemIds.length);
      }
      for (const rule of survey.logic_list) {
        const where = `${survey.survey_code} rule ${rule.id}`;
        expect(pageIds.has(String(rule.page_id)), where).toBe(true);
        const { type, resource } = rule.action;
        if (type.endsWith('_page')) expect(pageIds.has(resource), where).toBe(true);
        if (type.endsWith('_question')) expect(widgetById.has(resource), where).toBe(true);
        if (type.endsWith('_option')) {
          const [widgetId, itemId] = resource.split(':');
          const items = widgetById.get(widgetId ?? '')?.items.map((item) => String(item.id));
          expect(items, where).toContain(itemId);
        }
        for (const condition of rule.conditions) {
          if (condition.source === 'question') expect(widgetById.has(condition.reference), where).toBe(true);
        }
      }
    }
  });

  it('together use every question subtype and every block type', () => {
    const used = new Set(allWidgets.map((widget) => widget.subtype));
    for (const subtype of [...questionSubtypes, ...blockSubtypes]) expect(used, subtype).toContain(subtype);
  });

  it('use every validation type, with bounds and restricted values', () => {
    const validations = allWidgets.flatMap((widget) => (widget.validation ? [widget.validation] : []));
    for (const type of validationTypes) expect(validations.map((v) => v.type)).toContain(type);
    expect(validations.some((v) => v.min_length !== null && v.max_length !== null)).toBe(true);
    expect(validations.some((v) => v.min_value !== null && v.max_value !== null)).toBe(true);
    expect(validations.some((v) => v.restricted_values.length > 0)).toBe(true);
    expect(validations.some((v) => v.type === 'regex' && v.pattern)).toBe(true);
    expect(validations.some((v) => v.type === 'date' && v.date_format)).toBe(true);
  });

  it('use every logic action, several operators and sources, and a finish with redirect parameters', () => {
    const rules = parsed.flatMap((survey) => survey.logic_list);
    for (const type of actionTypes) expect(rules.map((rule) => rule.action.type)).toContain(type);
    const conditions = rules.flatMap((rule) => rule.conditions);
    expect(new Set(conditions.map((condition) => condition.operator)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(conditions.map((condition) => condition.source)).size).toBeGreaterThanOrEqual(4);
    expect(rules.some((rule) => rule.match === 'any')).toBe(true);
    const finish = rules.find((rule) => rule.action.type === 'finish_survey');
    expect(finish?.action.redirect_parameters.length).toBeGreaterThan(0);
  });

  it('pipe every token type', () => {
    const text = JSON.stringify(byCode('demo-piping'));
    for (const token of [
      /\{\{question:\d+\}\}/,
      /\{\{question:\d+\|selected\}\}/,
      /\{\{question:\d+\|selected_other\}\}/,
      /\{\{question:\d+\|not_selected\}\}/,
      /\{\{question:\d+\|matrix\}\}/,
      /\{\{url_param:\w+\}\}/,
      /\{\{custom_field:\w+\}\}/,
      /\{\{promo_code\}\}/,
    ]) {
      expect(text).toMatch(token);
    }
  });

  it('include a quiz, a PRO timer, a PRO password survey and answer later', () => {
    const quiz = byCode('demo-quiz');
    expect(quiz.config.is_quiz).toBe(true);
    expect(widgets(quiz).filter((widget) => widget.quiz !== null).length).toBeGreaterThanOrEqual(3);
    const timer = byCode('demo-timer');
    expect(hasPack(timer, 'PRO')).toBe(true);
    expect(timer.config).toMatchObject({ timeout_amount: 2, timeout_type: 'minutes' });
    const password = byCode('demo-password');
    expect(password.password).toBe('demo');
    expect(hasPack(password, 'PRO')).toBe(true);
    expect(byCode('demo-answer-later').share_config.answer_later).toBe(true);
  });

  it('include a survey in es (original), en and ar with translated texts', () => {
    const multilang = byCode('demo-multilang');
    expect(multilang.languages).toEqual([
      { code: 'es', is_original: true },
      { code: 'en', is_original: false },
      { code: 'ar', is_original: false },
    ]);
    expect(hasPack(multilang, 'PLUS')).toBe(true);
    for (const widget of widgets(multilang)) expect(widget.title).toHaveProperty('ar');
  });

  it('include one closed survey per reason', () => {
    const now = Date.now();
    expect(closeReasonOf(byCode('demo-closed-author'), 0, now)).toBe('author');
    expect(closeReasonOf(byCode('demo-closed-max'), 0, now)).toBe('max_responses');
    expect(closeReasonOf(byCode('demo-closed-date'), 0, now)).toBe('end_date');
    const open = parsed.filter((survey) => !survey.survey_code.startsWith('demo-closed-'));
    for (const survey of open) expect(closeReasonOf(survey, 0, now), survey.survey_code).toBeNull();
  });

  it('include each end type on a pack that honours it', () => {
    for (const [code, endType] of [
      ['demo-end-page', 'PAGE'],
      ['demo-end-url', 'URL'],
      ['demo-end-resume', 'RESUME'],
      ['demo-end-back', 'BACK'],
    ] as const) {
      const survey = byCode(code);
      expect(survey.share_config.end_type).toBe(endType);
      expect(hasPack(survey, 'PLUS')).toBe(true);
    }
  });

  it('demo-simple is three short pages: a radio, a free text and a checkbox, PLUS, end PAGE', () => {
    const simple = byCode('demo-simple');
    expect(simple.pages.map((page) => page.widgets.map((widget) => widget.subtype))).toEqual([
      ['single_radio'],
      ['freetext_input'],
      ['multiple_checkbox'],
    ]);
    expect(simple.user_profile.pack).toBe('PLUS');
    expect(simple.share_config.end_type).toBe('PAGE');
  });
});
