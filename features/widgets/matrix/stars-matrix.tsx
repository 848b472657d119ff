'use client';

import { useId } from 'react';
import { settingDefaults } from '@/lib/survey-format/setting-defaults';
import type { WidgetProps } from '../types';
import { decodeItemValues, decodeScale, encodeItemValues, everyRowAnswered } from '@/lib/survey-format/answer-codec';
import { StarRadios } from '../scale/star-radios';
import { matrixRows } from './matrix-rows';
import styles from './matrix.module.css';

/**
 * `scale_stars_matrix`: a star rating per item (MATRIX_VALUE, `"<item id>:|:<stars>"`).
 *
 * Rows are labelled radiogroups rather than table rows: the columns would only repeat "1 star … n stars", and a
 * radiogroup per row gives screen readers the row name and position ("3 stars, 3 of 5") directly.
 */
function StarsMatrix(props: WidgetProps) {
  const {
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
    rtl,
  } = props;
  const idPrefix = useId();
  const { rows, answerRowIds } = matrixRows(props);
  const ratings = decodeItemValues(value);
  const count = widget.settings.stars ?? settingDefaults.scale_stars_matrix.stars;

  return (
    // aria-invalid is global in WAI-ARIA 1.2 (the lint rule follows the 1.3 draft): the group
    // carries the question's error state, as every widget's group does.
    // eslint-disable-next-line jsx-a11y/role-supports-aria-props
    <div
      className={`${styles.root} ${styles.starRows}`}
      role="group"
      dir={rtl ? 'rtl' : 'ltr'}
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      aria-invalid={invalid}
    >
      {rows.map((row) => {
        const rowLabelId = `${idPrefix}-${row.id}`;
        const rating = ratings.get(row.id);
        return (
          <div key={row.id} className={styles.starRow}>
            <span id={rowLabelId} className={styles.starLabel} dir="auto" lang={textLang}>
              {text(row.value)}
            </span>
            <StarRadios
              name={`q${widget.id}-${row.id}`}
              count={count}
              value={rating === undefined ? null : decodeScale([rating])}
              labelledBy={rowLabelId}
              // The question's error is about rows still unrated (required, all rows, too few rows): a rated row
              // is not announced as an invalid entry.
              invalid={invalid && rating === undefined}
              required={widget.required}
              disabled={disabled}
              onSelect={(stars, deliberate) => {
                const next = new Map(ratings).set(row.id, String(stars));
                onChange(encodeItemValues(answerRowIds, next));
                if (deliberate && everyRowAnswered(answerRowIds, next)) onAnswered?.();
              }}
              onConfirm={() => {
                if (everyRowAnswered(answerRowIds, ratings)) onAnswered?.();
              }}
            />
          </div>
        );
      })}
    </div>
  );
}

export default StarsMatrix;
