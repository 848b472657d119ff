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
  /** The original name of an uploaded file by the value its answer holds; `null` when this device does not know it. */
  uploadName?: (value: string) => string | null;
};

/** What `pipedAnswer` reads besides the answer. */
type PipeSources = {
  language: AnswerLanguage;
  label: LabelText;
  hiddenItemIds: ReadonlySet<number> | undefined;
  uploadName: PipeContext['uploadName'];
};

/**
 * Any token shape, `{{ name[:argument][|selector] }}` (letters and `_` in the name, spaces tolerated): the spec's
 * `{{question:ID}}` with an optional `|selected`, `|selected_other`, `|not_selected` or `|matrix`,
 * `{{url_param:NAME}}`, `{{custom_field:NAME}}` and `{{promo_code}}` (`readToken`), and any other, which is empty.
 * Arguments stop at `}` and `|` so a token never swallows the text after it.
 */
const TOKEN = /\{\{\s*([A-Za-z_]+)\s*(?::([^{}|]*))?(?:\|([^{}]*))?\}\}/g;

const SELECTORS = ['selected', 'selected_other', 'not_selected', 'matrix'] as const;

/** How a piped answer is shown: the token's `|option`, else the answer itself. */
type PipeMode = 'answer' | (typeof SELECTORS)[number];

function isSelector(option: string): option is (typeof SELECTORS)[number] {
  return (SELECTORS as readonly string[]).includes(option);
}

/** A token the spec names; kinds and selectors are read in any case, names and ids as written. */
type PipeToken =
  | { kind: 'question'; id: number; mode: PipeMode }
  | { kind: 'url_param' | 'custom_field'; name: string }
  | { kind: 'promo_code' };

/** What a token shape names, or `null` for a form the spec does not name. */
function readToken(name: string, argument: string | undefined, selector: string | undefined): PipeToken | null {
  const kind = name.toLowerCase();
  const reference = argument?.trim();
  const option = selector?.trim().toLowerCase();
  if (kind === 'promo_code') return reference === undefined && option === undefined ? { kind } : null;
  if (kind === 'url_param' || kind === 'custom_field') {
    return reference && option === undefined ? { kind, name: reference } : null;
  }
  if (kind !== 'question' || reference === undefined || !/^\d+$/.test(reference)) return null;
  if (option === undefined) return { kind, id: Number(reference), mode: 'answer' };
  return isSelector(option) ? { kind, id: Number(reference), mode: option } : null;
}

/** Replaces each token in one pass: a replacement is final, never read for tokens again. */
function replaceTokens(text: string, value: (token: PipeToken) => string): string {
  if (!text.includes('{{')) return text;
  return text.replace(TOKEN, (_match: string, name: string, argument?: string, selector?: string) => {
    const token = readToken(name, argument, selector);
    return token === null ? '' : value(token);
  });
}

/** What an option label (owner text) reads as where an answer is piped. */
type LabelText = (label: string) => string;

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

/**
 * The text of one answer for a pipe token (survey-format.md, "Pipe tokens"), plain text, never markup:
 * - `answer` (`{{question:ID}}`) and `matrix`: the answer as the respondent reads it (`answerText`, style
 *   `display`: option labels, "other" as typed, a ranking in rank order, matrix cells, values as stored); uploads
 *   by their file names (`uploadName`; one it does not know is left out), a signature as ''.
 * - `selected`: labels of the chosen listed options only (without "other", which `selected_other` gives).
 * - `selected_other`: the text typed in "other" only.
 * - `not_selected`: labels of the listed options not chosen, in the question's order (hidden ones left out); like
 *   `selected`, never "other", a write-in rather than an option with a name.
 * The three choice modes give '' on a question that lists no options. Owner labels are read through `label`.
 */
