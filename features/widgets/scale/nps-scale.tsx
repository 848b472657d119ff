'use client';

import { useTranslations } from 'next-intl';
import type { WidgetProps } from '../types';
import { NumberScale } from './number-scale';

// Net Promoter Score is always 0..10, whatever min/max the survey carries.
const NPS_VALUES = Array.from({ length: 11 }, (_, index) => index);

/** `scale_nps`: 0..10, with "Not at all likely" / "Extremely likely" unless the survey names the ends. */
function ScaleNps(props: WidgetProps) {
  const t = useTranslations('widgets');
  const { settings } = props.widget;
  const minLabel = props.text(settings.min_label);
  const maxLabel = props.text(settings.max_label);
  return (
    <NumberScale
      widgetProps={props}
      values={NPS_VALUES}
      minLabel={minLabel || t('nps_low')}
      maxLabel={maxLabel || t('nps_high')}
      // The default poles are the interface's, in the page's language.
      minLang={minLabel ? props.textLang : undefined}
      maxLang={maxLabel ? props.textLang : undefined}
      variant="nps"
    />
  );
}

export default ScaleNps;
