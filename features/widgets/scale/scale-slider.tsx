'use client';

import { useId, type CSSProperties } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { WidgetProps } from '../types';
import { decodeScale, encodeScale } from '@/lib/survey-format/answer-codec';
import { settingDefaults } from '@/lib/survey-format/setting-defaults';
import { localNumber } from '@/lib/i18n/digits';
import styles from './slider.module.css';

/**
 * `scale_slider`: a native `<input type=range>`; the answer is the value (`["42"]`).
 *
 * A range input always shows a position, so until the first choice the thumb sits hollow in the middle and the
 * answer stays `[]`. Clicking the thumb where it is counts as choosing that value.
 */
function ScaleSlider({
  widget,
  value,
  onChange,
  onAnswered,
  text,
  textLang,
  labelId,
  describedBy,
  invalid,
  disabled = false,
  rtl,
}: WidgetProps) {
  const t = useTranslations('widgets');
  const locale = useLocale();
  const minLabelId = useId();
  const maxLabelId = useId();
  const { settings } = widget;
  const min = settings.min ?? settingDefaults.scale_slider.min;
  const max = Math.max(settings.max ?? settingDefaults.scale_slider.max, min);
  const step = settings.step ?? settingDefaults.scale_slider.step;
  const current = decodeScale(value);
  const middle = min + Math.round((max - min) / 2 / step) * step;
  const position = current ?? middle;
  const fill = max === min ? 100 : ((position - min) / (max - min)) * 100;
  const minLabel = text(settings.min_label);
  const maxLabel = text(settings.max_label);
  const describers =
    [minLabel ? minLabelId : '', maxLabel ? maxLabelId : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined;

  return (
    <div className={`${styles.root} ${current === null ? styles.unanswered : ''}`} dir={rtl ? 'rtl' : 'ltr'}>
      {/* Seen, not read: the slider's own value text already says it. */}
      <span className={styles.value} aria-hidden="true">
        {current === null ? '–' : localNumber(current, locale)}
      </span>
      <input
        className={styles.slider}
        type="range"
        name={`q${widget.id}`}
        min={min}
        max={max}
        step={step}
        value={position}
        disabled={disabled}
        aria-labelledby={labelId}
        aria-describedby={describers}
        aria-invalid={invalid}
        aria-valuetext={current === null ? t('empty_option') : t('slider_value', { value: current })}
        // CSS custom properties are not part of React's CSSProperties type.
        style={{ '--fill': `${fill}%` } as CSSProperties}
        onChange={(event) => onChange(encodeScale(Number(event.target.value)))}
        // Auto flow follows a pointer release only: arrow keys adjust step by step and must not move on.
        onPointerUp={(event) => {
          const released = Number(event.currentTarget.value);
          if (released !== current) onChange(encodeScale(released));
          onAnswered?.();
        }}
      />
      <div className={styles.ends}>
        <span>
          <span className={styles.endNumber}>{localNumber(min, locale)}</span>
          {minLabel ? (
            <span id={minLabelId} dir="auto" lang={textLang}>
              {minLabel}
            </span>
          ) : null}
        </span>
        <span>
          <span className={styles.endNumber}>{localNumber(max, locale)}</span>
          {maxLabel ? (
            <span id={maxLabelId} dir="auto" lang={textLang}>
              {maxLabel}
            </span>
          ) : null}
        </span>
      </div>
    </div>
  );
}

export default ScaleSlider;
