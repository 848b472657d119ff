import { describe, expect, it } from 'vitest';

import { PNG_BYTES } from '../testing/fixtures';
import { decideFileKind, textCharsetOf } from './file-kind';
import { uploadPolicyOf } from './upload-policy';
import { DEFAULT_ACCEPTED_TYPES } from '@/lib/survey-format/file-types';
import { widgetSchema } from '@/lib/survey-format/widget';

const accept = (...types: string[]) => new Set(types);
const bytes = (text: string) => new TextEncoder().encode(text);
/** `content` a chunk at a time, cut where `cuts` say. */
async function* chunked(content: Uint8Array, ...cuts: number[]): AsyncGenerator<Uint8Array> {
  let from = 0;
  for (const cut of [...cuts, content.byteLength]) {
    yield content.subarray(from, cut);
    from = cut;
  }
}
const charsetOf = (content: Uint8Array) => textCharsetOf(chunked(content));
const decide = (content: Uint8Array, name: string, accepted: Set<string>) =>
  decideFileKind(content.subarray(0, 4100), name, accepted, () => chunked(content));

describe('decideFileKind', () => {
  it('trusts bytes over names, and accepts a name without extension', async () => {
    expect(await decide(PNG_BYTES, 'photo.PNG', accept('png'))).toEqual({ extension: 'png', mime: 'image/png' });
    expect(await decide(PNG_BYTES, 'blob', accept('png'))).toEqual({ extension: 'png', mime: 'image/png' });
    await expect(decide(PNG_BYTES, 'photo.jpg', accept('png', 'jpg'))).rejects.toMatchObject({ code: 'file_format' });
    await expect(decide(PNG_BYTES, 'photo.png', accept('pdf'))).rejects.toMatchObject({ code: 'file_format' });
  });

  it('refuses HTML and SVG whatever the name or the owner list', async () => {
    await expect(decide(bytes('<html><body>hi</body></html>'), 'a.png', accept('png'))).rejects.toMatchObject({
      code: 'file_format',
    });
    await expect(decide(bytes('<html></html>'), 'a.html', accept('html'))).rejects.toMatchObject({
      code: 'file_format',
    });
    await expect(decide(bytes('<?xml version="1.0"?><svg/>'), 'a.svg', accept('svg'))).rejects.toMatchObject({
      code: 'file_format',
    });
  });

  it('accepts text only for text types, and only when its bytes read as text', async () => {
    expect(await decide(bytes('a;b\n1;2\n'), 'x.csv', accept('csv'))).toMatchObject({ extension: 'csv' });
    await expect(decide(bytes('hola'), 'x.txt', accept('csv'))).rejects.toMatchObject({ code: 'file_format' });
    await expect(decide(bytes('hola'), 'x.docx', accept('docx'))).rejects.toMatchObject({ code: 'file_format' });
    await expect(decide(bytes('a\0b'), 'x.txt', accept('txt'))).rejects.toMatchObject({ code: 'file_format' });
  });

  it('stores text in any common encoding, markup included, as the browser accepted it', async () => {
    const pdfOrTxt = accept('pdf', 'txt');
    const windows1252 = new Uint8Array([0x41, 0xf1, 0x6f, 0x20, 0x32, 0x30, 0x32, 0x35]); // "Año 2025"
    expect(await decide(windows1252, 'notas.txt', pdfOrTxt)).toEqual({ extension: 'txt', mime: 'text/plain' });
    for (const [text, name] of [
      ['Ana <ana@example.com>', 'contacto.txt'],
      ['if a<b then b>a', 'math.txt'],
      ['ñandú 3 < 4', 'x.txt'],
    ] as const) {
      expect(await decide(bytes(text), name, pdfOrTxt), name).toEqual({
        extension: 'txt',
        mime: 'text/plain; charset=utf-8',
      });
    }
    // The byte order mark FF FE is what file-type reads as an MPEG audio frame (.mp1).
    const utf16le = new Uint8Array([0xff, 0xfe, ...Buffer.from('Año 2025', 'utf16le')]);
    expect(await decide(utf16le, 'utf16.txt', pdfOrTxt)).toEqual({
      extension: 'txt',
      mime: 'text/plain; charset=utf-16le',
    });
    const utf16be = new Uint8Array([0xfe, 0xff, 0x00, 0x41, 0x00, 0xf1]);
    expect(await decide(utf16be, 'utf16be.txt', pdfOrTxt)).toMatchObject({ mime: 'text/plain; charset=utf-16be' });
  });

  it('stores the text types owners list beside txt and csv', async () => {
    const textTypes = accept('md', 'json', 'log', 'csv');
    expect(await decide(bytes('# Título\n<br> *hola*'), 'notas.md', textTypes)).toEqual({
      extension: 'md',
      mime: 'text/markdown; charset=utf-8',
    });
    expect(await decide(bytes('{"a": "<b>"}'), 'datos.json', textTypes)).toEqual({
      extension: 'json',
      mime: 'application/json; charset=utf-8',
    });
    expect(await decide(bytes('12:00 GET /x?<q>\n'), 'server.log', textTypes)).toEqual({
      extension: 'log',
      mime: 'text/plain; charset=utf-8',
    });
    const windows1252 = new Uint8Array([...bytes('nombre;a'), 0xf1, 0x6f, 0x0a]); // "nombre;año"
    expect(await decide(windows1252, 'datos.csv', textTypes)).toEqual({ extension: 'csv', mime: 'text/csv' });
    // "BM" opens a bitmap for file-type: text is not judged by the signatures it happens to start with.
    expect(await decide(bytes('BMI;edad\n22;30\n'), 'imc.csv', textTypes)).toMatchObject({ extension: 'csv' });
  });

  it('refuses a binary file under a text name, naming what it is', async () => {
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, ...bytes('PE')]);
    await expect(decide(exe, 'notas.txt', accept('txt'))).rejects.toMatchObject({
      code: 'file_format',
      detail: "The file's name says .txt but its content is .exe.",
    });
    await expect(decide(PNG_BYTES, 'notas.txt', accept('txt', 'png'))).rejects.toMatchObject({
      detail: "The file's name says .txt but its content is .png.",
    });
  });

  const samples: Array<[Uint8Array, string | null]> = [
    [bytes('\ufeffhola'), 'utf-8'],
    [bytes('hola, señora'), 'utf-8'],
    [new Uint8Array([0xff, 0xfe, 0x68, 0x00, 0x6f, 0x00]), 'utf-16le'],
    [new Uint8Array([0x61, 0xe9]), ''],
    [new Uint8Array([0xc3, 0x28]), ''],
    [bytes('a\0b'), null],
    [new Uint8Array([0xe9, 0x00]), null],
    // UTF-16 with a cut code unit, a lone surrogate, or a NUL character.
    [new Uint8Array([0xff, 0xfe, 0x41]), null],
    [new Uint8Array([0xff, 0xfe, 0x00, 0xd8]), null],
    [new Uint8Array([0xff, 0xfe, 0x00, 0x00]), null],
    [new Uint8Array(0), 'utf-8'],
  ];

  it('reads the charset of text, or none of bytes that are no text', async () => {
    for (const [content, charset] of samples) expect(await charsetOf(content)).toBe(charset);
  });

  it('reads the same charset however the bytes come in chunks, a mark or a character cut between two', async () => {
    for (const [content, charset] of samples) {
      for (let cut = 0; cut <= content.byteLength; cut += 1) {
        expect(await textCharsetOf(chunked(content, cut))).toBe(charset);
        expect(await textCharsetOf(chunked(content, ...Array.from({ length: content.byteLength }, (_, i) => i)))).toBe(
          charset,
        );
      }
    }
  });

  it('stops reading once the bytes are known to be no text', async () => {
    let read = 0;
    async function* endless(): AsyncGenerator<Uint8Array> {
      for (;;) {
        read += 1;
        yield read === 1 ? bytes('a\0b') : bytes('more');
      }
    }
    expect(await textCharsetOf(endless())).toBeNull();
    expect(read).toBe(1);
  });

  it('accepts an office document whose first bytes only show the zip around it', async () => {
    const zipHead = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new Array(60).fill(0)]);
    expect(await decide(zipHead, 'cv.docx', accept('docx'))).toMatchObject({ extension: 'docx' });
    await expect(decide(zipHead, 'cv.zip', accept('docx'))).rejects.toMatchObject({ code: 'file_format' });
  });
});

describe('upload policy', () => {
  it('reads the widget settings with the format defaults', () => {
    const upload = uploadPolicyOf(
      widgetSchema.parse({ id: 1, subtype: 'other_file_upload', settings: { accepted_types: ['.JPEG', 'pdf'] } }),
    );
    expect(upload).toMatchObject({ maxBytes: 10 * 1024 * 1024, maxFiles: 1, replaces: false });
    expect([...(upload?.accepted ?? [])]).toEqual(['jpg', 'pdf']);
    expect(uploadPolicyOf(widgetSchema.parse({ id: 2, subtype: 'other_signature' }))).toMatchObject({ replaces: true });
    expect(uploadPolicyOf(widgetSchema.parse({ id: 3, subtype: 'freetext_input' }))).toBeNull();
    const defaults = uploadPolicyOf(widgetSchema.parse({ id: 4, subtype: 'other_file_upload' }));
    expect(defaults?.accepted).toEqual(new Set(DEFAULT_ACCEPTED_TYPES));
  });
});
