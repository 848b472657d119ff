'use client';

import { useRef, type KeyboardEvent } from 'react';

const ARROW_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

/**
 * Tells a deliberate choice from keyboard browsing, for auto question flow (`onAnswered`).
 *
 * Arrow keys in a native radio group move focus AND check the next radio, firing a change each time. Auto flow
 * must not run on those changes, or a keyboard or screen-reader user would be carried to the next question after
 * the first arrow press. A click, a tap or Space is deliberate. Space on the radio that arrows already checked
 * fires no change, so it calls `onConfirm`: that is how a keyboard user says "this one" and moves on.
 *
 * Spread `handlers` on the element that contains the radios and ask `isDeliberate()` inside the change handler.
 */
export function useSelectionIntent(onConfirm?: () => void) {
  const browsing = useRef(false);
  return {
    handlers: {
      onKeyDown: (event: KeyboardEvent) => {
        browsing.current = ARROW_KEYS.has(event.key);
        const target = event.target;
        if (event.key === ' ' && target instanceof HTMLInputElement && target.type === 'radio' && target.checked) {
          onConfirm?.();
        }
      },
      onPointerDown: () => {
        browsing.current = false;
      },
    },
    isDeliberate: () => !browsing.current,
  };
}
