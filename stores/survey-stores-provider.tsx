'use client';

import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useStore } from 'zustand';

import type { Content } from '@/lib/survey-format/content';
import type { ShareConfig } from '@/lib/survey-format/share-config';

import { type AlertsStore, createAlertsStore } from './alerts-store';
import { type AuthorizationState, type AuthorizationStore, createAuthorizationStore } from './authorization-store';
import { createGlobalStore, type GlobalState, type GlobalStore } from './global-store';
import { createPageStore, type PageState, type PageStore, type SurveyPhase } from './page-store';
import type { PersistentStorage, SurveyPersistence, SurveyPersistencePort } from './survey-persistence-port';
import { createSurveyStore, type SurveyState, type SurveyStore } from './survey-store';

/** The five stores of one mounted survey, plus the persistence their rules write to. */
export interface SurveyStores {
  alerts: AlertsStore;
  authorization: AuthorizationStore;
  global: GlobalStore;
  page: PageStore;
  survey: SurveyStore;
  /** `null` in read-only mode, where nothing is written. */
  persistence: SurveyPersistencePort | null;
  /** The storage behind `persistence`, for the lifecycle service; `null` in read-only mode. */
  storage: PersistentStorage | null;
}

export interface SurveyStoresProviderProps {
  surveyCode: string;
  shareConfig: ShareConfig;
  /**
   * Browser persistence (spec §4): `createBrowserPersistence()` from `features/response-sync/persistence`, created
   * once (`useState`). `null` writes nothing, as read-only preview requires. Required, so that forgetting it cannot
   * silently lose answers on reload.
   */
  persistence: SurveyPersistence | null;
  /** `true` when the survey has no password gate. */
  logged?: boolean;
  /** The phase the server rendered (the client's first render must be the same). */
  phase: SurveyPhase;
  /**
   * Answers known before any storage is read, the same on the server and in the browser: the URL's parameters
   * (`url_param:<name>`), so logic over them already shapes the server-rendered page.
   */
  initialResponses: Content;
  children: ReactNode;
}

const SurveyStoresContext = createContext<SurveyStores | null>(null);

function createSurveyStores(props: Omit<SurveyStoresProviderProps, 'children'>): SurveyStores {
  const persistence = props.persistence?.port ?? null;
  return {
    alerts: createAlertsStore(),
    authorization: createAuthorizationStore({ logged: props.logged ?? false }),
    global: createGlobalStore(),
    page: createPageStore({ phase: props.phase }),
    // Starts without persisted answers on purpose: the server cannot read localStorage, so reading it here would
    // make the first client render differ from the server's. The flow restores them once the client took over.
    survey: createSurveyStore({
      surveyCode: props.surveyCode,
      shareConfig: props.shareConfig,
      persistence,
      responses: props.initialResponses,
    }),
    persistence,
    storage: props.persistence?.storage ?? null,
  };
}

/**
 * Creates the stores once per mounted survey (a new survey code needs a new provider: key it by the code) and
 * keeps `global.online` and `global.storageAvailable` true to the browser.
 */
export function SurveyStoresProvider({ children, ...props }: SurveyStoresProviderProps) {
  const [stores] = useState(() => createSurveyStores(props));

  useEffect(() => {
    const { global, persistence } = stores;
    const updateOnline = () => global.getState().setOnline(navigator.onLine);
    updateOnline();
    window.addEventListener('online', updateOnline);
    window.addEventListener('offline', updateOnline);
    const unsubscribeStorage = persistence?.subscribe((available) => global.getState().setStorageAvailable(available));
    // Reaching localStorage for the first time may already show it is blocked.
    if (persistence) global.getState().setStorageAvailable(persistence.isAvailable());
    return () => {
      window.removeEventListener('online', updateOnline);
      window.removeEventListener('offline', updateOnline);
      unsubscribeStorage?.();
    };
  }, [stores]);

  return <SurveyStoresContext.Provider value={stores}>{children}</SurveyStoresContext.Provider>;
}

/** All five raw stores, for wiring that works outside React renders (lifecycle, outbox status). */
export function useSurveyStores(): SurveyStores {
  const stores = useContext(SurveyStoresContext);
  if (!stores) {
    throw new Error('Survey stores are missing: wrap the component in <SurveyStoresProvider>.');
  }
  return stores;
}

// Selectors must return one value or be wrapped in `useShallow`: zustand 5 re-renders forever on a selector that
// builds a new object on every call.

export function useSurveyStore<T>(selector: (state: SurveyState) => T): T {
  return useStore(useSurveyStores().survey, selector);
}

export function usePageStore<T>(selector: (state: PageState) => T): T {
  return useStore(useSurveyStores().page, selector);
}

export function useGlobalStore<T>(selector: (state: GlobalState) => T): T {
  return useStore(useSurveyStores().global, selector);
}

export function useAuthorizationStore<T>(selector: (state: AuthorizationState) => T): T {
  return useStore(useSurveyStores().authorization, selector);
}
