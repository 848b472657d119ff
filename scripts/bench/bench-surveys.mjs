// The bench's surveys: the issue's harness's mix of questions, generated at any size, and the hand-written static
// HTML page of the same questions that is the bench's baseline.

/** Questions per page, as the issue's harness lays them out: 50 questions on 10 pages, 500 on 50. */
const perPage = (questions) => (questions <= 50 ? 5 : 10);

const KINDS = [
  'single_radio',
  'multiple_checkbox',
  'single_select',
  'freetext_input',
  'freetext_comment',
  'other_radio_matrix',
  'scale_stars',
  'other_ranking',
];
const options = (count) =>
  Array.from({ length: count }, (_, index) => ({ id: index + 1, value: `Option ${index + 1}` }));

export function surveyOf(questions) {
  const PER_PAGE = perPage(questions);
  const pages = Math.ceil(questions / PER_PAGE);
  return {
    survey_code: `bench-${questions}`,
    survey_id: 96000 + questions,
    title: `${questions} questions`,
    user_profile: { pack: 'PLUS' },
    config: { progress_bar: true, hide_back_button: false, auto_question_flow_mobile: false },
    share_config: { end_type: 'PAGE' },
    languages: [{ code: 'en', is_original: true }],
    pages: Array.from({ length: pages }, (_, page) => ({
      id: page + 1,
      title: `Page ${page + 1}`,
      widgets: Array.from({ length: PER_PAGE }, (_, index) => {
        const id = (page + 1) * 1000 + index;
        const subtype = KINDS[(page * PER_PAGE + index) % KINDS.length];
        const widget = { id, subtype, title: `Question ${page * PER_PAGE + index + 1}: how do you rate item ${id}?` };
        if (['single_radio', 'multiple_checkbox', 'single_select', 'other_ranking'].includes(subtype))
          widget.items = options(5);
        if (subtype === 'other_radio_matrix') {
          widget.items = options(4);
          widget.col_options = options(5);
        }
        return widget;
      }),
    })),
  };
}

/** Text as HTML: the baselines write the bench's words into their markup. */
export const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** The same questions by hand: one form, one section per page, a few lines of script for Next. */
export function staticHtml(survey) {
  const control = (widget) => {
    const name = `q${widget.id}`;
    const choice = (type) =>
      widget.items
        .map(
          (item) => `<label><input type="${type}" name="${name}" value="${item.id}"> ${escapeHtml(item.value)}</label>`,
        )
        .join('');
    switch (widget.subtype) {
      case 'single_radio':
      case 'single_select':
        return choice('radio');
      case 'multiple_checkbox':
        return choice('checkbox');
      case 'freetext_input':
        return `<input type="text" name="${name}" aria-labelledby="${name}-t">`;
      case 'freetext_comment':
        return `<textarea name="${name}" rows="4" aria-labelledby="${name}-t"></textarea>`;
      case 'scale_stars':
        return [1, 2, 3, 4, 5]
          .map((star) => `<label><input type="radio" name="${name}" value="${star}"> ${star}★</label>`)
          .join('');
      case 'other_ranking':
        return `<ol>${widget.items.map((item) => `<li>${escapeHtml(item.value)} <button type="button">Up</button></li>`).join('')}</ol>`;
      case 'other_radio_matrix':
        return `<table><tr><td></td>${widget.col_options.map((col) => `<th>${escapeHtml(col.value)}</th>`).join('')}</tr>${widget.items
          .map(
            (row) =>
              `<tr><th>${escapeHtml(row.value)}</th>${widget.col_options
                .map(
                  (col) =>
                    `<td><input type="radio" name="${name}-${row.id}" value="${col.id}" aria-label="${escapeHtml(row.value)}, ${escapeHtml(col.value)}"></td>`,
                )
                .join('')}</tr>`,
          )
          .join('')}</table>`;
      default:
        return '';
    }
  };
  const pages = survey.pages
    .map(
      (page, index) =>
        `<section data-page="${index}"${index === 0 ? '' : ' hidden'}><h2 class="page">${escapeHtml(page.title)}</h2>${page.widgets
          .map(
            (widget) =>
              `<fieldset><legend id="q${widget.id}-t">${escapeHtml(widget.title)}</legend>${control(widget)}</fieldset>`,
          )
          .join('')}</section>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(survey.title)}</title><style>body{font-family:system-ui,sans-serif;margin:0;padding:16px;background:#f4f6fb}
form{max-width:900px;margin:auto;background:#fff;padding:20px;border-radius:10px}fieldset{border:0;margin:0 0 16px;padding:16px;background:#f6f9fe}
label{display:block;padding:6px 0}table{width:100%}button{padding:10px 18px}</style></head>
<body><h1>${escapeHtml(survey.title)}</h1><form id="f">${pages}<button type="submit" id="survey-next">Next</button></form>
<script>let p=0;const s=document.querySelectorAll('section');document.getElementById('f').addEventListener('submit',e=>{e.preventDefault();if(p<s.length-1){s[p].hidden=true;p+=1;s[p].hidden=false;scrollTo(0,0);}});document.documentElement.dataset.hydrated='true';</script></body></html>`;
}
