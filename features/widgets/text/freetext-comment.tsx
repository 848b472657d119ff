'use client';

import { settingDefaults } from '@/lib/survey-format/setting-defaults';
import type { WidgetProps } from '../types';
import { toTextAnswer } from './text-answer';
import styles from './text.module.css';

/** freetext_comment: a text area of `settings.rows` lines. Answer `["text"]`, `[]` when emptied. */
function FreetextComment({ widget, value, onChange, text, labelId, errorId, invalid, disabled }: WidgetProps) {
  return (
    <textarea
      className={`${styles.field} ${styles.textarea}`}
      name={`q${widget.id}`}
      rows={widget.settings.rows ?? settingDefaults.freetext_comment.rows}
      value={value[0] ?? ''}
      onChange={(event) => onChange(toTextAnswer(event.target.value))}
      placeholder={text(widget.settings.placeholder) || undefined}
      aria-labelledby={labelId}
      aria-describedby={errorId}
      aria-invalid={invalid}
      aria-required={widget.required}
      disabled={disabled}
    />
  );
}

export default FreetextComment;