function pipedAnswer(widget: Widget, answer: readonly string[], mode: PipeMode, sources: PipeSources): string {
  const { language, label, hiddenItemIds } = sources;
  const entries = answer.filter((entry) => entry.trim() !== '');
  // An unanswered question pipes nothing, whatever the mode (`not_selected` would list every option).
  if (entries.length === 0) return '';
  if (widget.subtype === 'other_file_upload') {
    if (mode !== 'answer' && mode !== 'matrix') return '';
    return entries
      .map((entry) => sources.uploadName?.(entry.trim()) ?? null)
      .filter((name): name is string => name !== null && name.trim() !== '')
      .join(', ');
  }
  if (mode === 'answer' || mode === 'matrix') return answerText(widget, entries, { language, style: 'display', label });
  if (choiceKindOf(widget.subtype) === null) return '';
  switch (mode) {
    case 'selected':
      return entries
        .filter((entry) => otherText(entry) === null)
        .map((entry) => optionLabel(widget.items, entry, language))
        .filter((listed): listed is string => listed !== null)
        .map((listed) => label(listed))
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
        .map((item) => label(resolveText(item.value, language.lang, language.originalLang)))
        .join(', ');
    }
  }
}

/** The text a token stands for: unknown, unanswered and hidden references are ''. */
function tokenValue(token: PipeToken, context: PipeContext, label: LabelText): string {
  switch (token.kind) {
    case 'promo_code':
      return context.responseCode ?? '';
    case 'url_param':
    case 'custom_field': {
      const key = token.kind === 'url_param' ? urlParamKey(token.name) : customFieldKey(token.name);
      return (context.content[key] ?? []).filter((value) => value.trim() !== '').join(', ');
    }
    case 'question': {
      const widget = widgetsOf(context.survey.pages).get(token.id);
      if (!widget || context.hiddenWidgetIds?.has(token.id)) return '';
      const hiddenItems = context.hiddenOptionIds?.get(token.id);
      const answer = (context.content[String(token.id)] ?? []).filter(
        (entry) => !hiddenItems?.has(Number(entry.split(ANSWER_SEPARATOR, 1)[0])),
      );
      return pipedAnswer(widget, answer, token.mode, {
        language: { lang: context.lang, originalLang: originalLang(context.survey.languages) },
        label,
        hiddenItemIds: hiddenItems,
        uploadName: context.uploadName,
      });
    }
  }
}

/**
 * Option labels are owner text: their tokens are expanded once, with the labels inside losing theirs, so a label that
 * names its own question (or a cycle of them) ends.
 */
function expandedLabel(context: PipeContext): LabelText {
  return (label) => replaceTokens(label, (token) => tokenValue(token, context, withoutPipeTokens));
}

/**
 * Replaces pipe tokens in already-resolved text (the survey's Text in the respondent's language) with answers'
 * display text (see `pipedAnswer`), the tokens of the option labels in it expanded (`expandedLabel`). Unknown,
 * unanswered and hidden references, and token shapes the spec does not name, become ''.
 *
 * One pass: the replacement of a token is final. A typed answer that itself looks like a token (or like HTML)
 * stays literal text, so respondents cannot inject into later questions; rendering it as text is the UI's job.
 */
export function pipeText(text: string, context: PipeContext): string {
  const label = expandedLabel(context);
  return replaceTokens(text, (token) => tokenValue(token, context, label));
}

/**
 * An owner's URL (end, close, a finish rule's) as the respondent is sent to it: every token replaced as `pipeText`
 * does, each value URI-encoded, so a page of the owner's can read the answers and the response code (spec §3: the
 * promotional-code placeholder). The caller still checks the result (`safeRedirectUrl`).
 */
export function pipeOwnerUrl(url: string, context: PipeContext): string {
  const label = expandedLabel(context);
  return replaceTokens(url, (token) => encodeURIComponent(tokenValue(token, context, label)));
}

/** Text shown where no answers are at hand (the tab's title, a message page): its tokens removed, as if unanswered. */
export function withoutPipeTokens(text: string): string {
  return text.replace(TOKEN, '');
}
