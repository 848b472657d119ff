'use client';

import type { Announcements, UniqueIdentifier } from '@dnd-kit/core';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { arrangeItems } from '../shared/shuffle';
import type { WidgetProps } from '../types';
import type { DragBindings } from './drag-bindings';
import { moveItem, rankedItems, toRankingAnswer } from './ranking-order';
import type { SortableListProps } from './sortable-list';
import styles from './ranking.module.css';

type RankItem = { id: number; label: string };

let loadedSortableList: ComponentType<SortableListProps> | null = null;

/** The drag and drop, fetched once for every ranking of the survey; without a network, the move buttons remain. */
function loadSortableList(): Promise<ComponentType<SortableListProps> | null> {
  return import('./sortable-list').then(
    (module) => (loadedSortableList = module.SortableList),
    () => null,
  );
}
type Direction = 'up' | 'down';

/** dnd-kit ids: strings, because it treats the number 0 as "no id". */
const dndId = (id: number): string => String(id);

type RowProps = {
  item: RankItem;
  index: number;
  total: number;
  disabled: boolean;
  moveUpLabel: string;
  moveDownLabel: string;
  onMove: (index: number, direction: Direction) => void;
  registerButton: (key: string, node: HTMLButtonElement | null) => () => void;
  /** Lent by the drag and drop once it has loaded. */
  drag: DragBindings | undefined;
};

function RankingRow({
  item,
  index,
  total,
  disabled,
  moveUpLabel,
  moveDownLabel,
  onMove,
  registerButton,
  drag,
}: RowProps) {
  return (
    <li
      ref={drag?.setNodeRef}
      className={styles.item}
      data-dragging={drag?.isDragging || undefined}
      style={drag?.style}
    >
      <span className={styles.rank} aria-hidden="true">
        {index + 1}
      </span>
      {/* The drag handle is the item's text: pointer, touch (long press) and keyboard (Space, arrows, Space). */}
      <button
        type="button"
        ref={(node) => {
          drag?.setActivatorNodeRef(node);
          return registerButton(`${item.id}:handle`, node);
        }}
        className={styles.handle}
        {...drag?.handle}
        disabled={disabled}
      >
        <span className={styles.label} dir="auto">
          {item.label}
        </span>
      </button>
      <span className={styles.moves}>
        <button
          type="button"
          ref={(node) => registerButton(`${item.id}:up`, node)}
          className={`${styles.move} ${styles.up}`}
          aria-label={`${moveUpLabel}, ${item.label}`}
          disabled={disabled || index === 0}
          onClick={() => onMove(index, 'up')}
        />
        <button
          type="button"
          ref={(node) => registerButton(`${item.id}:down`, node)}
          className={`${styles.move} ${styles.down}`}
          aria-label={`${moveDownLabel}, ${item.label}`}
          disabled={disabled || index === total - 1}
          onClick={() => onMove(index, 'down')}
        />
      </span>
    </li>
  );
}

/**
 * other_ranking. Answer (MULTIPLE): item ids in rank order, e.g. `["3", "1", "2"]`.
 *
 * The answer stays `[]` until the respondent commits an order: either by moving an item (drag, keyboard drag
 * or the move buttons — a move is a deliberate choice, so it commits at once) or by pressing "Confirm
 * ranking", which accepts the order shown as it is. That way a respondent who skips the question does not
 * silently answer it with the starting order.
 *
 * The move up / move down buttons are always visible, so keyboard, switch and voice users never need to drag.
 * Before hydration the list renders as a plain ordered list in its starting order; dragging (dnd-kit, the bulk of
 * this widget's code) arrives after the question has mounted, so it never delays the page taking over.
 */
