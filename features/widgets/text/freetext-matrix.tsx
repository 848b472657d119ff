'use client';

import { useId } from 'react';
import { TYPED_TEXT_LENGTH } from '@/lib/survey-format/answer-limits';
import type { WidgetProps } from '../types';
import { decodeMatrixCells, encodeMatrixCells } from '@/lib/survey-format/answer-codec';
import styles from './text.module.css';

/**
 * freetext_matrix: a field per row (item) and column (col_option). Answer: `"<row id>:|:<col id>:|:<value>"` for
 * each filled cell. A real table with row and column headers on wide screens; below the mobile breakpoint (or
 * with `settings.split`) one fieldset per row, whose fields are labelled by their column. While the width is not
 * known (`mobile` null: the server's page for a user agent that does not say phone) both are drawn, with the same
 * field names, and the stylesheet shows the one for the width: the take-over then changes nothing on screen.
 */
function FreetextMatrix({
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
  mobile,
  rtl,
}: WidgetProps) {
  const baseId = useId();
  const cells = decodeMatrixCells(value);
  const rows = widget.items.filter((item) => !hiddenItemIds?.has(item.id));
  const cols = widget.col_options;

  function update(rowId: number, colId: number, next: string) {
    const nextCells = new Map(cells);
    const nextRow = new Map(cells.get(rowId));
    nextRow.set(colId, next);
    nextCells.set(rowId, nextRow);
    onChange(
      encodeMatrixCells(
        widget.items.map((item) => item.id),
        cols.map((col) => col.id),
        nextCells,
      ),
    );
  }

  function cell(rowId: number, colId: number, extra: { id?: string; 'aria-label'?: string; lang?: string }) {
    // An error about some cells' values marks those alone; another (all rows required) the whole question.
    const cellInvalid = invalid && (invalidCells === undefined || invalidCells.includes(`${rowId}:${colId}`));
    return (
      <input
        {...extra}
        className={styles.field}
        type="text"
        autoComplete="off"
        name={`q${widget.id}_${rowId}_${colId}`}
        value={cells.get(rowId)?.get(colId) ?? ''}
        maxLength={TYPED_TEXT_LENGTH.line}
        onChange={(event) => update(rowId, colId, event.target.value)}
        aria-describedby={cellInvalid ? describedBy : undefined}
        aria-invalid={cellInvalid}
        disabled={disabled}
      />
    );
  }

  const rowsView = (
    <div role="group" aria-labelledby={labelId} aria-describedby={describedBy} className={styles.rows}>
      {rows.map((row) => (
        <fieldset key={row.id} className={styles.rowGroup}>
          <legend className={styles.rowLegend} dir="auto" lang={textLang}>
            {text(row.value)}
          </legend>
          {cols.map((col) => {
            const inputId = `${baseId}-${row.id}-${col.id}`;
            return (
              <div key={col.id} className={styles.cellLabel}>
                <label htmlFor={inputId} dir="auto" lang={textLang}>
                  {text(col.value)}
                </label>
                {cell(row.id, col.id, { id: inputId })}
              </div>
            );
          })}
        </fieldset>
      ))}
    </div>
  );

  const tableView = (
    <div className={`${styles.tableScroll} columns-fade`} dir={rtl ? 'rtl' : 'ltr'}>
      <table className={styles.table} aria-labelledby={labelId} aria-describedby={describedBy}>
        <thead>
          <tr>
            <td />
            {cols.map((col) => (
              <th key={col.id} scope="col" dir="auto" lang={textLang}>
                {text(col.value)}
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
                {cols.map((col) => (
                  <td key={col.id}>
                    {cell(row.id, col.id, { 'aria-label': `${rowText}, ${text(col.value)}`, lang: textLang })}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );

  const split = widget.settings.split === true;
  const showRows = split || mobile !== false;
  const showTable = !split && mobile !== true;
  // Either width (`mobile` null): both, the stylesheet showing the one for the width. Each keeps its keyed wrapper
  // once the width is known, so the one that stays is not mounted again under a respondent typing in it.
  const both = showRows && showTable;
  return (
    <>
      {showRows ? (
        <div key="rows" className={both ? `${styles.layout} ${styles.narrowOnly}` : styles.layout}>
          {rowsView}
        </div>
      ) : null}
      {showTable ? (
        <div key="table" className={both ? `${styles.layout} ${styles.wideOnly}` : styles.layout}>
          {tableView}
        </div>
      ) : null}
    </>
  );
}

export default FreetextMatrix;
