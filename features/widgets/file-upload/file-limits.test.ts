import { describe, expect, it } from 'vitest';
import { acceptAttribute, fileLimitsOf, screenFiles } from './file-limits';

const MB = 1024 * 1024;

describe('fileLimitsOf', () => {
  it('applies the defaults: one file, 10 MB, any type', () => {
    const limits = fileLimitsOf({});
    expect(limits).toEqual({ maxFiles: 1, maxSizeMb: 10, extensions: [] });
    expect(acceptAttribute(limits)).toBeUndefined();
  });

  it('normalises extensions with or without the dot', () => {
    const limits = fileLimitsOf({ accepted_types: ['PDF', '.png', ' jpg ', 'pdf', ''] });
    expect(limits.extensions).toEqual(['.pdf', '.png', '.jpg']);
    expect(acceptAttribute(limits)).toBe('.pdf,.png,.jpg');
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

  it('needs the extension after a dot, and takes any type when none is set', () => {
    expect(screenFiles([{ name: 'pdf', size: 10 }], 0, limits).rejected).toEqual([{ name: 'pdf', reason: 'format' }]);
    expect(screenFiles([{ name: 'anything.bin', size: 10 }], 0, fileLimitsOf({})).accepted).toEqual([
      { name: 'anything.bin', size: 10 },
    ]);
  });

  it('counts the files already kept', () => {
    const { accepted, rejected } = screenFiles([{ name: 'x.pdf', size: 1 }], 2, limits);
    expect(accepted).toEqual([]);
    expect(rejected).toEqual([{ name: 'x.pdf', reason: 'count' }]);
  });
});