function OtherRanking({
  widget,
  value,
  onChange,
  text,
  labelId,
  errorId,
  invalid,
  disabled = false,
  hiddenItemIds,
  shuffleSeed,
}: WidgetProps) {
  const t = useTranslations('widgets');
  const tButtons = useTranslations('buttons');
  const contextId = useId();
  const [status, setStatus] = useState('');
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterMove = useRef<{ id: number; direction: Direction } | null>(null);

  const start: RankItem[] = arrangeItems(widget.items, {
    randomize: widget.settings.randomize,
    seed: shuffleSeed,
    widgetId: widget.id,
    hiddenIds: hiddenItemIds,
  }).map((item) => ({ id: item.id, label: text(item.value) }));
  const order = rankedItems(start, value);
  const committed = value.length > 0;

  const [Sortable, setSortable] = useState<ComponentType<SortableListProps> | null>(() => loadedSortableList);
  // The list is rebuilt inside the drag and drop when it arrives. Never under a pressed pointer (the press would
  // end on another element and its click be lost), and a respondent focused on a button stays on it.
  const pressed = useRef(false);
  const arrived = useRef<ComponentType<SortableListProps> | null>(null);
  const refocusKey = useRef<string | undefined>(undefined);
  const upgrade = () => {
    const loaded = arrived.current;
    if (!loaded || pressed.current) return;
    arrived.current = null;
    refocusKey.current = [...moveButtons.current].find(([, node]) => node === document.activeElement)?.[0];
    setSortable(() => loaded);
  };
  const press = () => {
    pressed.current = true;
    // Wherever the pointer is let go, then after the click this press makes.
    const release = () => {
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
      pressed.current = false;
      setTimeout(upgrade, 0);
    };
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
  };
  // In the commit that rebuilt the list, so focus is never left on the page's body in between.
  useLayoutEffect(() => {
    if (!Sortable) return;
    if (refocusKey.current) moveButtons.current.get(refocusKey.current)?.focus();
    refocusKey.current = undefined;
  }, [Sortable]);
  useEffect(() => {
    if (Sortable) return;
    let mounted = true;
    void loadSortableList().then((loaded) => {
      if (!mounted || !loaded) return;
      arrived.current = loaded;
      upgrade();
    });
    return () => {
      mounted = false;
    };
  }, [Sortable]);

  // A moved row is re-rendered elsewhere in the list; focus follows it to the same button, or to the other one
  // when the row reached the end and that button turned disabled.
  useEffect(() => {
    const request = focusAfterMove.current;
    if (!request) return;
    focusAfterMove.current = null;
    const index = order.findIndex((item) => item.id === request.id);
    const atEnd = request.direction === 'up' ? index === 0 : index === order.length - 1;
    const direction: Direction = atEnd ? (request.direction === 'up' ? 'down' : 'up') : request.direction;
    moveButtons.current.get(`${request.id}:${direction}`)?.focus();
  });

  const indexOf = (id: UniqueIdentifier) => order.findIndex((item) => dndId(item.id) === String(id));
  const labelOf = (id: UniqueIdentifier) => order[indexOf(id)]?.label ?? '';
  const movedMessage = (id: UniqueIdentifier, index: number) =>
    t('ranking_moved', { item: labelOf(id), position: index + 1, total: order.length });
  const positionMessage = (id: UniqueIdentifier) =>
    `${labelOf(id)}, ${t('ranking_position', { position: indexOf(id) + 1 })}`;

  // dnd-kit reports the item as "over" itself right after the drag starts: that is not a move, and announcing
  // "moved to position 3" then would drown the start message. Only a change of position is announced.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return positionMessage(active.id);
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastOver.current) return undefined;
      lastOver.current = over.id;
      return movedMessage(active.id, indexOf(over.id));
    },
    onDragEnd: ({ active, over }) => (over ? movedMessage(active.id, indexOf(over.id)) : undefined),
    // Nothing moved: the item is back where it started.
    onDragCancel: ({ active }) => positionMessage(active.id),
  };

  function handleDrop(from: UniqueIdentifier, to: UniqueIdentifier) {
    onChange(toRankingAnswer(moveItem(order, indexOf(from), indexOf(to))));
  }

  function handleMove(index: number, direction: Direction) {
    const item = order[index];
    const target = direction === 'up' ? index - 1 : index + 1;
    if (!item || target < 0 || target >= order.length) return;
    focusAfterMove.current = { id: item.id, direction };
    onChange(toRankingAnswer(moveItem(order, index, target)));
    setStatus(t('ranking_moved', { item: item.label, position: target + 1, total: order.length }));
  }

  function registerButton(key: string, node: HTMLButtonElement | null) {
    if (node) moveButtons.current.set(key, node);
    return () => {
      moveButtons.current.delete(key);
    };
  }

  // role="list" keeps list semantics in Safari, which drops them when the markers are styled away.
  const list = (rows: ReactNode) => (
    <ol role="list" className={styles.list} data-committed={committed || undefined}>
      {rows}
    </ol>
  );
  const rowOf = (index: number, drag: DragBindings | undefined) => {
    const item = order[index] as RankItem;
    return (
      <RankingRow
        key={item.id}
        item={item}
        index={index}
        total={order.length}
        disabled={disabled}
        moveUpLabel={t('move_up')}
        moveDownLabel={t('move_down')}
        onMove={handleMove}
        registerButton={registerButton}
        drag={drag}
      />
    );
  };

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={errorId}
      className={styles.ranking}
      data-invalid={invalid || undefined}
      onPointerDown={press}
    >
      {Sortable ? (
        <Sortable
          id={contextId}
          itemIds={order.map((item) => dndId(item.id))}
          disabled={disabled}
          instructions={t('ranking_instructions')}
          announcements={announcements}
          onMove={handleDrop}
          list={list}
          row={(id, drag) =>
            rowOf(
              order.findIndex((item) => dndId(item.id) === id),
              drag,
            )
          }
        />
      ) : (
        list(order.map((_, index) => rowOf(index, undefined)))
      )}
      <p role="status" className={styles.visuallyHidden}>
        {status}
      </p>
      <button
        type="button"
        className={styles.confirm}
        data-committed={committed || undefined}
        disabled={disabled}
        onClick={() => onChange(toRankingAnswer(order))}
      >
        {committed && (
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              d="M5 12.5l4.5 4.5L19 7.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
            />
          </svg>
        )}
        {tButtons('validate_ranking')}
      </button>
    </div>
  );
}

export default OtherRanking;
