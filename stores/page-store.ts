import { createStore, type StoreApi } from 'zustand/vanilla';

/** A widget's required/validation error: a message key and its ICU values. */
export interface WidgetError {
  key: string;
  values?: Readonly<Record<string, string | number>>;
}

export type WidgetId = number | string;

/**
 * Where the respondent is and which widgets are in error. Errors are kept by widget id as a string key;
 * "a widget with an entry, including index 0, is in error" (spec §5), so presence is tested with `Object.hasOwn`,
 * never by truthiness.
 */
export interface PageState {
  currentPageId: number | null;
  /** Pages visited before the current one, most recent last; "back" pops it. */
  history: readonly number[];
  errors: Readonly<Record<string, WidgetError>>;
  /** Moves forward: the current page (if any) goes onto the history. */
  goToPage: (pageId: number) => void;
  /** Moves back to the last visited page and returns it; `null` (and no change) when there is none. */
  goBack: () => number | null;
  /** Sets the current page without touching the history (first page, resume). */
  setCurrentPage: (pageId: number | null, history?: readonly number[]) => void;
  setError: (widgetId: WidgetId, error: WidgetError) => void;
  clearError: (widgetId: WidgetId) => void;
  /** Replaces all errors at once (one render for a whole page's validation). */
  setErrors: (errors: Readonly<Record<string, WidgetError>>) => void;
  clearAll: () => void;
  isInError: (widgetId: WidgetId) => boolean;
}

export interface PageStoreInit {
  currentPageId?: number | null;
  history?: readonly number[];
}

export type PageStore = StoreApi<PageState>;

export function createPageStore(init: PageStoreInit = {}): PageStore {
  return createStore<PageState>()((set, get) => ({
    currentPageId: init.currentPageId ?? null,
    history: init.history ?? [],
    errors: {},
    goToPage: (pageId) =>
      set((state) => ({
        currentPageId: pageId,
        history: state.currentPageId === null ? state.history : [...state.history, state.currentPageId],
      })),
    goBack: () => {
      const { history } = get();
      const previous = history.at(-1);
      if (previous === undefined) return null;
      set({ currentPageId: previous, history: history.slice(0, -1) });
      return previous;
    },
    setCurrentPage: (pageId, history) => set((state) => ({ currentPageId: pageId, history: history ?? state.history })),
    setError: (widgetId, error) => set((state) => ({ errors: { ...state.errors, [String(widgetId)]: error } })),
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
