'use client';

import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { Widget } from '@/lib/survey-format/widget';
import {
  answerFromForm,
  forgetKeptEarlyFields,
  restoreEarlyFieldStates,
  showPendingUntil,
  takeEarlyAction,
  takeEarlyFieldNames,
  type EarlyAction,
  type EarlyAnswers,
} from './early-answers';

/** What carries out, once the client has taken over, what the respondent did before (the flow controller). */
export interface TakeOverTarget {
  takeOver(earlyAnswers: EarlyAnswers, action: EarlyAction | null): Promise<void>;
}

/**
 * The moment the client takes over the server-rendered page: once every widget of the first page has hydrated
 * (each in its own chunk), the answers given meanwhile are read from the form, the Next or Back pressed meanwhile
 * is carried out, and the document is marked hydrated (`data-hydrated`), from when a click counts as usual.
 * `onTakenOver` runs then too (without a render of its own), before the controller's take-over: the tasks it sets
 * (what the first Next needs) come before the response session's, which the controller starts. All of it as React
 * commits the last widget (layout effects): that commit's passive effects (the stores' online and storage state, the
 * seed's cookie) come in a task after it, which React runs before it handles a click. Returns the callback each widget
 * calls once mounted (`WidgetMountedContext`).
 */
export function useTakeOver(
  controller: TakeOverTarget,
  firstPage: { pageId: number | null; widgets: readonly Widget[] },
  onTakenOver: () => void,
): () => void {
  const initial = useRef({ ...firstPage, expected: firstPage.widgets.length, mounted: 0, done: false });
  const afterTakeOver = useRef(onTakenOver);
  useEffect(() => {
    afterTakeOver.current = onTakenOver;
  });

  const takeOver = useCallback(() => {
    const state = initial.current;
    if (state.done) return;
    state.done = true;
    const form = document.querySelector<HTMLFormElement>('form[data-page-id]');
    const early: Array<readonly [number, string[]]> = [];
    if (form) {
      restoreEarlyFieldStates(form);
      for (const name of takeEarlyFieldNames()) {
        const widget = state.widgets.find((candidate) => `q${candidate.id}` === name);
        const answer = widget ? answerFromForm(widget, form) : null;
        if (widget && answer) early.push([widget.id, answer]);
      }
    }
    forgetKeptEarlyFields();
    document.documentElement.dataset.hydrated = 'true';
    afterTakeOver.current();
    const action = takeEarlyAction();
    const carriedOut = controller.takeOver(early, action);
    if (action) showPendingUntil(action, carriedOut);
  }, [controller]);

  useLayoutEffect(() => {
    // Nothing to wait for: the gate, a closed survey, a page without widgets.
    if (initial.current.expected === 0) takeOver();
  }, [takeOver]);

  // Stable, so a widget signals once per mount however often the page re-renders.
  return useCallback(() => {
    initial.current.mounted += 1;
    if (initial.current.mounted >= initial.current.expected) takeOver();
  }, [takeOver]);
}
