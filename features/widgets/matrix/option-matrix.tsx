'use client';

import type { WidgetItem } from '@/lib/survey-format/widget';
import type { WidgetProps } from '../types';
import { useSelectionIntent } from '../choice/use-selection-intent';
import { MatrixLayout, type MatrixShape } from './matrix-layout';
import { cellName } from './matrix-rows';
import styles from './matrix.module.css';

type OptionMatrixProps = {
  widgetProps: WidgetProps;
  type: 'radio' | 'checkbox';
  /** Visible rows in display order. */
  rows: readonly WidgetItem[];
  shape: MatrixShape;
  isChecked: (rowId: number, colId: number) => boolean;
  /** A row that reached `max_selections` locks its unchecked boxes. */
  isRowFull?: (rowId: number) => boolean;
  /** `max_selections` of each row, if any (`MatrixLayout`'s `rowMaxSelections`). */
  rowMaxSelections?: number;
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
  shape,
  isChecked,
  isRowFull,
  rowMaxSelections,
  onCellChange,
  onConfirm,
}: OptionMatrixProps) {
  const { widget, textLang, disabled = false } = widgetProps;
  const { handlers, isDeliberate } = useSelectionIntent(onConfirm);

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

  return (
    <MatrixLayout
      widgetProps={widgetProps}
      rows={rows}
      shape={shape}
      control={control}
      splitCell={(input, colText) => (
        <label className={styles.option}>
          {input}
          {/* The control's own name already says it ("row, column"). */}
          <span aria-hidden="true" lang={textLang}>
            {colText}
          </span>
        </label>
      )}
      // The label widens the click target to the whole cell.
      tableCell={(input) => <label className={styles.cellLabel}>{input}</label>}
      rootProps={handlers}
      rowMaxSelections={rowMaxSelections}
    />
  );
}
