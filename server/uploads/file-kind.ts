import 'server-only';

import { fileTypeFromBuffer } from 'file-type';

import { fileTypeOfName, NEVER_ACCEPTED_TYPES, normalizeFileType } from '@/lib/survey-format/file-types';

import { badRequest } from '../http/api-error';

/** Bytes file-type needs to recognise every format it knows. */
export const SNIFF_BYTES = 4100;

/** Plain-text formats accepted on content checks, since no magic number identifies them. */
const TEXT_TYPES: Readonly<Record<string, string>> = {
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  tsv: 'text/tab-separated-values; charset=utf-8',
};

/**
 * Formats that are containers of another: from its first 4100 bytes file-type may only see the zip (OOXML,
 * ODF) or the compound file (legacy Office) around a document. The claimed extension then decides.
 */
const CONTAINED_IN: Readonly<Record<string, string>> = {
  docx: 'zip',
  xlsx: 'zip',
  pptx: 'zip',
  odt: 'zip',
  ods: 'zip',
  odp: 'zip',
  doc: 'cfb',
  xls: 'cfb',
  ppt: 'cfb',
};

const MIME_OF_CONTAINED: Readonly<Record<string, string>> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

/** Markup openers (`<a`, `</`, `<!`, `<?`): a "text" file carrying them could be HTML in disguise. */
const MARKUP = /<\s*[a-z!?/]/i;

export interface FileKind {
  extension: string;
  mime: string;
}

function formatError(detail: string) {
  return badRequest('file_format', detail);
}

/** Valid UTF-8 with no NUL byte and no markup. */
export function isPlainText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  return !text.includes('\0') && !MARKUP.test(text);
}

/**
 * Decides a file's type from its bytes, never from its name alone. The name's extension (if any) must agree
 * with the bytes, and the type must be one the question accepts. `readAll` is called only for text candidates.
 */
export async function decideFileKind(
  head: Uint8Array,
  fileName: string,
  accepted: ReadonlySet<string>,
  readAll: () => Promise<Uint8Array>,
): Promise<FileKind> {
  const claimed = fileTypeOfName(fileName);
  if (NEVER_ACCEPTED_TYPES.has(claimed)) throw formatError(`Files of type .${claimed} are not accepted.`);
  const allowed = (extension: string) => accepted.has(extension) && !NEVER_ACCEPTED_TYPES.has(extension);

  const detected = await fileTypeFromBuffer(head);
  if (detected !== undefined) {
    const found = normalizeFileType(detected.ext);
    if (claimed !== '' && claimed !== found) {
      if (CONTAINED_IN[claimed] === found && allowed(claimed)) {
        return { extension: claimed, mime: MIME_OF_CONTAINED[claimed] ?? detected.mime };
      }
      throw formatError(`The file's name says .${claimed} but its content is .${found}.`);
    }
    if (!allowed(found)) throw formatError(`Files of type .${found} are not accepted here.`);
    return { extension: found, mime: detected.mime };
  }

  const textMime = TEXT_TYPES[claimed];
  if (textMime !== undefined && allowed(claimed) && isPlainText(await readAll())) {
    return { extension: claimed, mime: textMime };
  }
  throw formatError(
    claimed === '' ? 'The file type could not be recognised.' : `The file's content is not a valid .${claimed} file.`,
  );
}
