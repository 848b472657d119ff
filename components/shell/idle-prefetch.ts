/** Spec §9: prefetch after 2 s of idle time, never offline, on 2g or in save-data mode. */
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

export type NavigatorLike = {
  onLine?: boolean;
  connection?: { effectiveType?: string; saveData?: boolean };
};

export function shouldPrefetch(navigator: NavigatorLike | undefined): boolean {
  if (!navigator) return false;
  if (navigator.onLine === false) return false;
  const connection = navigator.connection;
  if (connection?.saveData) return false;
  if (connection?.effectiveType?.includes('2g')) return false;
  return true;
}
