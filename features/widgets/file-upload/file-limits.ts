import type { WidgetSettings } from '@/lib/survey-format/widget';

/** The limits of an other_file_upload question, with the format's defaults (one file, 10 MB, any type). */
export type FileLimits = {
  maxFiles: number;
  maxSizeMb: number;
  /** Lower-case extensions with their dot (`.pdf`); empty means any type. */
  extensions: string[];
};

export type FileRejection = { name: string; reason: 'format' | 'size' | 'count' };

const BYTES_PER_MB = 1024 * 1024;

/** `"PDF"`, `"pdf"` and `".pdf"` all mean `.pdf`. */
function normaliseExtension(type: string): string {
  const trimmed = type.trim().toLowerCase();
  return trimmed === '' || trimmed.startsWith('.') ? trimmed : `.${trimmed}`;
}

export function fileLimitsOf(settings: WidgetSettings): FileLimits {
  return {
    maxFiles: settings.max_files ?? 1,
    maxSizeMb: settings.max_size_mb ?? 10,
    extensions: [...new Set((settings.accepted_types ?? []).map(normaliseExtension).filter(Boolean))],
  };
}

/** The `accept` attribute: the file picker then offers the allowed types first. */
export function acceptAttribute(limits: FileLimits): string | undefined {
  return limits.extensions.length > 0 ? limits.extensions.join(',') : undefined;
}

function hasAllowedExtension(name: string, extensions: readonly string[]): boolean {
  if (extensions.length === 0) return true;
  const lower = name.toLowerCase();
  return extensions.some((extension) => lower.endsWith(extension));
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
    if (!hasAllowedExtension(file.name, limits.extensions)) {
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
