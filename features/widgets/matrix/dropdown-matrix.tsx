'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { WidgetItem } from '@/lib/survey-format/widget';
import type { WidgetProps } from '../types';
import { decodeMatrixCells, encodeMatrixCells } from '@/lib/survey-format/answer-codec';
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
  const { widget, value, onChange, text, textLang, labelId, describedBy, invalid, disabled = false, rtl } = props;
  const { rows, answerRowIds, split } = matrixRows(props);
  const cells = decodeMatrixCells(value);
  const cols = widget.col_options;
  const colIds = cols.map((col) => col.id);
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
                    <label key={col.id} className={styles.field}>
                      <span aria-hidden="true" lang={textLang}>
                        {colText}
                      </span>
                      {select(row, rowText, col.id, colText)}
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
    <div className={`${styles.root} ${styles.scroller}`} dir={rtl ? 'rtl' : 'ltr'}>
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
                  <td key={col.id}>{select(row, rowText, col.id, colTexts[index] ?? '')}</td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export default DropdownMatrix;
