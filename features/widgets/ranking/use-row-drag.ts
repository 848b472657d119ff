import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type TouchEvent as ReactTouchEvent,
} from 'react';
import { edgeScrollStep, nearestRow, rowShifts, type RowBox } from './drag-geometry';

/** A mouse or pen travels this far (px) before a press on a handle becomes a drag, so a click stays a click. */
const POINTER_DISTANCE = 5;
/** A finger rests this long (ms) before a touch becomes a drag, so a swipe over the list still scrolls the page. */
const TOUCH_DELAY = 250;
/** A finger that moves this far (px) within the delay is scrolling. */
const TOUCH_TOLERANCE = 5;

export type RowDragCallbacks = {
  /** A row was picked up. */
  onStart: (from: number) => void;
  /** The picked-up row is now shown at `over`. */
  onOver: (from: number, over: number) => void;
  /** The row was let go at `to` (maybe where it started); `keyboard`: dropped with the keyboard. */
  onDrop: (from: number, to: number, keyboard: boolean) => void;
  /** The drag was called off (Escape, a cancelled touch, focus gone); nothing moved. */
  onCancel: (from: number) => void;
};

/**
 * The row being dragged, the place it is shown at, and by what: a pointer (mouse, pen, touch) moves the row with it,
 * a keyboard steps it.
 */
export type RowDragState = { index: number; over: number; by: 'pointer' | 'keyboard' } | null;

type Session = {
  from: number;
  over: number;
  by: 'pointer' | 'keyboard';
  rows: RowBox[];
  nodes: HTMLElement[];
  /** Where the pointer was on the page (clientY + scrollY) when the drag began. */
  startPageY: number;
  lastClientY: number;
  frame: number;
};

