import { describe, expect, it } from 'vitest';

import {
  acceptedFileTypes,
  DEFAULT_ACCEPTED_TYPES,
  fileTypeOfName,
  maxFilesOf,
  NEVER_ACCEPTED_TYPES,
  normalizeFileType,
  spellingsOf,
  TEXT_FILE_TYPES,
} from './file-types';

describe('file types', () => {
  it('gives one spelling per type', () => {
    expect(normalizeFileType('.JPEG')).toBe('jpg');
    expect(normalizeFileType(' jpe ')).toBe('jpg');
    expect(normalizeFileType('.TIFF')).toBe('tif');
    expect(normalizeFileType('PDF')).toBe('pdf');
  });

  it("reads a name's type from its last extension, none without a dot", () => {
    expect(fileTypeOfName('Photo.Final.JPEG')).toBe('jpg');
    expect(fileTypeOfName('blob')).toBe('');
    expect(fileTypeOfName('.bashrc')).toBe('');
  });

  it('takes the owner list, else the defaults, never a type a browser could run', () => {
    expect(acceptedFileTypes(['.PDF', 'jpeg', 'jpg', '', 'html'])).toEqual(['pdf', 'jpg']);
    expect(acceptedFileTypes([])).toEqual(DEFAULT_ACCEPTED_TYPES);
    expect(acceptedFileTypes(undefined)).toEqual(DEFAULT_ACCEPTED_TYPES);
    expect(DEFAULT_ACCEPTED_TYPES).not.toContain('zip');
  });

  it('takes the defaults when the owner lists only types a browser could run', () => {
    expect(acceptedFileTypes(['svg'])).toEqual(DEFAULT_ACCEPTED_TYPES);
    expect(acceptedFileTypes(['.HTML', 'js'])).toEqual(DEFAULT_ACCEPTED_TYPES);
  });

  it('allows one file unless max_files says otherwise', () => {
    expect(maxFilesOf({})).toBe(1);
    expect(maxFilesOf({ max_files: 3 })).toBe(3);
  });

  it('lists every spelling of the types', () => {
    expect(spellingsOf(['pdf', 'jpg', 'tif'])).toEqual(['pdf', 'jpg', 'jpeg', 'jpe', 'tif', 'tiff']);
  });

  it('knows the text types owners list, none a browser could run', () => {
    expect(Object.keys(TEXT_FILE_TYPES)).toEqual(expect.arrayContaining(['txt', 'csv', 'md', 'json', 'log']));
    expect(Object.keys(TEXT_FILE_TYPES).filter((type) => NEVER_ACCEPTED_TYPES.has(type))).toEqual([]);
    expect(acceptedFileTypes(['md', 'json', 'log', 'csv'])).toEqual(['md', 'json', 'log', 'csv']);
  });
});
