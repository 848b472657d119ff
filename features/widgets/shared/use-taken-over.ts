import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * Whether this widget runs in the client: false on the server and while hydrating, true once mounted. A control that
 * acts only through the client (a ranking's buttons, a signature pad) shows as not available until then, rather
 * than take a press or a stroke that does nothing on the server-rendered page.
 */
export function useTakenOver(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
