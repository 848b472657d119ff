import { describe, expect, it } from 'vitest';

import { createPageStore } from './page-store';

describe('page store', () => {
  it('counts a widget with an entry as in error, including id 0', () => {
    const store = createPageStore();
    store.getState().setErrors({ '0': { key: 'required' }, '12': { key: 'max_length', values: { max: 5 } } });
    expect(store.getState().isInError(0)).toBe(true);
    expect(store.getState().isInError(12)).toBe(true);
    expect(store.getState().isInError(1)).toBe(false);
    store.getState().clearError(0);
    expect(store.getState().isInError(0)).toBe(false);
    store.getState().clearAll();
    expect(store.getState().errors).toEqual({});
  });

  it('keeps the phase and a pending review', () => {
    const store = createPageStore({ phase: { kind: 'restoring' } });
    store.getState().setPhase({ kind: 'answering' });
    store.getState().setReview({ pageId: 2, questionCount: 1 });
    expect(store.getState()).toMatchObject({ phase: { kind: 'answering' }, review: { pageId: 2, questionCount: 1 } });
  });

  it('clearing an absent error does not notify subscribers', () => {
    const store = createPageStore();
    let calls = 0;
    store.subscribe(() => calls++);
    store.getState().clearError(3);
    expect(calls).toBe(0);
  });
});
