import { otherText } from '@/lib/survey-format/answer-codec';
import { answerText, optionLabel, type AnswerLanguage } from '@/lib/survey-format/answer-text';
import { ANSWER_SEPARATOR, customFieldKey, urlParamKey, type Content } from '@/lib/survey-format/content';
import type { Page } from '@/lib/survey-format/page';
import type { SurveyLanguage } from '@/lib/survey-format/survey';
import { resolveText } from '@/lib/survey-format/text';
import type { Widget } from '@/lib/survey-format/widget';
import { choiceKindOf } from '@/lib/survey-format/widget-kinds';

/** What piping reads. */
export type PipeContext = {
  survey: { pages: readonly Page[]; languages: readonly SurveyLanguage[] };
  content: Content;
  /** Survey language code the respondent reads (labels are resolved in it, falling back to the original). */
  lang: string;
  /** Replaces `{{promo_code}}`; '' until the response exists. */
  responseCode?: string | null;
  /** Questions hidden by logic pipe as '' (their answers are not sent either). */
  hiddenWidgetIds?: ReadonlySet<number>;
  /** Options hidden by logic are left out of `not_selected`. */
  hiddenOptionIds?: ReadonlyMap<number, ReadonlySet<number>>;
};

/**
 * `{{question:ID}}` with an optional `|selected`, `|selected_other`, `|not_selected` or `|matrix`;
 * `{{url_param:NAME}}`; `{{custom_field:NAME}}`; `{{promo_code}}`. Spaces inside the braces are tolerated.
 * Names stop at `}` and `|` so a token never swallows the text after it.
 */
const TOKEN =
  /\{\{\s*(?:question:\s*(-?\d+)\s*(?:\|\s*(selected_other|selected|not_selected|matrix)\s*)?|(url_param|custom_field):([^{}|]+?)|(promo_code))\s*\}\}/g;

const widgetCache = new WeakMap<readonly Page[], Map<number, Widget>>();

function widgetsOf(pages: readonly Page[]): Map<number, Widget> {
  let map = widgetCache.get(pages);
  if (!map) {
    map = new Map();
    for (const page of pages) for (const widget of page.widgets) map.set(widget.id, widget);
    widgetCache.set(pages, map);
  }
  return map;
}

function originalLang(languages: readonly SurveyLanguage[]): string {
  return languages.find((language) => language.is_original)?.code ?? languages[0]?.code ?? 'es';
}

/** How a piped answer is shown (the token's `|option`). */
type PipeMode = 'answer' | 'selected' | 'selected_other' | 'not_selected' | 'matrix';

/**
 * The text of one answer for a pipe token (survey-format.md, "Pipe tokens"), plain text, never markup:
 * - `answer` (`{{question:ID}}`) and `matrix`: the answer as the respondent reads it (`answerText`, style
 *   `display`: option labels, "other" as typed, a ranking in rank order, matrix cells, values as stored, uploads '').
 * - `selected`: labels of the chosen listed options only (without "other").
 * - `selected_other`: the text typed in "other" only.
 * - `not_selected`: labels of the listed options not chosen, in the question's order (hidden ones left out).
 * The three choice modes give '' on a question that lists no options.
 */
function pipedAnswer(
  widget: Widget,
  answer: readonly string[],
  mode: PipeMode,
  language: AnswerLanguage,
  hiddenItemIds: ReadonlySet<number> | undefined,
): string {
  const entries = answer.filter((entry) => entry.trim() !== '');
  // An unanswered question pipes nothing, whatever the mode (`not_selected` would list every option).
  if (entries.length === 0) return '';
  if (mode === 'answer' || mode === 'matrix') return answerText(widget, entries, { language, style: 'display' });
  if (choiceKindOf(widget.subtype) === null) return '';
  switch (mode) {
    case 'selected':
      return entries
        .filter((entry) => otherText(entry) === null)
        .map((entry) => optionLabel(widget.items, entry, language))
        .filter((label): label is string => label !== null)
        .join(', ');
    case 'selected_other':
      return (
        entries
          .map(otherText)
          .find((typed) => typed !== null)
          ?.trim() ?? ''
      );
    case 'not_selected': {
      const chosen = new Set(entries.map((entry) => entry.trim()));
      return widget.items
        .filter((item) => !chosen.has(String(item.id)) && !hiddenItemIds?.has(item.id))
        .map((item) => resolveText(item.value, language.lang, language.originalLang))
        .join(', ');
    }
  }
}

/**
 * Replaces pipe tokens in already-resolved text (the survey's Text in the respondent's language) with answers'
 * display text (see `pipedAnswer`). Unknown, unanswered and hidden references become ''.
 *
 * One pass: the replacement of a token is final. A typed answer that itself looks like a token (or like HTML)
 * stays literal text, so respondents cannot inject into later questions; rendering it as text is the UI's job.
 */
export function pipeText(text: string, context: PipeContext): string {
  if (!text.includes('{{')) return text;
  const language = { lang: context.lang, originalLang: originalLang(context.survey.languages) };
  return text.replace(
    TOKEN,
    (
      _match: string,
      questionId: string | undefined,
      mode: string | undefined,
      field: string | undefined,
      name: string | undefined,
      promo: string | undefined,
    ): string => {
      if (promo) return context.responseCode ?? '';
      if (field && name !== undefined) {
        const key = field === 'url_param' ? urlParamKey(name.trim()) : customFieldKey(name.trim());
        return (context.content[key] ?? []).filter((value) => value.trim() !== '').join(', ');
      }
      if (questionId === undefined) return '';
      const id = Number(questionId);
      const widget = widgetsOf(context.survey.pages).get(id);
      if (!widget || context.hiddenWidgetIds?.has(id)) return '';
      const hiddenItems = context.hiddenOptionIds?.get(id);
      const answer = (context.content[String(id)] ?? []).filter(
        (entry) => !hiddenItems?.has(Number(entry.split(ANSWER_SEPARATOR, 1)[0])),
      );
      return pipedAnswer(widget, answer, (mode as PipeMode | undefined) ?? 'answer', language, hiddenItems);
    },
  );
}

const PROMO_CODE = /\{\{\s*promo_code\s*\}\}/g;

/**
 * An owner's URL (end, close, a finish rule's) with `{{promo_code}}` replaced by the response code, encoded (spec §3:
 * the promotional-code placeholder), so a coupon page can read it; '' before the response exists. The other tokens
 * are text, not URLs, and stay as written.
 */
export function withPromoCode(url: string, responseCode: string | null): string {
  return url.replace(PROMO_CODE, () => encodeURIComponent(responseCode ?? ''));
}
