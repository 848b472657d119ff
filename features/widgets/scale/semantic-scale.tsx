'use client';

import { useId } from 'react';
import { useLocale } from 'next-intl';
import { localDigits } from '@/lib/i18n/digits';
import { scaleLimits, settingDefaults } from '@/lib/survey-format/setting-defaults';
import type { WidgetProps } from '../types';
import { decodeMatrixOption, encodeMatrixOption, everyRowAnswered } from '@/lib/survey-format/answer-codec';
import { useSelectionIntent } from '../choice/use-selection-intent';
import styles from './semantic.module.css';

/**
 * `scale_semantic`: a semantic differential. Each item is a row between its left pole (`value`) and right pole
 * (`right_value`) with `points` radios; the answer is MATRIX_OPTION with the point (1..n) as the column:
 * `["<row id>:|:3", "<row id>:|:empty_row"]`.
 */
function ScaleSemantic({
  widget,
  value,
  onChange,
  onAnswered,
  text,
  textLang,
  labelId,
  describedBy,
  invalid,
  disabled = false,
  hiddenItemIds,
  rtl,
}: WidgetProps) {
  const idPrefix = useId();
  const locale = useLocale();
  const rows = widget.items.filter((row) => !hiddenItemIds?.has(row.id));
  const rowIds = rows.map((row) => row.id);
  // Bounded however the widget was built: one radio per point and row.
  const pointCount = Math.min(widget.settings.points ?? settingDefaults.scale_semantic.points, scaleLimits.points);
  const points = Array.from({ length: pointCount }, (_, index) => index + 1);
  const answer = decodeMatrixOption(value);
  // Auto flow waits until every row has its point.
  const { handlers, isDeliberate } = useSelectionIntent(() => {
    if (everyRowAnswered(rowIds, answer)) onAnswered?.();
  });

  return (
    // aria-invalid is global in WAI-ARIA 1.2 (the lint rule follows the 1.3 draft): the group
    // carries the question's error state, as every widget's group does.
    // eslint-disable-next-line jsx-a11y/role-supports-aria-props
    <div
      className={styles.root}
      role="group"
      dir={rtl ? 'rtl' : 'ltr'}
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      aria-invalid={invalid}
      {...handlers}
    >
      {rows.map((row) => {
        const left = text(row.value);
        const right = text(row.right_value);
        const leftId = `${idPrefix}-${row.id}-start`;
        const rightId = `${idPrefix}-${row.id}-end`;
        const chosen = answer.get(row.id)?.[0];
        return (
          <div key={row.id} className={styles.row}>
            <span id={leftId} className={`${styles.pole} ${styles.start}`} lang={textLang}>
              {left}
            </span>
            <div
              className={styles.points}
              role="radiogroup"
              aria-label={right ? `${left} – ${right}` : left}
              // Its name is the owner's poles; its only other text is the points' numbers.
              lang={textLang}
              aria-required={widget.required}
            >
              {points.map((point) => (
                <label key={point} className={styles.point}>
                  <input
                    className={styles.control}
                    type="radio"
                    name={`q${widget.id}-${row.id}`}
                    value={String(point)}
                    checked={chosen === point}
                    disabled={disabled}
                    // The poles describe the ends: "1, Cheap" … "5, Expensive".
                    aria-describedby={point === 1 ? leftId : point === pointCount && right ? rightId : undefined}
                    onChange={() => {
                      const next = new Map(answer);
                      next.set(row.id, [point]);
                      onChange(encodeMatrixOption(rowIds, next));
                      if (isDeliberate() && everyRowAnswered(rowIds, next)) onAnswered?.();
                    }}
                  />
                  <span className={styles.visuallyHidden}>{localDigits(String(point), locale)}</span>
                </label>
              ))}
            </div>
            <span id={rightId} className={`${styles.pole} ${styles.end}`} lang={textLang}>
              {right}
            </span>
          </div>
        );
      })}
    </div>
  );
}

export default ScaleSemantic;
