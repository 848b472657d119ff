import type { WidgetSettings } from './widget';

/**
 * The file types of an other_file_upload question, one table for the browser's check and the server's, so both
 * accept and refuse the same names; and how many files it keeps, one rule for the widget and validation.
 */

/**
 * What a file question accepts when the owner lists no types: documents, images and plain text that browsers
 * and office suites open safely.
 */
export const DEFAULT_ACCEPTED_TYPES: readonly string[] = [
  'pdf',
  'png',
  'jpg',
  'gif',
  'webp',
  'docx',
  'xlsx',
  'pptx',
  'odt',
  'ods',
  'odp',
  'txt',
  'csv',
];

/** Types never stored, even when an owner lists them: a browser could run them. */
export const NEVER_ACCEPTED_TYPES: ReadonlySet<string> = new Set([
  'html',
  'htm',
  'xhtml',
  'svg',
  'xml',
  'js',
  'mjs',
  'exe',
  'dll',
  'bat',
  'cmd',
  'sh',
  'php',
]);

/**
 * Plain-text types, with the MIME a stored one is served as. No magic number identifies them, so the server stores
 * one whose bytes read as text in any common encoding; markup inside is harmless, as a stored file is only ever
 * downloaded (attachment, nosniff, sandbox CSP) and saved under its own name. `xml` and `html` stay out: a browser
 * runs their scripts once the saved file is opened (NEVER_ACCEPTED_TYPES).
 */
export const TEXT_FILE_TYPES: Readonly<Record<string, string>> = {
  txt: 'text/plain',
  log: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  json: 'application/json',
};

/** Other spellings of one type: a question listing `jpg` takes `photo.jpeg`. */
const ALIASES: Readonly<Record<string, string>> = { jpeg: 'jpg', jpe: 'jpg', tiff: 'tif' };

/** `".JPEG"` → `"jpg"`: one spelling per type, so lists, names and detections compare equal. */
export function normalizeFileType(type: string): string {
  const bare = type.trim().toLowerCase().replace(/^\.+/, '');
  return ALIASES[bare] ?? bare;
}

/** The type a file name claims (`"Photo.JPEG"` → `"jpg"`), or `""` when it has no extension. */
export function fileTypeOfName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? normalizeFileType(fileName.slice(dot + 1)) : '';
}

/** Every spelling of the types (`jpg` → `jpg`, `jpeg`, `jpe`): a file picker matches names, not types. */
export function spellingsOf(types: readonly string[]): string[] {
  const aliases = Object.entries(ALIASES);
  return types.flatMap((type) => [type, ...aliases.filter(([, to]) => to === type).map(([alias]) => alias)]);
}

/**
 * The types a question accepts: the owner's list (normalised, without the types never stored), or the defaults
 * when nothing is left of it. A list of only refused types (`["svg"]`) would otherwise refuse every file.
 */
export function acceptedFileTypes(listed: readonly string[] | null | undefined): string[] {
  const types = [...new Set((listed ?? []).map(normalizeFileType))].filter(
    (type) => type !== '' && !NEVER_ACCEPTED_TYPES.has(type),
  );
  return types.length > 0 ? types : [...DEFAULT_ACCEPTED_TYPES];
}

/** How many files a question keeps: `max_files`, one when the owner sets none. */
export function maxFilesOf(settings: Pick<WidgetSettings, 'max_files'>): number {
  return settings.max_files ?? 1;
}
