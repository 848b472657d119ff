// The same survey in SurveyJS (survey-core and survey-js-ui, the library's framework-free UI on Preact), as the
// issue's harness runs it beside this app: a page that loads the library's scripts and default theme and renders the
// survey in the browser. Its take-over is marked (`data-hydrated`) when the library has rendered the survey.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { escapeHtml } from './bench-surveys.mjs';

// The packages export no path to their minified builds: those sit beside the builds they export.
const require = createRequire(import.meta.url);
const coreDir = path.dirname(require.resolve('survey-core'));
const uiDir = path.dirname(require.resolve('survey-js-ui'));

/**
 * The library's files, served beside the page by the bench's static server. The default theme without its web font,
 * which it would fetch from Google's servers: this app sets its text in the system's fonts too.
 */
const SURVEYJS_FILES = {
  '/surveyjs/survey.core.min.js': path.join(coreDir, 'survey.core.min.js'),
  '/surveyjs/survey-js-ui.min.js': path.join(uiDir, 'survey-js-ui.min.js'),
  '/surveyjs/survey-core.min.css': path.join(coreDir, 'survey-core.fontless.min.css'),
};

/** URL → content of each of the library's files. */
export function surveyJsFiles() {
  return new Map(Object.entries(SURVEYJS_FILES).map(([url, file]) => [url, fs.readFileSync(file)]));
}

const choices = (items) => items.map((item) => ({ value: item.id, text: item.value }));

/** Each of the bench's kinds as SurveyJS's own question type. */
function questionOf(widget) {
  const base = { name: `q${widget.id}`, title: widget.title };
  switch (widget.subtype) {
    case 'single_radio':
      return { ...base, type: 'radiogroup', choices: choices(widget.items) };
    case 'multiple_checkbox':
      return { ...base, type: 'checkbox', choices: choices(widget.items) };
    case 'single_select':
      return { ...base, type: 'dropdown', choices: choices(widget.items) };
    case 'freetext_input':
      return { ...base, type: 'text' };
    case 'freetext_comment':
      return { ...base, type: 'comment' };
    case 'other_radio_matrix':
      return { ...base, type: 'matrix', rows: choices(widget.items), columns: choices(widget.col_options) };
    case 'scale_stars':
      return { ...base, type: 'rating', rateType: 'stars', rateCount: 5 };
    case 'other_ranking':
      return { ...base, type: 'ranking', choices: choices(widget.items) };
    default:
      throw new Error(`no SurveyJS question for ${widget.subtype}`);
  }
}

/** The survey in SurveyJS's JSON: one SurveyJS page per page, each titled as in the app. */
export function surveyJsJson(survey) {
  return {
    title: survey.title,
    showProgressBar: 'top',
    pages: survey.pages.map((page) => ({
      name: `page${page.id}`,
      title: page.title,
      elements: page.widgets.map(questionOf),
    })),
  };
}

export function surveyJsHtml(survey) {
  const json = JSON.stringify(surveyJsJson(survey)).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(survey.title)}</title><link rel="stylesheet" href="/surveyjs/survey-core.min.css">
<script src="/surveyjs/survey.core.min.js"></script><script src="/surveyjs/survey-js-ui.min.js"></script></head>
<body><div id="survey"></div><script>
const survey = new Survey.Model(${json});
survey.onAfterRenderSurvey.add(() => { document.documentElement.dataset.hydrated = 'true'; });
survey.render(document.getElementById('survey'));
</script></body></html>`;
}
