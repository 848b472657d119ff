import 'server-only';

import { fileTypeFromBuffer } from 'file-type';

import {
  fileTypeOfName,
  NEVER_ACCEPTED_TYPES,
  normalizeFileType,
  TEXT_FILE_TYPES,
} from '@/lib/survey-format/file-types';

import { badRequest } from '../http/api-error';

/** Bytes file-type needs to recognise every format it knows. */
export const SNIFF_BYTES = 4100;

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

/** Byte order marks, by the encoding they open. */
const BYTE_ORDER_MARKS: readonly (readonly [encoding: string, mark: readonly number[]])[] = [
  ['utf-8', [0xef, 0xbb, 0xbf]],
  ['utf-16le', [0xff, 0xfe]],
  ['utf-16be', [0xfe, 0xff]],
];

export interface FileKind {
  extension: string;
  mime: string;
}

function formatError(detail: string) {
  return badRequest('file_format', detail);
}

/** The encoding a byte order mark at the start of `head` names, if any. */
function markedEncoding(head: Uint8Array): string | undefined {
  return BYTE_ORDER_MARKS.find(([, mark]) => mark.every((byte, index) => head[index] === byte))?.[0];
}

/** Bytes a byte order mark takes at most: what is gathered before the encoding is decided. */
const LONGEST_MARK = Math.max(...BYTE_ORDER_MARKS.map(([, mark]) => mark.length));

/**
 * The charset of bytes that read as text: the one their byte order mark names, else `utf-8` when they are valid
 * UTF-8, else `""` for an 8-bit encoding (Windows-1252, ISO-8859-…), which no byte names. Null when they are no
 * text: they do not decode, or hold a NUL, which no text has and every binary format's header does. Read a chunk at
 * a time, so a file of any size is never held whole, and no further than the answer is known.
 */
export async function textCharsetOf(chunks: AsyncIterable<Uint8Array>): Promise<string | null> {
  let head = new Uint8Array(0);
  let encoding: string | undefined;
  let decoder: TextDecoder | undefined;
  let decodes = true;
  let holdsNul = false;
  let holdsZeroByte = false;
  const take = (bytes: Uint8Array) => {
    if (bytes.includes(0)) holdsZeroByte = true;
    if (!decodes || decoder === undefined) return;
    try {
      if (decoder.decode(bytes, { stream: true }).includes('\0')) holdsNul = true;
    } catch {
      decodes = false;
    }
  };
  const start = (): TextDecoder => {
    encoding = markedEncoding(head);
    decoder = new TextDecoder(encoding ?? 'utf-8', { fatal: true });
    take(head);
    return decoder;
  };
  // Known once it is no text: a NUL decoded, or bytes that do not decode in an encoding a mark or a zero byte decides.
  const settled = () => holdsNul || (!decodes && (encoding !== undefined || holdsZeroByte));
  for await (const chunk of chunks) {
    if (decoder === undefined) {
      const joined = new Uint8Array(head.byteLength + chunk.byteLength);
      joined.set(head);
      joined.set(chunk, head.byteLength);
      head = joined;
      if (head.byteLength >= LONGEST_MARK) start();
    } else take(chunk);
    if (settled()) return null;
  }
  const last = decoder ?? start();
  if (decodes) {
    try {
      if (last.decode().includes('\0')) holdsNul = true;
    } catch {
      decodes = false;
    }
  }
  if (decodes) return holdsNul ? null : (encoding ?? 'utf-8');
  return encoding === undefined && !holdsZeroByte ? '' : null;
}

/**
 * Decides a file's type from its bytes, never from its name alone. The name's extension (if any) must agree
 * with the bytes, and the type must be one the question accepts. `readChunks` (the whole file, a chunk at a time) is
 * called only for text candidates.
 */
export async function decideFileKind(
  head: Uint8Array,
  fileName: string,
  accepted: ReadonlySet<string>,
  readChunks: () => AsyncIterable<Uint8Array>,
): Promise<FileKind> {
  const claimed = fileTypeOfName(fileName);
  if (NEVER_ACCEPTED_TYPES.has(claimed)) throw formatError(`Files of type .${claimed} are not accepted.`);
  const allowed = (extension: string) => accepted.has(extension) && !NEVER_ACCEPTED_TYPES.has(extension);

  // Text is decided before the sniff, which takes openings text may have for signatures (`BM` a bitmap, the UTF-16
  // byte order mark an MPEG frame); a real binary under a text name holds a NUL, and the sniff then names it.
  const textMime = TEXT_FILE_TYPES[claimed];
  if (textMime !== undefined && allowed(claimed)) {
    const charset = await textCharsetOf(readChunks());
    if (charset !== null) {
      return { extension: claimed, mime: charset === '' ? textMime : `${textMime}; charset=${charset}` };
    }
  }

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

  throw formatError(
    claimed === '' ? 'The file type could not be recognised.' : `The file's content is not a valid .${claimed} file.`,
  );
}
