'use client';

import type { WidgetItem } from '@/lib/survey-format/widget';
import type { WidgetProps } from '../types';
import { useSelectionIntent } from '../choice/use-selection-intent';
import { cellName } from './matrix-rows';
import styles from './matrix.module.css';

type OptionMatrixProps = {
  widgetProps: WidgetProps;
  type: 'radio' | 'checkbox';
  /** Visible rows in display order. */
  rows: readonly WidgetItem[];
  split: boolean;
  isChecked: (rowId: number, colId: number) => boolean;
  /** A row that reached `max_selections` locks its unchecked boxes. */
  isRowFull?: (rowId: number) => boolean;
  /** `deliberate` is false while the respondent browses a row with the arrow keys. */
  onCellChange: (rowId: number, colId: number, checked: boolean, deliberate: boolean) => void;
  onConfirm?: () => void;
};

/**
 * Rows × columns of radios or checkboxes (MATRIX_OPTION). Every control of a row shares the name
 * `q<widget id>-<row id>`, so in a radio matrix the arrow keys move within the row and Tab goes to the next one.
 */
export function OptionMatrix({
  widgetProps,
  type,
  rows,
  split,
  isChecked,
  isRowFull,
  onCellChange,
  onConfirm,
}: OptionMatrixProps) {
  const { widget, text, textLang, labelId, describedBy, invalid, disabled = false, rtl } = widgetProps;
  const { handlers, isDeliberate } = useSelectionIntent(onConfirm);
  const cols = widget.col_options;

  const control = (row: WidgetItem, rowText: string, colId: number, colText: string) => {
    const checked = isChecked(row.id, colId);
    return (
      <input
        className={styles.control}
        type={type}
        name={`q${widget.id}-${row.id}`}
        value={String(colId)}
        checked={checked}
        disabled={disabled || (!checked && isRowFull?.(row.id) === true)}
        aria-label={cellName(rowText, colText)}
        lang={textLang}
        onChange={(event) => onCellChange(row.id, colId, event.target.checked, isDeliberate())}
      />
    );
  };

  if (split) {
    return (
      // aria-invalid is global in WAI-ARIA 1.2 (the lint rule follows the 1.3 draft): the group
      // carries the question's error state, as every widget's group does.
      // eslint-disable-next-line jsx-a11y/role-supports-aria-props
      <div
        className={`${styles.root} ${styles.split}`}
        role="group"
        dir={rtl ? 'rtl' : 'ltr'}
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        {...handlers}
      >
        {rows.map((row) => {
          const rowText = text(row.value);
          return (
            <fieldset key={row.id} className={styles.block}>
              <legend className={styles.legend} dir="auto" lang={textLang}>
                {rowText}
              </legend>
              <div className={styles.blockOptions}>
                {cols.map((col) => {
                  const colText = text(col.value);
                  return (
                    <label key={col.id} className={styles.option}>
                      {control(row, rowText, col.id, colText)}
                      <span lang={textLang}>{colText}</span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          );
        })}
      </div>
    );
  }

  const colTexts = cols.map((col) => text(col.value));
  return (
    <div className={`${styles.root} ${styles.scroller}`} dir={rtl ? 'rtl' : 'ltr'} {...handlers}>
      <table className={styles.table} aria-labelledby={labelId} aria-describedby={describedBy} aria-invalid={invalid}>
        <thead>
          <tr>
            <td />
            {cols.map((col, index) => (
              <th key={col.id} scope="col" dir="auto" lang={textLang}>
                {colTexts[index]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const rowText = text(row.value);
            return (
              <tr key={row.id}>
                <th scope="row" dir="auto" lang={textLang}>
                  {rowText}
                </th>
                {cols.map((col, index) => (
                  <td key={col.id}>
                    {/* The label widens the click target to the whole cell. */}
                    <label className={styles.cellLabel}>{control(row, rowText, col.id, colTexts[index] ?? '')}</label>
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