/** What a row's handle takes from the drag. */
export type RowHandleProps = {
  onPointerDown: (event: ReactPointerEvent<HTMLElement>) => void;
  onTouchStart: (event: ReactTouchEvent<HTMLElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onBlur: () => void;
  'aria-pressed': true | undefined;
};

const translate = (pixels: number): string => (pixels ? `translate3d(0, ${pixels}px, 0)` : '');

/**
 * Drag and drop for the rows of one list, the rows being the list's children: a pointer drags a row from its handle
 * (a mouse after a few pixels, a finger after a long press), the keyboard picks it up with Space or Enter, moves it
 * with the arrows and drops it with Space or Enter (Escape calls it off). While a row moves, the rows are only
 * translated, so neither React nor the focus sees the list change until the drop; the caller then commits the order.
 */
export function useRowDrag(disabled: boolean, callbacks: RowDragCallbacks) {
  const [dragging, setDragging] = useState<RowDragState>(null);
  const list = useRef<HTMLOListElement | null>(null);
  const session = useRef<Session | null>(null);
  /** Ends what a press set up (listeners, a pending long press), drag or not. */
  const release = useRef<(() => void) | null>(null);
  const latest = useRef(callbacks);
  useLayoutEffect(() => {
    latest.current = callbacks;
  });

  const stopListening = () => {
    release.current?.();
    release.current = null;
  };

  /** Puts every row back and forgets the drag; the caller says what it came to. */
  const finish = (): Session | null => {
    stopListening();
    const ended = session.current;
    session.current = null;
    if (ended) {
      cancelAnimationFrame(ended.frame);
      for (const node of ended.nodes) node.style.transform = '';
      setDragging(null);
    }
    return ended;
  };

  const showOver = (current: Session, over: number) => {
    if (over === current.over) return;
    current.over = over;
    setDragging({ index: current.from, over, by: current.by });
    const shifts = rowShifts(current.rows, current.from, over);
    current.nodes.forEach((node, index) => {
      if (index !== current.from || current.by === 'keyboard') node.style.transform = translate(shifts[index] ?? 0);
    });
    latest.current.onOver(current.from, over);
  };

  const follow = (clientY: number) => {
    const current = session.current;
    if (!current) return;
    current.lastClientY = clientY;
    const shift = clientY + window.scrollY - current.startPageY;
    const dragged = current.nodes[current.from];
    if (dragged) dragged.style.transform = translate(shift);
    showOver(current, nearestRow(current.rows, current.from, shift));
  };

  /** Near the viewport's top or bottom, a held row scrolls the page, so a long list can be ranked on a phone. */
  const scrollAtEdge = () => {
    const current = session.current;
    if (!current) return;
    const step = edgeScrollStep(current.lastClientY, window.innerHeight);
    if (step) {
      window.scrollBy(0, step);
      follow(current.lastClientY);
    }
    current.frame = requestAnimationFrame(scrollAtEdge);
  };

  const begin = (from: number, by: Session['by'], clientY: number): boolean => {
    const nodes = Array.from(list.current?.children ?? []).filter(
      (node): node is HTMLElement => node instanceof HTMLElement,
    );
    if (!nodes[from]) return false;
    session.current = {
      from,
      over: from,
      by,
      nodes,
      rows: nodes.map((node) => {
        const box = node.getBoundingClientRect();
        return { top: box.top + window.scrollY, height: box.height };
      }),
      startPageY: clientY + window.scrollY,
      lastClientY: clientY,
      frame: 0,
    };
    if (by === 'pointer') session.current.frame = requestAnimationFrame(scrollAtEdge);
    setDragging({ index: from, over: from, by });
    latest.current.onStart(from);
    return true;
  };

  const drop = () => {
    const ended = finish();
    if (ended) latest.current.onDrop(ended.from, ended.over, ended.by === 'keyboard');
  };

  const cancel = () => {
    const ended = finish();
    if (ended) latest.current.onCancel(ended.from);
  };

  /** Window listeners for the rest of one press, removed together. */
  const listen = (listeners: [string, EventListener, AddEventListenerOptions?][], cleanup?: () => void) => {
    stopListening();
    for (const [type, listener, options] of listeners) window.addEventListener(type, listener, options);
    release.current = () => {
      for (const [type, listener, options] of listeners) window.removeEventListener(type, listener, options);
      cleanup?.();
    };
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLElement>, index: number) => {
    // Touch has its own long press below; a touch's pointer events end as soon as the page scrolls.
    if (disabled || session.current || event.pointerType === 'touch' || event.button !== 0) return;
    const { pointerId, clientX: startX, clientY: startY } = event;
    const ours = (handler: (moved: PointerEvent) => void) => (moved: Event) => {
      if ((moved as PointerEvent).pointerId === pointerId) handler(moved as PointerEvent);
    };
    listen([
      [
        'pointermove',
        ours((moved) => {
          if (session.current) return follow(moved.clientY);
          if (Math.hypot(moved.clientX - startX, moved.clientY - startY) < POINTER_DISTANCE) return;
          if (begin(index, 'pointer', startY)) {
            window.getSelection()?.removeAllRanges();
            follow(moved.clientY);
          }
        }),
      ],
      ['pointerup', ours(() => (session.current ? drop() : stopListening()))],
      ['pointercancel', ours(() => (session.current ? cancel() : stopListening()))],
      [
        'keydown',
        (pressed) => {
          if ((pressed as globalThis.KeyboardEvent).key === 'Escape' && session.current) cancel();
        },
      ],
    ]);
  };

  const onTouchStart = (event: ReactTouchEvent<HTMLElement>, index: number) => {
    const touch = event.touches[0];
    if (disabled || session.current || event.touches.length !== 1 || !touch) return;
    const { identifier, clientX: startX, clientY: startY } = touch;
    const ours = (touches: TouchList) => Array.from(touches).find((each) => each.identifier === identifier);
    const longPress = window.setTimeout(() => begin(index, 'pointer', startY), TOUCH_DELAY);
    listen(
      [
        [
          'touchmove',
          (moved) => {
            const point = ours((moved as globalThis.TouchEvent).changedTouches);
            if (!point) return;
            if (session.current) {
              // Cancelable because the list has a listener that is not passive (below): the page must not scroll.
              if (moved.cancelable) moved.preventDefault();
              return follow(point.clientY);
            }
            if (Math.hypot(point.clientX - startX, point.clientY - startY) > TOUCH_TOLERANCE) stopListening();
          },
          { passive: false },
        ],
        ['touchend', (ended) => ours((ended as globalThis.TouchEvent).changedTouches) && drop()],
        ['touchcancel', (ended) => ours((ended as globalThis.TouchEvent).changedTouches) && cancel()],
        // A long press would otherwise open the browser's menu for the button.
        ['contextmenu', (menu) => menu.preventDefault(), { capture: true }],
      ],
      () => window.clearTimeout(longPress),
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, index: number) => {
    const current = session.current;
    // Shift+Enter is the survey's "next question" (spec §2), and no modified key is the drag's.
    const modified = event.shiftKey || event.altKey || event.ctrlKey || event.metaKey;
    const pickOrDrop = !modified && (event.key === ' ' || event.key === 'Enter');
    if (!current) {
      if (!pickOrDrop || disabled) return;
      event.preventDefault();
      begin(index, 'keyboard', 0);
      return;
    }
    if (current.by !== 'keyboard' || current.from !== index) return;
    if (pickOrDrop) {
      event.preventDefault();
      drop();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    } else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      const step = event.key === 'ArrowUp' ? -1 : 1;
      showOver(current, Math.min(Math.max(current.over + step, 0), current.nodes.length - 1));
    }
  };

  const onBlur = () => {
    if (session.current?.by === 'keyboard') cancel();
  };

  // Chrome and Safari let a touchmove listener keep the page from scrolling only if one that is not passive was
  // there when the touch began; this one covers the list's rows and does nothing itself.
  useEffect(() => {
    const node = list.current;
    if (!node) return;
    const holdable = () => undefined;
    node.addEventListener('touchmove', holdable, { passive: false });
    return () => node.removeEventListener('touchmove', holdable);
  }, []);

  // A page that moves on mid-drag (a timer, a logic jump) takes the list away: nothing is left listening.
  useEffect(
    () => () => {
      release.current?.();
      if (session.current) cancelAnimationFrame(session.current.frame);
    },
    [],
  );

  return {
    dragging,
    list,
    handle: (index: number): RowHandleProps => ({
      onPointerDown: (event: ReactPointerEvent<HTMLElement>) => onPointerDown(event, index),
      onTouchStart: (event: ReactTouchEvent<HTMLElement>) => onTouchStart(event, index),
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => onKeyDown(event, index),
      onBlur,
      'aria-pressed': dragging?.by === 'keyboard' && dragging.index === index ? true : undefined,
    }),
  };
}
