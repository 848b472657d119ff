import type { WidgetItem } from '@/lib/survey-format/widget';
import type { WidgetProps } from '../types';
import type { MatrixShape } from './matrix-layout';
import { arrangeItems } from '../shared/shuffle';

type MatrixRows = {
  /** Visible rows in display order (`randomize_rows` applied). */
  rows: WidgetItem[];
  /**
   * Visible row ids in survey order: the order answers are written in, so a stored answer does not depend on
   * the respondent's shuffle. Hidden rows are not part of the answer (no `empty_row` for a row never shown).
   */
  answerRowIds: number[];
  /** One block per row at every width (the theme), below the mobile breakpoint (the question), or a table. */
  shape: MatrixShape;
};

export function matrixRows({ widget, shuffleSeed, hiddenItemIds, matrixSplit }: WidgetProps): MatrixRows {
  const rows = arrangeItems(widget.items, {
    randomize: widget.settings.randomize_rows,
    seed: shuffleSeed,
    widgetId: widget.id,
    hiddenIds: hiddenItemIds,
  });
  const answerRowIds = widget.items.filter((row) => !hiddenItemIds?.has(row.id)).map((row) => row.id);
  const shape = matrixSplit === true ? 'split' : widget.settings.split === true ? 'narrowSplit' : 'table';
  return { rows, answerRowIds, shape };
}

/** The accessible name of a matrix control: "row text, column text". */
export function cellName(rowText: string, colText: string): string {
  return `${rowText}, ${colText}`;
}
