'use client';

import type { WidgetProps } from '../types';
import { NumberScale } from './number-scale';

const DEFAULT_MIN = 1;
const DEFAULT_MAX = 10;

/** `scale_numeric`: whole numbers from `min` to `max` (default 1..10). */
function ScaleNumeric(props: WidgetProps) {
  const { settings } = props.widget;
  const min = Math.ceil(settings.min ?? DEFAULT_MIN);
  const max = Math.floor(settings.max ?? DEFAULT_MAX);
  const values = Array.from({ length: Math.max(0, max - min + 1) }, (_, index) => min + index);
  return (
    <NumberScale
      widgetProps={props}
      values={values}
      minLabel={props.text(settings.min_label)}
      maxLabel={props.text(settings.max_label)}
      variant="numeric"
    />
  );
}

export default ScaleNumeric;
