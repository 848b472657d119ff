'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { localDigits } from '@/lib/i18n/digits';
import { arrangeItems } from '../shared/shuffle';
import { useTakenOver } from '../shared/use-taken-over';
import type { WidgetProps } from '../types';
import { moveItem, rankedItems, toRankingAnswer } from './ranking-order';
import { useRowDrag, type RowHandleProps } from './use-row-drag';
import styles from './ranking.module.css';

type RankItem = { id: number; label: string };

type Direction = 'up' | 'down';
/** The control of a row that keeps the focus once the row has moved. */
type FocusAfterMove = { id: number; control: Direction | 'handle' };

type RowProps = {
  item: RankItem;
  /** The `lang` of the item's text (the owner's). */
  lang: string | undefined;
  index: number;
  /** The rank shown: the row's place in the order, or where a drag shows it. */
  rank: number;
  total: number;
  disabled: boolean;
  moveUpLabel: string;
  moveDownLabel: string;
  onMove: (index: number, direction: Direction) => void;
  registerButton: (key: string, node: HTMLButtonElement | null) => () => void;
  dragging: 'pointer' | 'keyboard' | undefined;
  instructionsId: string;
  handle: RowHandleProps;
};

function RankingRow({
  item,
  lang,
  index,
  rank,
  total,
  disabled,
  moveUpLabel,
  moveDownLabel,
  onMove,
  registerButton,
  dragging,
  instructionsId,
  handle,
}: RowProps) {
  const locale = useLocale();
  return (
    <li className={styles.item} data-dragging={dragging}>
      <span className={styles.rank} aria-hidden="true">
        {localDigits(String(rank), locale)}
      </span>
      {/* The drag handle is the item's text: pointer, touch (long press) and keyboard (Space, arrows, Space). */}
      <button
        type="button"
        ref={(node) => registerButton(`${item.id}:handle`, node)}
        className={styles.handle}
        aria-describedby={instructionsId}
        {...handle}
        disabled={disabled}
      >
        <span className={styles.label} dir="auto" lang={lang}>
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
 * Dragging (`use-row-drag.ts`) only translates the rows until the drop, so the list React renders is the same
 * ordered list before and after the client takes over.
 */
function OtherRanking({
  widget,
  value,
  onChange,
  text,
  textLang,
  labelId,
  describedBy,
  invalid,
  disabled = false,
  hiddenItemIds,
  shuffleSeed,
}: WidgetProps) {
  const t = useTranslations('widgets');
  const tButtons = useTranslations('buttons');
  const instructionsId = useId();
  const [status, setStatus] = useState('');
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());
  // The buttons act only through the client: not available on the server-rendered page.
  const takenOver = useTakenOver();
  const buttonsDisabled = disabled || !takenOver;
  const focusAfterMove = useRef<FocusAfterMove | null>(null);

  const start: RankItem[] = arrangeItems(widget.items, {
    randomize: widget.settings.randomize,
    seed: shuffleSeed,
    widgetId: widget.id,
    hiddenIds: hiddenItemIds,
  }).map((item) => ({ id: item.id, label: text(item.value) }));
  const order = rankedItems(start, value);
  const committed = value.length > 0;

  const movedMessage = (from: number, to: number) =>
    t('ranking_moved', { item: order[from]?.label ?? '', position: to + 1, total: order.length });
  const positionMessage = (index: number) =>
    `${order[index]?.label ?? ''}, ${t('ranking_position', { position: index + 1 })}`;

  const { dragging, list, handle } = useRowDrag(disabled, {
    onStart: (from) => setStatus(positionMessage(from)),
    onOver: (from, over) => setStatus(movedMessage(from, over)),
    onDrop: (from, to, keyboard) => {
      setStatus(movedMessage(from, to));
      if (from === to) return;
      const item = order[from];
      if (keyboard && item) focusAfterMove.current = { id: item.id, control: 'handle' };
      onChange(toRankingAnswer(moveItem(order, from, to)));
    },
    onCancel: (from) => setStatus(positionMessage(from)),
  });

  // While a row is dragged, the ranks follow the order shown.
  const previewOrder =
    dragging &&
    moveItem(
      order.map((_, index) => index),
      dragging.index,
      dragging.over,
    );

  // A moved row may be re-inserted elsewhere in the list, which takes the focus from it; focus follows it to the
  // same control, or to the other move button when the row reached the end and that button turned disabled.
  useEffect(() => {
    const request = focusAfterMove.current;
    if (!request) return;
    focusAfterMove.current = null;
    const index = order.findIndex((item) => item.id === request.id);
    let control = request.control;
    if (control !== 'handle') {
      const atEnd = control === 'up' ? index === 0 : index === order.length - 1;
      if (atEnd) control = control === 'up' ? 'down' : 'up';
    }
    moveButtons.current.get(`${request.id}:${control}`)?.focus();
  });

  function handleMove(index: number, direction: Direction) {
    const item = order[index];
    const target = direction === 'up' ? index - 1 : index + 1;
    if (!item || target < 0 || target >= order.length) return;
    focusAfterMove.current = { id: item.id, control: direction };
    onChange(toRankingAnswer(moveItem(order, index, target)));
    setStatus(movedMessage(index, target));
  }

  function registerButton(key: string, node: HTMLButtonElement | null) {
    if (node) moveButtons.current.set(key, node);
    return () => {
      moveButtons.current.delete(key);
    };
  }

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      className={styles.ranking}
      data-invalid={invalid || undefined}
    >
      {/* role="list" keeps list semantics in Safari, which drops them when the markers are styled away. */}
      <ol
        ref={list}
        role="list"
        className={styles.list}
        data-committed={committed || undefined}
        data-sorting={dragging ? true : undefined}
      >
        {order.map((item, index) => (
          <RankingRow
            key={item.id}
            item={item}
            lang={textLang}
            index={index}
            rank={(previewOrder ? previewOrder.indexOf(index) : index) + 1}
            total={order.length}
            disabled={buttonsDisabled}
            moveUpLabel={t('move_up')}
            moveDownLabel={t('move_down')}
            onMove={handleMove}
            registerButton={registerButton}
            dragging={dragging?.index === index ? dragging.by : undefined}
            instructionsId={instructionsId}
            handle={handle(index)}
          />
        ))}
      </ol>
      <p id={instructionsId} hidden>
        {t('ranking_instructions')}
      </p>
      <p role="status" className={styles.visuallyHidden}>
        {status}
      </p>
      <button
        type="button"
        className={styles.confirm}
        data-committed={committed || undefined}
        // Pressed once the order shown is the answer: a screen reader hears what the check mark shows.
        aria-pressed={committed}
        disabled={buttonsDisabled}
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
