'use client';

import { useTranslations } from 'next-intl';
import { scaleLimits } from '@/lib/survey-format/setting-defaults';
import { useSelectionIntent } from '../choice/use-selection-intent';
import styles from './stars.module.css';

// Material Symbols' star outline path: a classic five-point star in a 24-unit box.
const STAR_PATH = 'M12 17.27 18.18 21l-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z';

type StarRadiosProps = {
  /** Shared by the radios, so the arrow keys move between stars: `q<widget id>` or `q<widget id>-<row id>`. */
  name: string;
  count: number;
  /** Chosen number of stars, or null. */
  value: number | null;
  labelledBy: string;
  describedBy?: string;
  invalid: boolean;
  required: boolean;
  disabled: boolean;
  dir?: 'ltr' | 'rtl';
  /** `deliberate` is false while the respondent browses with the arrow keys. */
  onSelect: (stars: number, deliberate: boolean) => void;
  onConfirm: () => void;
};

/**
 * A radiogroup of `count` native radios drawn as stars, each named "{n} stars"; never more than `scaleLimits.stars`,
 * whatever a widget not read by `widgetSchema` asks for (a huge count would exhaust the memory while rendering).
 */
export function StarRadios({
  name,
  count,
  value,
  labelledBy,
  describedBy,
  invalid,
  required,
  disabled,
  dir,
  onSelect,
  onConfirm,
}: StarRadiosProps) {
  const t = useTranslations('widgets');
  const { handlers, isDeliberate } = useSelectionIntent(onConfirm);
  const levels = Array.from({ length: Math.min(count, scaleLimits.stars) }, (_, index) => index + 1);

  return (
    <div
      className={styles.stars}
      role="radiogroup"
      dir={dir}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid}
      aria-required={required}
      {...handlers}
    >
      {levels.map((stars) => (
        <label key={stars} className={styles.star} data-filled={value !== null && stars <= value ? '' : undefined}>
          <input
            className={styles.input}
            type="radio"
            name={name}
            value={String(stars)}
            checked={value === stars}
            disabled={disabled}
            onChange={() => onSelect(stars, isDeliberate())}
          />
          <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d={STAR_PATH} />
          </svg>
          <span className={styles.visuallyHidden}>{t('star', { count: stars })}</span>
        </label>
      ))}
    </div>
  );
}
