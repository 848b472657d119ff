import { acceptedFileTypes } from '@/lib/survey-format/file-types';
import type { Widget } from '@/lib/survey-format/widget';
import { storesFiles } from '@/lib/survey-format/widget-kinds';

const MB = 1024 * 1024;
const DEFAULT_MAX_SIZE_MB = 10;
const DEFAULT_MAX_FILES = 1;
const SIGNATURE_MAX_SIZE_MB = 2;

/** A signature is the pad's raster export. */
const SIGNATURE_ACCEPTED = ['png', 'jpg'];

export interface UploadPolicy {
  maxBytes: number;
  /** Files a response may keep for this question; a signature has one, replaced on each new upload. */
  maxFiles: number;
  replaces: boolean;
  accepted: ReadonlySet<string>;
}

/** The limits of a question that takes files, or null for any other widget. */
export function uploadPolicyOf(widget: Widget): UploadPolicy | null {
  // Which questions take files is the subtype table's (storesFiles); a signature is the one that replaces its file.
  if (!storesFiles(widget.subtype)) return null;
  if (widget.subtype === 'other_signature') {
    return {
      maxBytes: SIGNATURE_MAX_SIZE_MB * MB,
      maxFiles: 1,
      replaces: true,
      accepted: new Set(SIGNATURE_ACCEPTED),
    };
  }
  return {
    maxBytes: Math.floor((widget.settings.max_size_mb ?? DEFAULT_MAX_SIZE_MB) * MB),
    maxFiles: widget.settings.max_files ?? DEFAULT_MAX_FILES,
    replaces: false,
    // The browser checks names against the same table (file-types.ts), so both refuse the same files.
    accepted: new Set(acceptedFileTypes(widget.settings.accepted_types)),
  };
}
