/** The six date formats of spec §5. */
export const dateFormats = [
  'MM-DD-YYYY',
  'DD-MM-YYYY',
  'YYYY-MM-DD',
  'MM/DD/YYYY',
  'DD/MM/YYYY',
  'YYYY/MM/DD',
] as const;
export type DateFormat = (typeof dateFormats)[number];
