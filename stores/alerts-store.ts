import { createStore, type StoreApi } from 'zustand/vanilla';

/**
 * Alerts already sent for this response. Spec §4: "an alert for a page is sent once per alert id until reset", so
 * the page flow asks `wasSent(id)` before queueing an alert and calls `markSent(id)` after. The reset is a new
 * response: `clear`, when the one restored at a reload turns out to be over.
 */
export interface AlertsState {
  sentIds: readonly number[];
  markSent: (alertId: number) => void;
  wasSent: (alertId: number) => boolean;
  clear: () => void;
}

export interface AlertsStoreInit {
  sentIds?: readonly number[];
}

export type AlertsStore = StoreApi<AlertsState>;

export function createAlertsStore(init: AlertsStoreInit = {}): AlertsStore {
  return createStore<AlertsState>()((set, get) => ({
    sentIds: init.sentIds ?? [],
    markSent: (alertId) => {
      if (get().sentIds.includes(alertId)) return;
      set((state) => ({ sentIds: [...state.sentIds, alertId] }));
    },
    wasSent: (alertId) => get().sentIds.includes(alertId),
    clear: () => set({ sentIds: [] }),
  }));
}
