import { Fragment, type HTMLAttributes, type ReactNode } from 'react';
import type { WidgetItem } from '@/lib/survey-format/widget';
import type { WidgetProps } from '../types';
import styles from './matrix.module.css';

type MatrixLayoutProps = {
  widgetProps: WidgetProps;
  /** Visible rows in display order. */
  rows: readonly WidgetItem[];
  split: boolean;
  /** A row's control for a column, named `cellName(rowText, colText)`. */
  control: (row: WidgetItem, rowText: string, colId: number, colText: string) => ReactNode;
  /** The control with its column's text, in a row's block when split. */
  splitCell: (control: ReactNode, colText: string) => ReactNode;
  /** The control in its table cell. */
  tableCell: (control: ReactNode) => ReactNode;
  rootProps?: HTMLAttributes<HTMLDivElement>;
};

/**
 * The two shapes of a matrix of controls: a table with row and column headers, or one fieldset per row whose
 * controls show their column's text (the theme's `matrix_split`, or a question's `split` on a phone).
 */
export function MatrixLayout({
  widgetProps,
  rows,
  split,
  control,
  splitCell,
  tableCell,
  rootProps,
}: MatrixLayoutProps) {
  const { widget, text, textLang, labelId, describedBy, invalid, rtl } = widgetProps;
  const cols = widget.col_options;
  const colTexts = cols.map((col) => text(col.value));

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
        {...rootProps}
      >
        {rows.map((row) => {
          const rowText = text(row.value);
          return (
            <fieldset key={row.id} className={styles.block}>
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
    <div className={`${styles.root} ${styles.scroller}`} dir={rtl ? 'rtl' : 'ltr'} {...rootProps}>
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
                  <td key={col.id}>{tableCell(control(row, rowText, col.id, colTexts[index] ?? ''))}</td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
