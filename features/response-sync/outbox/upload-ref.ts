import type { Content } from '@/lib/survey-format/content';

/**
 * A file picked on this device is part of the answer at once, before the server has stored it: the answer holds
 * `local-upload:<uploadKey>` until the upload is acknowledged, then the server's upload id. So a file picked
 * offline survives a reload (the answer is in localStorage, the bytes in IndexedDB) and counts for validation.
 * No server id can look like it: server ids are letters and digits.
 */
const LOCAL_UPLOAD_PREFIX = 'local-upload:';

export function localUploadRef(uploadKey: string): string {
  return `${LOCAL_UPLOAD_PREFIX}${uploadKey}`;
}

/** The upload key of a local reference, or `null` for any other value. */
export function uploadKeyOf(value: string): string | null {
  return value.startsWith(LOCAL_UPLOAD_PREFIX) ? value.slice(LOCAL_UPLOAD_PREFIX.length) : null;
}

/**
 * `content` with every local reference replaced by what `resolve` says: the server's id, or `null` to drop it
 * (never stored, or refused). Returns the same object when nothing refers to a local upload.
 */
export function resolveUploadRefs(content: Content, resolve: (uploadKey: string) => string | null): Content {
  let changed = false;
  const out: Content = {};
  for (const [key, answer] of Object.entries(content)) {
    if (!answer.some((value) => uploadKeyOf(value) !== null)) {
      out[key] = answer;
      continue;
    }
    changed = true;
    out[key] = answer.flatMap((value) => {
      const uploadKey = uploadKeyOf(value);
      if (uploadKey === null) return [value];
      const id = resolve(uploadKey);
      return id === null ? [] : [id];
    });
  }
  return changed ? out : content;
}
