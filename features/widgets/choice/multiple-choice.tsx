'use client';

import type { WidgetSubtype } from '@/lib/survey-format/widget-kinds';
import type { WidgetProps } from '../types';
import { decodeChoice, encodeMultipleChoice } from '@/lib/survey-format/answer-codec';
import { arrangeItems } from '../shared/shuffle';
import { ChoiceOptions, type ChoiceVariant } from './choice-options';

const VARIANTS: Readonly<Partial<Record<WidgetSubtype, ChoiceVariant>>> = {
  multiple_checkbox: 'classic',
  multiple_select: 'list',
  multiple_image: 'image',
};

/**
 * MULTIPLE choice: `multiple_checkbox`, `multiple_select` (tiles) and `multiple_image` (picture cards).
 * Choosing never triggers auto flow: the respondent may still be adding options.
 */
function MultipleChoice(props: WidgetProps) {
  const { widget, value, onChange, shuffleSeed, hiddenItemIds } = props;
  const items = arrangeItems(widget.items, {
    randomize: widget.settings.randomize,
    seed: shuffleSeed,
    widgetId: widget.id,
    hiddenIds: hiddenItemIds,
  });
  const answer = decodeChoice(value);
  const checkedIds = new Set(answer.itemIds);
  // An option logic hid after it was chosen is no choice (validation drops it too), so it takes no place.
  const visibleChosen = answer.itemIds.filter((id) => !hiddenItemIds?.has(id)).length;
  const count = visibleChosen + (answer.other === null ? 0 : 1);
  // 0 means "no limit" in the owner's settings; the messages about the limit are the runtime's job.
  const max = widget.settings.max_selections;
  const limited = max !== undefined && max > 0;
  const limitReached = limited && count >= max;

  // Ids are written in the survey's item order, not the (possibly shuffled) display order, so the stored
  // answer does not depend on the respondent's shuffle.
  const commit = (ids: ReadonlySet<number>, other: string | null) =>
    onChange(
      encodeMultipleChoice({ itemIds: widget.items.filter((item) => ids.has(item.id)).map((item) => item.id), other }),
    );

  return (
    <ChoiceOptions
      widgetProps={props}
      type="checkbox"
      variant={VARIANTS[widget.subtype] ?? 'classic'}
      items={items}
      checkedIds={checkedIds}
      otherText={answer.other}
      limitReached={limitReached}
      maxSelections={limited ? max : undefined}
      onItemChange={(itemId, checked) => {
        const next = new Set(checkedIds);
        if (checked) next.add(itemId);
        else next.delete(itemId);
        commit(next, answer.other);
      }}
      onOtherChange={(checked) => commit(checkedIds, checked ? '' : null)}
      onOtherText={(other) => commit(checkedIds, other)}
    />
  );
}

export default MultipleChoice;
