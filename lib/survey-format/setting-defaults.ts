/**
 * Settings a subtype takes when the survey leaves them out (the format's "default 5", "default 1/10", NPS 0..10;
 * slider, date mode and comment rows are our choice). `widgetSchema` applies them under the settings the survey
 * gives; widgets fall back on the same values. Without zod, so a widget's chunk can read them.
 */
export const settingDefaults = {
  scale_stars: { stars: 5 },
  scale_stars_matrix: { stars: 5 },
  scale_semantic: { points: 5 },
  scale_numeric: { min: 1, max: 10 },
  scale_nps: { min: 0, max: 10 },
  scale_slider: { min: 0, max: 100, step: 1 },
  other_datetime: { mode: 'date' },
  freetext_comment: { rows: 4 },
} as const;

/**
 * The most a scale may draw (our choice; the format gives no range). A scale draws one control per point, so a
 * survey asking for a billion stars would exhaust the server's memory while rendering: beyond these, the subtype's
 * default applies (`widgetSchema`), and the widgets clamp whatever reaches them.
 * - `stars` (`scale_stars`, `scale_stars_matrix`) and `points` (`scale_semantic`): at most 10;
 * - `numericSpan`: a `scale_numeric`'s `max - min`, at most 100 (0..100 and -50..50 are 101 buttons).
 */
export const scaleLimits = {
  stars: 10,
  points: 10,
  numericSpan: 100,
} as const;
