'use client';

import type { WidgetSubtype } from '@/lib/survey-format/widget-kinds';
import type { WidgetProps } from '../types';
import { decodeChoice, encodeSingleChoice } from '@/lib/survey-format/answer-codec';
import { arrangeItems } from '../shared/shuffle';
import { ChoiceOptions, type ChoiceVariant } from './choice-options';

const VARIANTS: Readonly<Partial<Record<WidgetSubtype, ChoiceVariant>>> = {
  single_radio: 'classic',
  single_select: 'list',
  single_select_image: 'image',
};

/** SINGLE choice: `single_radio`, `single_select` (tiles) and `single_select_image` (picture cards). */
function SingleChoice(props: WidgetProps) {
  const { widget, value, onChange, onAnswered, shuffleSeed, hiddenItemIds } = props;
  const items = arrangeItems(widget.items, {
    randomize: widget.settings.randomize,
    seed: shuffleSeed,
    widgetId: widget.id,
    hiddenIds: hiddenItemIds,
  });
  const answer = decodeChoice(value);
  // A SINGLE answer holds one entry; if an old response holds more, "other" or the first id wins.
  const chosenId = answer.other === null ? answer.itemIds[0] : undefined;

  return (
    <ChoiceOptions
      widgetProps={props}
      type="radio"
      variant={VARIANTS[widget.subtype] ?? 'classic'}
      items={items}
      checkedIds={new Set(chosenId === undefined ? [] : [chosenId])}
      otherText={answer.other}
      limitReached={false}
      onItemChange={(itemId, checked, deliberate) => {
        if (!checked) return;
        onChange(encodeSingleChoice({ itemId }));
        if (deliberate) onAnswered?.();
      }}
      // "Other" is not complete until its text is typed, so it never triggers auto flow.
      onOtherChange={(checked) => {
        if (checked) onChange(encodeSingleChoice({ other: '' }));
      }}
      onOtherText={(other) => onChange(encodeSingleChoice({ other }))}
      onConfirm={() => {
        if (chosenId !== undefined) onAnswered?.();
      }}
    />
  );
}

export default SingleChoice;
