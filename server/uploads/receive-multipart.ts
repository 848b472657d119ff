import 'server-only';

import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';

import busboy from 'busboy';

import { ApiError, badRequest } from '../http/api-error';
import { SNIFF_BYTES } from './file-kind';

export interface ReceivedFile {
  /** The client's name, reduced to a safe display name. */
  name: string;
  size: number;
  /** First bytes, for type detection. */
  head: Buffer;
  /** True when the file went past `maxBytes` and was cut. */
  truncated: boolean;
}

export interface ReceivedMultipart {
  fields: Record<string, string>;
  file: ReceivedFile | null;
}

const MAX_FIELDS = 10;
const MAX_FIELD_BYTES = 1024;
const MAX_NAME_LENGTH = 200;

/** Keeps the last path segment, drops control characters, bounds the length. */
export function safeFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(-MAX_NAME_LENGTH);
  return clean === '' || clean === '.' || clean === '..' ? 'file' : clean;
}

/** Room for the multipart framing and the text fields around a file of the largest allowed size. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Streams a multipart body: text fields into memory (small, bounded), the single file part to `targetPath`
 * while keeping its first bytes. A body whose `Content-Length` already says it is too large is refused (413) before
 * a byte is read; a body that turns out too large while streaming (no length given, or a false one) stops being
 * read at `maxBytes`: the file comes back `truncated`, which the caller answers with 413. Parts may come in any
 * order.
 */
export async function receiveMultipart(
  request: Request,
  targetPath: string,
  maxBytes: number,
): Promise<ReceivedMultipart> {
  const contentType = request.headers.get('content-type');
  if (request.body === null || contentType === null || !contentType.toLowerCase().startsWith('multipart/form-data')) {
    throw badRequest('invalid_multipart', 'Send the upload as multipart/form-data.');
  }
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD_BYTES) {
    throw new ApiError(413, 'file_size', `The upload is larger than the ${maxBytes} bytes any question here accepts.`);
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + 1, fileSize: maxBytes },
    });
  } catch {
    throw badRequest('invalid_multipart', 'The multipart body has no valid boundary.');
  }

  const source = Readable.fromWeb(request.body as NodeWebReadableStream<Uint8Array>);
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  let fileWritten: Promise<void> | null = null;
  let tooMany = false;

  parser.on('field', (name, value, info) => {
    if (info.valueTruncated) tooMany = true;
    else fields[name] = value;
  });
  parser.on('file', (name, stream, info) => {
    if (name !== 'file' || file !== null) {
      stream.resume();
      return;
    }
    const received: ReceivedFile = {
      name: safeFileName(info.filename),
      size: 0,
      head: Buffer.alloc(0),
      truncated: false,
    };
    file = received;
    const chunks: Buffer[] = [];
    let headLength = 0;
    stream.on('data', (chunk: Buffer) => {
      received.size += chunk.length;
      if (headLength < SNIFF_BYTES) {
        chunks.push(chunk);
        headLength += chunk.length;
      }
    });
    stream.on('limit', () => {
      received.truncated = true;
      // Nothing after the cap is wanted: stop reading the body instead of draining it to its end.
      source.destroy();
    });
    stream.on('end', () => {
      received.head = Buffer.concat(chunks).subarray(0, SNIFF_BYTES);
    });
    fileWritten = pipeline(stream, createWriteStream(targetPath, { mode: 0o600 }));
  });
  for (const event of ['filesLimit', 'fieldsLimit', 'partsLimit'] as const) {
    parser.on(event, () => {
      tooMany = true;
    });
  }

  try {
    await pipeline(source, parser);
    await fileWritten;
  } catch {
    // The file write fails with the body it was cut from; that is known, not an error of its own.
    void (fileWritten as Promise<void> | null)?.catch(() => undefined);
    const cut = file as ReceivedFile | null;
    if (cut?.truncated) return { fields, file: cut };
    throw badRequest('invalid_multipart', 'The multipart body could not be read.');
  }
  if (tooMany) throw badRequest('invalid_multipart', 'The multipart body has too many or too large parts.');
  return { fields, file };
}
