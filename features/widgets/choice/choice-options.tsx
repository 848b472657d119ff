'use client';

import { useEffect, useId, useRef, type CSSProperties } from 'react';
import { useTranslations } from 'next-intl';
import { TYPED_TEXT_LENGTH } from '@/lib/survey-format/answer-limits';
import { OTHER_VALUE, isBlank } from '@/lib/survey-format/content';
import type { WidgetItem } from '@/lib/survey-format/widget';
import { safeImageUrl } from '@/lib/url';
import type { WidgetProps } from '../types';
import { useSelectionIntent } from './use-selection-intent';
import styles from './choice.module.css';

/** `classic`: plain radios/checkboxes; `list`: bordered tiles; `image`: picture cards. */
export type ChoiceVariant = 'classic' | 'list' | 'image';

type ChoiceOptionsProps = {
  widgetProps: WidgetProps;
  type: 'radio' | 'checkbox';
  variant: ChoiceVariant;
  /** Visible options, already arranged (shuffled, hidden ones removed). */
  items: readonly WidgetItem[];
  checkedIds: ReadonlySet<number>;
  /** The typed "other" text; `null` when "other" is not chosen. */
  otherText: string | null;
  /** `max_selections` reached: options not yet chosen are disabled. */
  limitReached: boolean;
  /** `max_selections`, if any: on the group, for the page's inline script to hold to before the client takes over. */
  maxSelections?: number;
  /** `deliberate` is false while the respondent only browses a radio group with the arrow keys. */
  onItemChange: (itemId: number, checked: boolean, deliberate: boolean) => void;
  onOtherChange: (checked: boolean) => void;
  onOtherText: (text: string) => void;
  /** Space on the already checked radio (see useSelectionIntent). */
  onConfirm?: () => void;
};

/** The option list shared by single and multiple choice questions. */
export function ChoiceOptions({
  widgetProps,
  type,
  variant,
  items,
  checkedIds,
  otherText,
  limitReached,
  maxSelections,
  onItemChange,
  onOtherChange,
  onOtherText,
  onConfirm,
}: ChoiceOptionsProps) {
  const t = useTranslations('widgets');
  const { widget, text, textLang, labelId, describedBy, invalid, disabled = false, rtl } = widgetProps;
  const { handlers, isDeliberate } = useSelectionIntent(onConfirm);
  const otherLabelId = useId();
  // Set when "other" is chosen on purpose, so its text field takes focus as soon as it shows.
  const focusOtherText = useRef(false);
  const otherInput = useRef<HTMLInputElement>(null);

  const name = `q${widget.id}`;
  const hasOther = widget.settings.has_other === true;
  const otherChecked = otherText !== null;
  // "Other" chosen with nothing typed makes the question invalid (an empty answer for that option), as validation reads
  // blank; any other error (too few or too many choices) is not about this field.
  const otherInvalid = invalid && otherText !== null && isBlank(otherText);
  const ownOtherLabel = text(widget.settings.other_label);
  const otherLabel = ownOtherLabel || t('other');
  const columns = widget.settings.columns;
  const isLocked = (checked: boolean) => disabled || (limitReached && !checked);

  useEffect(() => {
    if (otherChecked && focusOtherText.current) {
      focusOtherText.current = false;
      otherInput.current?.focus();
    }
  }, [otherChecked]);

  const optionClass = variant === 'list' ? `${styles.option} ${styles.tile}` : styles.option;
  const layoutClass = [variant === 'image' ? styles.cards : styles.grid, columns ? styles.columns : '']
    .filter(Boolean)
    .join(' ');
  // CSS custom properties are not part of React's CSSProperties type.
  const layoutStyle = columns ? ({ '--choice-columns': String(columns) } as CSSProperties) : undefined;

  return (
    <div
      className={styles.root}
      dir={rtl ? 'rtl' : 'ltr'}
      role={type === 'radio' ? 'radiogroup' : 'group'}
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      aria-invalid={invalid}
      // aria-required is valid on a radiogroup only; a checkbox group's requirement is in the question title.
      aria-required={type === 'radio' ? widget.required : undefined}
      data-max-selections={maxSelections}
      {...handlers}
    >
      <div className={layoutClass} style={layoutStyle}>
        {items.map((item) => {
          const checked = checkedIds.has(item.id);
          const label = text(item.value);
          const input = (
            <input
              className={styles.control}
              type={type}
              name={name}
              value={String(item.id)}
              checked={checked}
              disabled={isLocked(checked)}
              onChange={(event) => onItemChange(item.id, event.target.checked, isDeliberate())}
            />
          );
          if (variant === 'image') {
            const imageSrc = safeImageUrl(item.image_src);
            return (
              <label key={item.id} className={styles.card}>
                <span className={styles.media}>
                  {imageSrc ? (
                    // Owner images come from any host, so next/image's allow-list cannot know them in advance.
                    // eslint-disable-next-line @next/next/no-img-element
                    <img src={imageSrc} alt={label} lang={textLang} loading="lazy" decoding="async" />
                  ) : null}
                </span>
                <span className={styles.caption}>
                  {input}
                  {/* The image's alt already names the option; the caption would say it twice. */}
                  <span aria-hidden={item.image_src ? true : undefined} dir="auto" lang={textLang}>
                    {label}
                  </span>
                </span>
              </label>
            );
          }
          return (
            <label key={item.id} className={optionClass}>
              {input}
              <span dir="auto" lang={textLang}>
                {label}
              </span>
            </label>
          );
        })}

        {hasOther ? (
          <label
            className={`${variant === 'classic' ? styles.option : `${styles.option} ${styles.tile}`} ${styles.otherOption}`}
          >
            <input
              className={styles.control}
              type={type}
              name={name}
              value={OTHER_VALUE}
              checked={otherChecked}
              disabled={isLocked(otherChecked)}
              onChange={(event) => {
                focusOtherText.current = event.target.checked && isDeliberate();
                onOtherChange(event.target.checked);
              }}
            />
            <span id={otherLabelId} dir="auto" lang={ownOtherLabel ? textLang : undefined}>
              {otherLabel}
            </span>
          </label>
        ) : null}

        {/* Always in the page, hidden until "other" is chosen: the server's HTML has it too, so "other" chosen
            before the client has taken over shows it (the stylesheet, from the checked input) to type in then. */}
        {hasOther ? (
          <div className={styles.otherField} hidden={!otherChecked}>
            <input
              ref={otherInput}
              className={styles.otherInput}
              type="text"
              name={`${name}-other`}
              value={otherText ?? ''}
              maxLength={TYPED_TEXT_LENGTH.other}
              placeholder={t('other_placeholder')}
              aria-labelledby={otherLabelId}
              aria-describedby={otherChecked ? describedBy : undefined}
              aria-invalid={otherInvalid}
              disabled={disabled}
              onChange={(event) => onOtherText(event.target.value)}
            />
          </div>
        ) : null}
      </div>
    </div>
  );
}
