'use client';

import { useId } from 'react';
import { useLocale } from 'next-intl';
import { localDigits } from '@/lib/i18n/digits';
import type { WidgetProps } from '../types';
import { decodeScale, encodeScale } from '@/lib/survey-format/answer-codec';
import { useSelectionIntent } from '../choice/use-selection-intent';
import styles from './number-scale.module.css';

type NumberScaleProps = {
  widgetProps: WidgetProps;
  /** The numbers offered, in order. */
  values: readonly number[];
  /** Shown under the first and last number, and read as their description. Empty: not shown. */
  minLabel: string;
  maxLabel: string;
  /** The `lang` of each label, when it is the owner's text in another language than the page's. */
  minLang?: string;
  maxLang?: string;
  variant: 'numeric' | 'nps';
};

/** A radiogroup of numbers drawn as buttons; the answer is the number (`["7"]`). */
export function NumberScale({ widgetProps, values, minLabel, maxLabel, minLang, maxLang, variant }: NumberScaleProps) {
  const { widget, value, onChange, onAnswered, labelId, describedBy, invalid, disabled = false, rtl } = widgetProps;
  const { handlers, isDeliberate } = useSelectionIntent(() => onAnswered?.());
  const locale = useLocale();
  const minLabelId = useId();
  const maxLabelId = useId();
  const current = decodeScale(value);
  const hasPoles = minLabel !== '' || maxLabel !== '';

  return (
    <div className={`${styles.root} ${variant === 'nps' ? styles.nps : ''}`} dir={rtl ? 'rtl' : 'ltr'}>
      <div
        className={styles.buttons}
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        aria-required={widget.required}
        {...handlers}
      >
        {values.map((number, index) => {
          // The pole labels describe the ends, so "0" is read as "0, Not at all likely".
          const describers =
            index === 0 && minLabel ? minLabelId : index === values.length - 1 && maxLabel ? maxLabelId : undefined;
          return (
            <label key={number} className={styles.button}>
              <input
                className={styles.input}
                type="radio"
                name={`q${widget.id}`}
                value={String(number)}
                checked={current === number}
                disabled={disabled}
                aria-describedby={describers}
                onChange={() => {
                  onChange(encodeScale(number));
                  if (isDeliberate()) onAnswered?.();
                }}
              />
              <span>{localDigits(String(number), locale)}</span>
            </label>
          );
        })}
      </div>
      {hasPoles ? (
        <div className={styles.poles}>
          <span id={minLabelId} dir="auto" lang={minLang}>
            {minLabel}
          </span>
          <span id={maxLabelId} dir="auto" lang={maxLang}>
            {maxLabel}
          </span>
        </div>
      ) : null}
    </div>
  );
}
