/**
 * Questions whose widget moves on by itself once answered, under auto question flow (they call `onAnswered`):
 * one choice, a scale, a radio or stars matrix with every row answered. The others (text, several choices,
 * uploads…) offer a "Next question" button instead (spec §2), so the flow goes on at the respondent's word.
 */
const ADVANCES_BY_ITSELF: ReadonlySet<string> = new Set([
  'single_select',
  'single_radio',
  'single_select_image',
  'scale_stars',
  'scale_numeric',
  'scale_nps',
  'scale_slider',
  'scale_semantic',
  'scale_stars_matrix',
  'other_radio_matrix',
]);

export function advancesByItself(subtype: string): boolean {
  return ADVANCES_BY_ITSELF.has(subtype);
}
