import { Fragment, type HTMLAttributes, type ReactNode } from 'react';
import type { WidgetItem } from '@/lib/survey-format/widget';
import type { WidgetProps } from '../types';
import styles from './matrix.module.css';

/**
 * `split`: one fieldset per row at every width (the theme's `matrix_split`). `narrowSplit` (a question's `split`):
 * a table that the stylesheet shows as one block per row below the mobile breakpoint. One set of controls for
 * either width, so the server's page is the client's whatever the device: two copies of a row's radios would be
 * one group, and only one copy could show the choice.
 */
export type MatrixShape = 'table' | 'split' | 'narrowSplit';

type MatrixLayoutProps = {
  widgetProps: WidgetProps;
  /** Visible rows in display order. */
  rows: readonly WidgetItem[];
  shape: MatrixShape;
  /** A row's control for a column, named `cellName(rowText, colText)`. */
  control: (row: WidgetItem, rowText: string, colId: number, colText: string) => ReactNode;
  /** The control with its column's text, in a row's block when split (and in a narrow split's cell). */
  splitCell: (control: ReactNode, colText: string) => ReactNode;
  /** The control in its table cell. */
  tableCell: (control: ReactNode) => ReactNode;
  rootProps?: HTMLAttributes<HTMLDivElement>;
  /** A row's `max_selections`, if any: on each row, for the page's inline script to hold to before the take-over. */
  rowMaxSelections?: number;
};

/**
 * A matrix of controls: a table with row and column headers, or one fieldset per row whose controls show their
 * column's text (`MatrixShape`).
 */
export function MatrixLayout({
  widgetProps,
  rows,
  shape,
  control,
  splitCell,
  tableCell,
  rootProps,
  rowMaxSelections,
}: MatrixLayoutProps) {
  const { widget, text, textLang, labelId, describedBy, invalid, rtl } = widgetProps;
  const cols = widget.col_options;
  const colTexts = cols.map((col) => text(col.value));

  if (shape === 'split') {
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
        {...rootProps}
      >
        {rows.map((row) => {
          const rowText = text(row.value);
          return (
            <fieldset key={row.id} className={styles.block} data-max-selections={rowMaxSelections}>
              <legend className={styles.legend} dir="auto" lang={textLang}>
                {rowText}
              </legend>
              <div className={styles.blockOptions}>
                {cols.map((col, index) => {
                  const colText = colTexts[index] ?? '';
                  return <Fragment key={col.id}>{splitCell(control(row, rowText, col.id, colText), colText)}</Fragment>;
                })}
              </div>
            </fieldset>
          );
        })}
      </div>
    );
  }

  return (
    <div
      className={`${styles.root} ${styles.scroller} columns-fade ${shape === 'narrowSplit' ? styles.narrowSplit : ''}`}
      dir={rtl ? 'rtl' : 'ltr'}
      {...rootProps}
    >
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
              <tr key={row.id} data-max-selections={rowMaxSelections}>
                <th scope="row" dir="auto" lang={textLang}>
                  {rowText}
                </th>
                {cols.map((col, index) => {
                  const colText = colTexts[index] ?? '';
                  const cellControl = control(row, rowText, col.id, colText);
                  return (
                    <td key={col.id}>
                      {shape === 'narrowSplit' ? splitCell(cellControl, colText) : tableCell(cellControl)}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
