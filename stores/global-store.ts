import { createStore, type StoreApi } from 'zustand/vanilla';

import type { ErrorKey } from '@/lib/api/errors';

/** Error catalogue keys (spec §8) the survey screen can show as a global error. */
export type ServerErrorKey = ErrorKey;

/**
 * What the "saved" indicator shows: nothing yet, sending, all sent, offline with changes waiting, or a change the
 * server refused.
 */
export type SaveState = 'idle' | 'saving' | 'saved' | 'offline' | 'error';

/** Session-wide status: connectivity, the global server error, storage availability and saving progress. */
export interface GlobalState {
  online: boolean;
  serverError: ServerErrorKey | null;
  /** `false` when the browser refuses storage: answers are not kept on this device. */
  storageAvailable: boolean;
  /** Operations waiting in the outbox. */
  pendingSaves: number;
  saveState: SaveState;
  /** A picked file the server refused for good: the respondent must pick it again (or another). */
  uploadRefused: boolean;

  setOnline: (online: boolean) => void;
  /**
   * Sets the global error (spec §8: "a global server error is set"). The survey's own error text, when it replaces
   * the catalogue's, travels with the error phase the screen shows.
   */
  setServerError: (key: ServerErrorKey) => void;
  setStorageAvailable: (available: boolean) => void;
  setPendingSaves: (count: number) => void;
  setSaveState: (saveState: SaveState) => void;
  setUploadRefused: (refused: boolean) => void;
}

export interface GlobalStoreInit {
  online?: boolean;
  storageAvailable?: boolean;
}

export type GlobalStore = StoreApi<GlobalState>;

export function createGlobalStore(init: GlobalStoreInit = {}): GlobalStore {
  return createStore<GlobalState>()((set) => ({
    // Optimistic defaults: the server renders before the browser can tell, and effects correct them at once.
    online: init.online ?? true,
    serverError: null,
    storageAvailable: init.storageAvailable ?? true,
    pendingSaves: 0,
    saveState: 'idle',
    uploadRefused: false,

    setOnline: (online) => set({ online }),
    setServerError: (serverError) => set({ serverError }),
    setStorageAvailable: (storageAvailable) => set({ storageAvailable }),
    setPendingSaves: (pendingSaves) => set({ pendingSaves: Math.max(0, pendingSaves) }),
    setSaveState: (saveState) => set({ saveState }),
    setUploadRefused: (uploadRefused) => set({ uploadRefused }),
  }));
}
