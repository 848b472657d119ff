'use client';

import type { WidgetProps } from '../types';
import { decodeMatrixOption, encodeMatrixOption, everyRowAnswered } from '@/lib/survey-format/answer-codec';
import { matrixRows } from './matrix-rows';
import { OptionMatrix } from './option-matrix';

/**
 * `other_radio_matrix`: one column per row (MATRIX_OPTION, `"<row id>:|:<col id>"`, `empty_row` for the rows
 * not yet answered). Auto flow starts once every row is answered.
 */
function RadioMatrix(props: WidgetProps) {
  const { value, onChange, onAnswered } = props;
  const { rows, answerRowIds, shape } = matrixRows(props);
  const answer = decodeMatrixOption(value);

  return (
    <OptionMatrix
      widgetProps={props}
      type="radio"
      rows={rows}
      shape={shape}
      isChecked={(rowId, colId) => answer.get(rowId)?.[0] === colId}
      onCellChange={(rowId, colId, checked, deliberate) => {
        if (!checked) return;
        const next = new Map(answer).set(rowId, [colId]);
        onChange(encodeMatrixOption(answerRowIds, next));
        if (deliberate && everyRowAnswered(answerRowIds, next)) onAnswered?.();
      }}
      onConfirm={() => {
        if (everyRowAnswered(answerRowIds, answer)) onAnswered?.();
      }}
    />
  );
}

export default RadioMatrix;
