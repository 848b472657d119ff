import { describe, expect, it } from 'vitest';

import { PNG_BYTES } from '../testing/fixtures';
import { decideFileKind, isPlainText } from './file-kind';
import { uploadPolicyOf } from './upload-policy';
import { DEFAULT_ACCEPTED_TYPES } from '@/lib/survey-format/file-types';
import { widgetSchema } from '@/lib/survey-format/widget';

const accept = (...types: string[]) => new Set(types);
const bytes = (text: string) => new TextEncoder().encode(text);
const decide = (content: Uint8Array, name: string, accepted: Set<string>) =>
  decideFileKind(content.subarray(0, 4100), name, accepted, async () => content);

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

  it('accepts UTF-8 text only for text types, without NUL or markup', async () => {
    expect(await decide(bytes('a;b\n1;2\n'), 'x.csv', accept('csv'))).toMatchObject({ extension: 'csv' });
    expect(await decide(bytes('ñandú 3 < 4'), 'x.txt', accept('txt'))).toMatchObject({ extension: 'txt' });
    await expect(decide(bytes('hola'), 'x.txt', accept('csv'))).rejects.toMatchObject({ code: 'file_format' });
    await expect(decide(bytes('hola'), 'x.docx', accept('docx'))).rejects.toMatchObject({ code: 'file_format' });
    expect(isPlainText(bytes('a\0b'))).toBe(false);
    expect(isPlainText(new Uint8Array([0xc3, 0x28]))).toBe(false);
    expect(isPlainText(bytes('x</script>'))).toBe(false);
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
