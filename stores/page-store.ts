import { createStore, type StoreApi } from 'zustand/vanilla';

import type { ErrorKey } from '@/lib/api/errors';
import type { Content } from '@/lib/survey-format/content';
import type { Text } from '@/lib/survey-format/text';

/** Messages of the `survey` namespace that replace the survey when it cannot be answered. */
export type ClosedMessageKey =
  | 'closed'
  | 'closed_max_responses'
  | 'closed_end_date'
  | 'already_completed'
  | 'time_limit'
  /** The theme's `device_types` leave this kind of device out. */
  | 'device_unavailable';

export type EndScreenKind = 'thank_you' | 'quiz' | 'summary';

/** Where the respondent is in the survey screen. */
export type SurveyPhase =
  /** A reload: until this device's answers are read back, the page says so rather than show it empty. */
  | { kind: 'restoring' }
  | { kind: 'gate' }
  | { kind: 'answering' }
  /** The finish was sent; waiting for the server to confirm (possibly until the browser is back online). */
  | { kind: 'finishing' }
  /** `pageIds`: the pages the respondent passed through, in order (a quiz scores the questions on them). */
  | { kind: 'ended'; screen: EndScreenKind; content: Content; pageIds: readonly number[]; canAnswerAgain: boolean }
  /** Leaving for another site once what it depends on is sent; `sending` while it waits. */
  | { kind: 'leaving'; url: string; sending: boolean }
  | { kind: 'closed'; message: ClosedMessageKey }
  | { kind: 'error'; key: ErrorKey; message: Text | null };

/** Spec §2 "review": a passed page needs answers again before the survey can finish. */
export interface Review {
  pageId: number;
  questionCount: number;
}

/** A widget's required/validation error: a message key and its ICU values. */
export interface WidgetError {
  key: string;
  values?: Readonly<Record<string, string | number>>;
  /**
   * The fields the error is about, a free-text matrix's cells (`"<row id>:<col id>"`) or a freetext_multiple's
   * items (`"<item id>"`); none: the whole question.
   */
  cells?: readonly string[];
}

export type WidgetId = number | string;

/**
 * Where the respondent is — the phase of the survey screen, the page, the pages behind it, a pending review — and
 * which widgets are in error. Errors are kept by widget id as a string key;
 * "a widget with an entry, including index 0, is in error" (spec §5), so presence is tested with `Object.hasOwn`,
 * never by truthiness.
 */
export interface PageState {
  phase: SurveyPhase;
  review: Review | null;
  currentPageId: number | null;
  /** Pages visited before the current one, most recent last; "back" pops it. */
  history: readonly number[];
  errors: Readonly<Record<string, WidgetError>>;
  setPhase: (phase: SurveyPhase) => void;
  setReview: (review: Review | null) => void;
  /** Sets the current page without touching the history (first page, resume). */
  setCurrentPage: (pageId: number | null, history?: readonly number[]) => void;
  clearError: (widgetId: WidgetId) => void;
  /** Replaces all errors at once (one render for a whole page's validation). */
  setErrors: (errors: Readonly<Record<string, WidgetError>>) => void;
  clearAll: () => void;
  isInError: (widgetId: WidgetId) => boolean;
}

export interface PageStoreInit {
  phase?: SurveyPhase;
  currentPageId?: number | null;
  history?: readonly number[];
}

export type PageStore = StoreApi<PageState>;

export function createPageStore(init: PageStoreInit = {}): PageStore {
  return createStore<PageState>()((set, get) => ({
    phase: init.phase ?? { kind: 'answering' },
    review: null,
    currentPageId: init.currentPageId ?? null,
    history: init.history ?? [],
    errors: {},
    setPhase: (phase) => set({ phase }),
    setReview: (review) => set({ review }),
    setCurrentPage: (pageId, history) => set((state) => ({ currentPageId: pageId, history: history ?? state.history })),
    clearError: (widgetId) => {
      const key = String(widgetId);
      if (!Object.hasOwn(get().errors, key)) return;
      set((state) => {
        const { [key]: _removed, ...rest } = state.errors;
        return { errors: rest };
      });
    },
    setErrors: (errors) => set({ errors: { ...errors } }),
    clearAll: () => set({ errors: {} }),
    isInError: (widgetId) => Object.hasOwn(get().errors, String(widgetId)),
  }));
}
