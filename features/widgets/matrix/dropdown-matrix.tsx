'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { WidgetItem } from '@/lib/survey-format/widget';
import type { WidgetProps } from '../types';
import { decodeMatrixCells, encodeMatrixCells } from '@/lib/survey-format/answer-codec';
import { MatrixLayout } from './matrix-layout';
import { cellName, matrixRows } from './matrix-rows';
import styles from './matrix.module.css';

/**
 * `other_dropdown_matrix`: a `<select>` per cell offering `settings.dropdown_items` (MATRIX_VALUE,
 * `"<row id>:|:<col id>:|:<dropdown item id>"`). Going back to the empty choice clears the cell. No auto flow:
 * on some systems the arrow keys change a closed select, one change per press.
 */
function DropdownMatrix(props: WidgetProps) {
  const t = useTranslations('widgets');
  const locale = useLocale();
  const { widget, value, onChange, text, textLang, disabled = false } = props;
  const { rows, answerRowIds, shape } = matrixRows(props);
  const cells = decodeMatrixCells(value);
  const colIds = widget.col_options.map((col) => col.id);
  const choices = widget.settings.dropdown_items ?? [];

  const select = (row: WidgetItem, rowText: string, colId: number, colText: string) => (
    <select
      className={styles.select}
      name={`q${widget.id}-${row.id}-${colId}`}
      value={cells.get(row.id)?.get(colId) ?? ''}
      disabled={disabled}
      aria-label={cellName(rowText, colText)}
      lang={textLang}
      onChange={(event) => {
        const next = new Map(cells);
        const rowCells = new Map(cells.get(row.id));
        if (event.target.value === '') rowCells.delete(colId);
        else rowCells.set(colId, event.target.value);
        next.set(row.id, rowCells);
        onChange(encodeMatrixCells(answerRowIds, colIds, next));
      }}
    >
      {/* The select is in the owner's language; this interface string says it is in the page's (`<html lang>`). */}
      <option value="" lang={textLang ? locale : undefined}>
        {t('choose')}
      </option>
      {choices.map((choice) => (
        <option key={choice.id} value={String(choice.id)} lang={textLang}>
          {text(choice.value)}
        </option>
      ))}
    </select>
  );

  return (
    <MatrixLayout
      widgetProps={props}
      rows={rows}
      shape={shape}
      control={select}
      splitCell={(control, colText) => (
        <label className={styles.field}>
          <span aria-hidden="true" lang={textLang}>
            {colText}
          </span>
          {control}
        </label>
      )}
      tableCell={(control) => control}
    />
  );
}

export default DropdownMatrix;
