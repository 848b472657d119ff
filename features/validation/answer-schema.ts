import * as z from 'zod/mini';
import type { Widget } from '@/lib/survey-format/widget';
import { validateAnswer, type ValidationConfig } from './validate-answer';
import { issueToMessage } from './validation-issue';
import { visibleView, type VisibilityState } from './validate-page';

/**
 * The react-hook-form field name of a question. react-hook-form reads a name made of digits as an array index
 * (its docs forbid numeric names), so the widget id gets a letter in front: 101 → `"q101"`.
 */
export function answerFieldName(widgetId: number): `q${number}` {
  return `q${widgetId}`;
}

/** The widget id of a field name made by `answerFieldName`, or `null`. */
export function widgetIdOfField(name: string): number | null {
  const match = /^q(-?\d+)$/.exec(name);
  return match ? Number(match[1]) : null;
}

/** Form values of a page: each question's answer in the content encoding, under `answerFieldName(id)`. */
export type PageFormValues = Record<`q${number}`, string[] | undefined>;

/**
 * A zod (mini, to keep the client bundle small; `zodResolver` accepts it) schema for one page's form. It runs
 * exactly `validateAnswer`, so the form and the page-flow engine cannot disagree; each issue's message is the
 * `ValidationIssue` as JSON, at the path of its field. The UI reads it back with `issueFromMessage` and
 * translates it with `t('validation.' + key, values)`.
 *
 * Questions hidden by logic (per `logicState`, else their own `hidden` flag) are not validated.
 */
export function buildPageSchema(widgets: readonly Widget[], config: ValidationConfig, logicState?: VisibilityState) {
  const questions = widgets.filter((widget) => {
    if (!widget.is_question) return false;
    return !(logicState ? logicState.hiddenWidgetIds.has(widget.id) : widget.hidden);
  });
  const shape: Record<`q${number}`, z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>> = {};
  for (const widget of questions) shape[answerFieldName(widget.id)] = z.optional(z.array(z.string()));

  // Loose: other fields of the form (not questions of this page) pass through untouched.
  return z.looseObject(shape).check((payload) => {
    const values: PageFormValues = payload.value;
    for (const widget of questions) {
      const name = answerFieldName(widget.id);
      const answer = values[name] ?? [];
      const view = visibleView(widget, answer, logicState?.hiddenOptionIds?.get(widget.id));
      const issue = validateAnswer(view.widget, view.answer, config);
      if (issue) {
        payload.issues.push({ code: 'custom', message: issueToMessage(issue), input: answer, path: [name] });
      }
    }
  });
}
