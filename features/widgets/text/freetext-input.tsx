'use client';

import type { HTMLAttributes, HTMLInputTypeAttribute } from 'react';
import { TYPED_TEXT_LENGTH } from '@/lib/survey-format/answer-limits';
import type { Validation } from '@/lib/survey-format/validation';
import type { WidgetProps } from '../types';
import { toTextAnswer } from './text-answer';
import styles from './text.module.css';

type FieldKind = {
  type: HTMLInputTypeAttribute;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
};

/**
 * The on-screen keyboard and autofill that suit the validation. Numbers stay `type="text"` (a number input
 * drops what it cannot parse, so the validation message could never explain it); the numeric keypad is only
 * offered when a minimum of zero or more rules out the minus sign it lacks on iOS.
 */
function fieldKindFor(validation: Validation | null): FieldKind {
  switch (validation?.type) {
    case 'email':
      return { type: 'email', autoComplete: 'email' };
    case 'webpage':
      return { type: 'url', autoComplete: 'url' };
    case 'number':
    case 'decimal': {
      const nonNegative = validation.min_value !== null && validation.min_value >= 0;
      if (!nonNegative) return { type: 'text' };
      return { type: 'text', inputMode: validation.type === 'number' ? 'numeric' : 'decimal' };
    }
    default:
      return { type: 'text' };
  }
}

/** freetext_input: one line of text. Answer `["text"]`, `[]` when emptied. */
function FreetextInput({
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
  const kind = fieldKindFor(widget.validation);
  return (
    <input
      className={styles.field}
      type={kind.type}
      inputMode={kind.inputMode}
      autoComplete={kind.autoComplete}
      name={`q${widget.id}`}
      value={value[0] ?? ''}
      maxLength={TYPED_TEXT_LENGTH.line}
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

export default FreetextInput;
