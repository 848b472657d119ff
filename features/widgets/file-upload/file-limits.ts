import { acceptedFileTypes, fileTypeOfName, maxFilesOf, spellingsOf } from '@/lib/survey-format/file-types';
import type { WidgetSettings } from '@/lib/survey-format/widget';

/**
 * The limits of an other_file_upload question, with the format's defaults (one file, 10 MB, the default types of
 * file-types.ts, the server's table).
 */
export type FileLimits = {
  maxFiles: number;
  maxSizeMb: number;
  /** The accepted types, one spelling each, without the dot (`pdf`, `jpg`). */
  types: string[];
};

export type FileRejection = { name: string; reason: 'format' | 'size' | 'count' };

const BYTES_PER_MB = 1024 * 1024;

export function fileLimitsOf(settings: WidgetSettings): FileLimits {
  return {
    maxFiles: maxFilesOf(settings),
    maxSizeMb: settings.max_size_mb ?? 10,
    types: acceptedFileTypes(settings.accepted_types),
  };
}

/** The `accept` attribute, with every spelling (`.jpg,.jpeg,.jpe`): the file picker then offers the allowed types first. */
export function acceptAttribute(limits: FileLimits): string {
  return spellingsOf(limits.types)
    .map((type) => `.${type}`)
    .join(',');
}

/** The accepted types as the invalid-format message lists them: `.pdf, .jpg`. */
export function typesText(limits: FileLimits): string {
  return limits.types.map((type) => `.${type}`).join(', ');
}

/**
 * Splits chosen files into those that may be uploaded and those that break a limit, checked in the order a
 * respondent can fix them: type, then size, then how many fit beside the `alreadyCount` files kept.
 */
export function screenFiles<F extends { name: string; size: number }>(
  files: readonly F[],
  alreadyCount: number,
  limits: FileLimits,
): { accepted: F[]; rejected: FileRejection[] } {
  const accepted: F[] = [];
  const rejected: FileRejection[] = [];
  for (const file of files) {
    if (!limits.types.includes(fileTypeOfName(file.name))) {
      rejected.push({ name: file.name, reason: 'format' });
    } else if (file.size > limits.maxSizeMb * BYTES_PER_MB) {
      rejected.push({ name: file.name, reason: 'size' });
    } else if (alreadyCount + accepted.length >= limits.maxFiles) {
      rejected.push({ name: file.name, reason: 'count' });
    } else {
      accepted.push(file);
    }
  }
  return { accepted, rejected };
}
