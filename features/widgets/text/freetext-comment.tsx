'use client';

import { TYPED_TEXT_LENGTH } from '@/lib/survey-format/answer-limits';
import { settingDefaults } from '@/lib/survey-format/setting-defaults';
import type { WidgetProps } from '../types';
import { toTextAnswer } from './text-answer';
import styles from './text.module.css';

/** freetext_comment: a text area of `settings.rows` lines. Answer `["text"]`, `[]` when emptied. */
function FreetextComment({
  widget,
  value,
  onChange,
  text,
  textLang,
  labelId,
  describedBy,
  invalid,
  disabled,
}: WidgetProps) {
  const placeholder = text(widget.settings.placeholder) || undefined;
  return (
    <textarea
      className={`${styles.field} ${styles.textarea}`}
      name={`q${widget.id}`}
      rows={widget.settings.rows ?? settingDefaults.freetext_comment.rows}
      value={value[0] ?? ''}
      maxLength={TYPED_TEXT_LENGTH.comment}
      onChange={(event) => onChange(toTextAnswer(event.target.value))}
      placeholder={placeholder}
      // The placeholder is the owner's text (the field's name is the title, marked where it is shown).
      lang={placeholder ? textLang : undefined}
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      aria-invalid={invalid}
      aria-required={widget.required}
      disabled={disabled}
    />
  );
}

export default FreetextComment;
