'use client';

import { settingDefaults } from '@/lib/survey-format/setting-defaults';
import type { WidgetProps } from '../types';
import { decodeScale, encodeScale } from '@/lib/survey-format/answer-codec';
import { StarRadios } from './star-radios';

/** `scale_stars`: SINGLE, the number of stars (`["4"]`). */
function ScaleStars({
  widget,
  value,
  onChange,
  onAnswered,
  labelId,
  describedBy,
  invalid,
  disabled = false,
  rtl,
}: WidgetProps) {
  const current = decodeScale(value);
  return (
    <StarRadios
      name={`q${widget.id}`}
      count={widget.settings.stars ?? settingDefaults.scale_stars.stars}
      value={current}
      labelledBy={labelId}
      describedBy={describedBy}
      invalid={invalid}
      required={widget.required}
      disabled={disabled}
      dir={rtl ? 'rtl' : 'ltr'}
      onSelect={(stars, deliberate) => {
        onChange(encodeScale(stars));
        if (deliberate) onAnswered?.();
      }}
      onConfirm={() => onAnswered?.()}
    />
  );
}

export default ScaleStars;
