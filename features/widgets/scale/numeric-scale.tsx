'use client';

import { scaleLimits, settingDefaults } from '@/lib/survey-format/setting-defaults';
import type { WidgetProps } from '../types';
import { NumberScale } from './number-scale';

/** `scale_numeric`: whole numbers from `min` to `max` (default 1..10), at most `scaleLimits.numericSpan` apart. */
function ScaleNumeric(props: WidgetProps) {
  const { settings } = props.widget;
  const min = Math.ceil(settings.min ?? settingDefaults.scale_numeric.min);
  // Bounded however the widget was built: one button per number.
  const max = Math.min(Math.floor(settings.max ?? settingDefaults.scale_numeric.max), min + scaleLimits.numericSpan);
  const values = Array.from({ length: Math.max(0, max - min + 1) }, (_, index) => min + index);
  return (
    <NumberScale
      widgetProps={props}
      values={values}
      minLabel={props.text(settings.min_label)}
      maxLabel={props.text(settings.max_label)}
      minLang={props.textLang}
      maxLang={props.textLang}
      variant="numeric"
    />
  );
}

export default ScaleNumeric;
