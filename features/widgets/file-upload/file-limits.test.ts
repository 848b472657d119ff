import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCEPTED_TYPES } from '@/lib/survey-format/file-types';
import { acceptAttribute, fileLimitsOf, screenFiles, typesText } from './file-limits';

const MB = 1024 * 1024;

describe('fileLimitsOf', () => {
  it("applies the defaults: one file, 10 MB, the server's default types", () => {
    const limits = fileLimitsOf({});
    expect(limits).toEqual({ maxFiles: 1, maxSizeMb: 10, types: DEFAULT_ACCEPTED_TYPES });
    expect(typesText(limits)).toMatch(/^\.pdf, \.png, \.jpg, /);
    expect(acceptAttribute(limits)).toMatch(/^\.pdf,\.png,\.jpg,\.jpeg,\.jpe,\.gif,/);
  });

  it('normalises types with or without the dot, one spelling each, and offers every spelling to the picker', () => {
    const limits = fileLimitsOf({ accepted_types: ['PDF', '.png', ' jpg ', 'pdf', '', 'JPEG'] });
    expect(limits.types).toEqual(['pdf', 'png', 'jpg']);
    expect(typesText(limits)).toBe('.pdf, .png, .jpg');
    expect(acceptAttribute(limits)).toBe('.pdf,.png,.jpg,.jpeg,.jpe');
  });
});

describe('screenFiles', () => {
  const limits = fileLimitsOf({ max_files: 2, max_size_mb: 1, accepted_types: ['pdf'] });

  it('rejects by type, then size, then count', () => {
    const { accepted, rejected } = screenFiles(
      [
        { name: 'a.PDF', size: MB },
        { name: 'b.exe', size: 10 },
        { name: 'c.pdf', size: MB + 1 },
        { name: 'd.pdf', size: 10 },
        { name: 'e.pdf', size: 10 },
      ],
      0,
      limits,
    );
    expect(accepted.map((file) => file.name)).toEqual(['a.PDF', 'd.pdf']);
    expect(rejected).toEqual([
      { name: 'b.exe', reason: 'format' },
      { name: 'c.pdf', reason: 'size' },
      { name: 'e.pdf', reason: 'count' },
    ]);
  });

  it('needs the extension after a dot, and takes the default types when none is set, as the server does', () => {
    expect(screenFiles([{ name: 'pdf', size: 10 }], 0, limits).rejected).toEqual([{ name: 'pdf', reason: 'format' }]);
    const defaults = fileLimitsOf({ max_files: 5 });
    const { accepted, rejected } = screenFiles(
      ['notes.zip', 'clip.mp4', 'page.html', 'cv.DOCX', 'data.csv'].map((name) => ({ name, size: 10 })),
      0,
      defaults,
    );
    expect(accepted.map((file) => file.name)).toEqual(['cv.DOCX', 'data.csv']);
    expect(rejected.map((file) => file.name)).toEqual(['notes.zip', 'clip.mp4', 'page.html']);
  });

  it('takes every spelling of a listed type (photo.jpeg for jpg), and never a type a browser could run', () => {
    const jpg = fileLimitsOf({ max_files: 5, accepted_types: ['jpg', 'tiff', 'svg'] });
    expect(jpg.types).toEqual(['jpg', 'tif']);
    const { accepted } = screenFiles(
      ['photo.jpeg', 'photo.JPE', 'scan.tif', 'scan.tiff', 'logo.svg'].map((name) => ({ name, size: 10 })),
      0,
      jpg,
    );
    expect(accepted.map((file) => file.name)).toEqual(['photo.jpeg', 'photo.JPE', 'scan.tif', 'scan.tiff']);
  });

  it('counts the files already kept', () => {
    const { accepted, rejected } = screenFiles([{ name: 'x.pdf', size: 1 }], 2, limits);
    expect(accepted).toEqual([]);
    expect(rejected).toEqual([{ name: 'x.pdf', reason: 'count' }]);
  });
});
