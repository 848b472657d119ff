import type { WidgetSettings } from '@/lib/survey-format/widget';
import type { ValidationIssue } from './validation-issue';

/** What the upload check needs of a picked file (a browser `File` fits). */
export type PickedFile = { name: string; size: number };

/** `"pdf"`, `".PDF"` and `" Pdf "` all mean the extension `pdf`. */
function normalizeExtension(type: string): string {
  return type.trim().replace(/^\./, '').toLowerCase();
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * Checks one file before it is uploaded, against `accepted_types` (extensions; empty or absent = any) and
 * `max_size_mb` (MiB, as upload limits are usually meant). The server checks again; this saves a useless upload.
 */
export function validateFile(
  file: PickedFile,
  settings: Pick<WidgetSettings, 'accepted_types' | 'max_size_mb'>,
): ValidationIssue | null {
  const accepted = (settings.accepted_types ?? []).map(normalizeExtension).filter((type) => type !== '');
  if (accepted.length > 0 && !accepted.includes(extensionOf(file.name))) {
    return { key: 'file_format', values: { types: accepted.join(', ') } };
  }
  const maxMb = settings.max_size_mb;
  if (maxMb !== undefined && file.size > maxMb * 1024 * 1024) {
    return { key: 'file_size', values: { size: maxMb } };
  }
  return null;
}

/**
 * Checks adding `adding` files to `current` uploads against `max_files`, so the picker can refuse before
 * uploading; `validateAnswer` checks the saved answer the same way.
 */
export function validateFileCount(
  current: number,
  adding: number,
  settings: Pick<WidgetSettings, 'max_files'>,
): ValidationIssue | null {
  const max = settings.max_files;
  if (max !== undefined && current + adding > max) return { key: 'file_count', values: { count: max } };
  return null;
}
