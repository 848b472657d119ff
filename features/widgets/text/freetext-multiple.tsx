'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { TYPED_TEXT_LENGTH } from '@/lib/survey-format/answer-limits';
import type { WidgetProps } from '../types';
import { decodeItemValues, encodeItemValues } from '@/lib/survey-format/answer-codec';
import { sumAmounts } from './text-answer';
import styles from './text.module.css';

type TotalState = 'under' | 'exact' | 'over';

function totalState(current: number, total: number): TotalState {
  if (current === total) return 'exact';
  return current > total ? 'over' : 'under';
}

/**
 * freetext_multiple: one labelled field per item. Answer: `"<item id>:|:<value>"` for each filled item.
 * With `settings.sum_total` it is a summation question: the fields take amounts and a polite live region keeps
 * the running total, so a screen-reader user hears it without leaving the field.
 */
function FreetextMultiple({
  widget,
  value,
  onChange,
  text,
  textLang,
  labelId,
  describedBy,
  invalid,
  invalidCells,
  disabled,
  hiddenItemIds,
}: WidgetProps) {
  const t = useTranslations('widgets');
  const baseId = useId();
  const totalId = `${baseId}-total`;
  const values = decodeItemValues(value);
  const items = widget.items.filter((item) => !hiddenItemIds?.has(item.id));
  const sumTotal = widget.settings.sum_total;
  const isSummation = sumTotal !== undefined;
  const current = sumAmounts(items.map((item) => values.get(item.id) ?? ''));

  function update(itemId: number, next: string) {
    const nextValues = new Map(values);
    nextValues.set(itemId, next);
    // Every item, hidden ones too: hiding an option is the runtime's call, not a reason to lose its value.
    onChange(
      encodeItemValues(
        widget.items.map((item) => item.id),
        nextValues,
      ),
    );
  }

  const describers = [describedBy, isSummation ? totalId : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      className={isSummation ? `${styles.items} ${styles.summation}` : styles.items}
    >
      {items.map((item) => {
        const inputId = `${baseId}-${item.id}`;
        return (
          <div key={item.id} className={styles.item}>
            <label htmlFor={inputId} className={styles.itemLabel} dir="auto" lang={textLang}>
              {text(item.value)}
            </label>
            <input
              id={inputId}
              className={isSummation ? `${styles.field} ${styles.amount}` : styles.field}
              type="text"
              inputMode={isSummation ? 'decimal' : undefined}
              autoComplete="off"
              name={`q${widget.id}_${item.id}`}
              value={values.get(item.id) ?? ''}
              maxLength={TYPED_TEXT_LENGTH.line}
              onChange={(event) => update(item.id, event.target.value)}
              aria-describedby={describers}
              aria-invalid={invalid && (invalidCells === undefined || invalidCells.includes(String(item.id)))}
              disabled={disabled}
            />
          </div>
        );
      })}
      {isSummation && (
        <p id={totalId} className={styles.total} aria-live="polite" data-state={totalState(current, sumTotal)}>
          {t('sum_current', { current, total: sumTotal })}
        </p>
      )}
    </div>
  );
}

export default FreetextMultiple;
