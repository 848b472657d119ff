'use client';

import { useId } from 'react';
import { settingDefaults } from '@/lib/survey-format/setting-defaults';
import type { WidgetProps } from '../types';
import { formatDatetime, normaliseDatetime } from '@/lib/survey-format/datetime-text';
import { INPUT_BOUNDS, INPUT_TYPE, toDatetimeAnswer } from './datetime-value';
import styles from './datetime.module.css';

/**
 * other_datetime: the browser's native date, time or date-and-time control (keyboard, screen-reader and
 * mobile pickers for free, and usable before hydration). The stored value stays ISO; `settings.date_format`
 * only changes the echo shown beside the control.
 */
function OtherDatetime({ widget, value, onChange, labelId, describedBy, invalid, disabled }: WidgetProps) {
  const displayId = useId();
  const mode = widget.settings.mode ?? settingDefaults.other_datetime.mode;
  const current = normaliseDatetime(value[0], mode);
  const shown = formatDatetime(current, mode, widget.settings.date_format);
  const describers = [shown ? displayId : undefined, describedBy].filter(Boolean).join(' ') || undefined;

  return (
    <div className={styles.wrapper}>
      <input
        className={styles.field}
        type={INPUT_TYPE[mode]}
        min={INPUT_BOUNDS[mode].min}
        max={INPUT_BOUNDS[mode].max}
        name={`q${widget.id}`}
        value={current}
        onChange={(event) => onChange(toDatetimeAnswer(event.target.value, mode))}
        aria-labelledby={labelId}
        aria-describedby={describers}
        aria-invalid={invalid}
        aria-required={widget.required}
        disabled={disabled}
      />
      {shown && (
        <span id={displayId} className={styles.display}>
          {shown}
        </span>
      )}
    </div>
  );
}

export default OtherDatetime;
