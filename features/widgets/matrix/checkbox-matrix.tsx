'use client';

import type { WidgetProps } from '../types';
import { decodeMatrixOption, encodeMatrixOption } from '@/lib/survey-format/answer-codec';
import { matrixRows } from './matrix-rows';
import { OptionMatrix } from './option-matrix';

/**
 * `other_checkbox_matrix`: any columns per row (MATRIX_OPTION, one entry per checked cell, `empty_row` for rows
 * with none). `max_selections` applies per row. No auto flow: the respondent may still be checking boxes.
 */
function CheckboxMatrix(props: WidgetProps) {
  const { widget, value, onChange } = props;
  const { rows, answerRowIds, shape } = matrixRows(props);
  const answer = decodeMatrixOption(value);
  // 0 means "no limit"; the limit messages are the runtime's job.
  const max = widget.settings.max_selections;
  const limited = max !== undefined && max > 0;

  return (
    <OptionMatrix
      widgetProps={props}
      type="checkbox"
      rows={rows}
      shape={shape}
      isChecked={(rowId, colId) => answer.get(rowId)?.includes(colId) === true}
      isRowFull={(rowId) => limited && (answer.get(rowId)?.length ?? 0) >= max}
      rowMaxSelections={limited ? max : undefined}
      onCellChange={(rowId, colId, checked) => {
        const chosen = new Set(answer.get(rowId));
        if (checked) chosen.add(colId);
        else chosen.delete(colId);
        const next = new Map(answer);
        // Columns in survey order, so the stored answer does not depend on the order of the clicks.
        const cols = widget.col_options.filter((col) => chosen.has(col.id)).map((col) => col.id);
        if (cols.length > 0) next.set(rowId, cols);
        else next.delete(rowId);
        onChange(encodeMatrixOption(answerRowIds, next));
      }}
    />
  );
}

export default CheckboxMatrix;
