import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeChoice,
  decodeItemValues,
  decodeMatrixCells,
  decodeMatrixOption,
  decodeScale,
  encodeItemValues,
  encodeMatrixCells,
  encodeMatrixOption,
  encodeMultipleChoice,
  encodeOther,
  encodeScale,
  encodeSingleChoice,
  otherText,
} from './answer-codec';

describe('choice answers (SINGLE / MULTIPLE)', () => {
  it('encodes a single item, other with text, and nothing', () => {
    expect(encodeSingleChoice({ itemId: 1 })).toEqual(['1']);
    expect(encodeSingleChoice({ other: 'typed text' })).toEqual(['others:|:typed text']);
    expect(encodeSingleChoice({ other: '' })).toEqual(['others:|:']);
    expect(encodeSingleChoice(null)).toEqual([]);
  });

  it('encodes multiple ids with "other" last', () => {
    expect(encodeMultipleChoice({ itemIds: [1, 3], other: 'typed text' })).toEqual(['1', '3', 'others:|:typed text']);
    expect(encodeMultipleChoice({ itemIds: [2], other: null })).toEqual(['2']);
    expect(encodeMultipleChoice({ itemIds: [], other: null })).toEqual([]);
  });

  it('decodes ids and other text, tolerating a bare "others", duplicates and junk', () => {
    expect(decodeChoice(['1', '3', 'others:|:typed text'])).toEqual({ itemIds: [1, 3], other: 'typed text' });
    expect(decodeChoice(['others'])).toEqual({ itemIds: [], other: '' });
    expect(decodeChoice(['2', '2', 'x', ''])).toEqual({ itemIds: [2], other: null });
    expect(decodeChoice([])).toEqual({ itemIds: [], other: null });
  });

  it('round-trips any other text, separators included', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 1e6 })),
        fc.option(fc.string(), { nil: null }),
        (itemIds, other) => {
          expect(decodeChoice(encodeMultipleChoice({ itemIds, other }))).toEqual({ itemIds, other });
        },
      ),
    );
    expect(encodeOther('a:|:b')).toBe('others:|:a:|:b');
    expect(decodeChoice(['others:|:a:|:b']).other).toBe('a:|:b');
  });
});

describe('otherText', () => {
  it('reads the typed text of an "other" entry, separators included, and null for anything else', () => {
    expect(otherText('others:|:Mi Perro')).toBe('Mi Perro');
    expect(otherText('others:|:a:|:b')).toBe('a:|:b');
    expect(otherText('others:|:')).toBe('');
    expect(otherText('others')).toBe('');
    expect(otherText('3')).toBeNull();
    expect(otherText('othersX')).toBeNull();
    expect(otherText(' others:|:x')).toBeNull();
  });
});

describe('scale answers', () => {
  it('encodes and decodes one number', () => {
    expect(encodeScale(7)).toEqual(['7']);
    expect(encodeScale(0)).toEqual(['0']);
    expect(encodeScale(2.5)).toEqual(['2.5']);
    expect(encodeScale(null)).toEqual([]);
    expect(decodeScale(['7'])).toBe(7);
    expect(decodeScale(['0'])).toBe(0);
    expect(decodeScale([])).toBeNull();
    expect(decodeScale([''])).toBeNull();
    expect(decodeScale(['seven'])).toBeNull();
  });
});

describe('MATRIX_OPTION', () => {
  it('writes one entry per chosen cell and empty_row for the other rows', () => {
    const answer = new Map([
      [10, [1]],
      [30, [2, 3]],
    ]);
    expect(encodeMatrixOption([10, 20, 30], answer)).toEqual(['10:|:1', '20:|:empty_row', '30:|:2', '30:|:3']);
  });

  it('is [] when no row is answered', () => {
    expect(encodeMatrixOption([10, 20], new Map())).toEqual([]);
    expect(encodeMatrixOption([10, 20], new Map([[10, []]]))).toEqual([]);
  });

  it('only writes the given rows, in their order', () => {
    expect(
      encodeMatrixOption(
        [30, 10],
        new Map([
          [10, [1]],
          [99, [1]],
        ]),
      ),
    ).toEqual(['30:|:empty_row', '10:|:1']);
  });

  it('decodes cells and skips empty_row and junk', () => {
    expect(decodeMatrixOption(['10:|:1', '20:|:empty_row', '30:|:2', '30:|:3', 'junk', '30:|:3'])).toEqual(
      new Map([
        [10, [1]],
        [30, [2, 3]],
      ]),
    );
  });
});

describe('MATRIX_VALUE', () => {
  it('encodes non-empty cells by row then column order', () => {
    const cells = new Map([
      [
        2,
        new Map([
          [8, '5'],
          [7, '4'],
        ]),
      ],
      [1, new Map([[7, '']])],
    ]);
    expect(encodeMatrixCells([1, 2], [7, 8], cells)).toEqual(['2:|:7:|:4', '2:|:8:|:5']);
    expect(encodeMatrixCells([1, 2], [7, 8], new Map())).toEqual([]);
  });

  it('leaves out blank cells, spaces or invisible characters only, and keeps typed text as typed', () => {
    const cells = new Map([
      [
        1,
        new Map([
          [7, '  '],
          [8, '\u200b'],
        ]),
      ],
      [2, new Map([[7, ' a b ']])],
    ]);
    expect(encodeMatrixCells([1, 2], [7, 8], cells)).toEqual(['2:|:7:|: a b ']);
    expect(encodeMatrixCells([1], [7, 8], cells)).toEqual([]);
    expect(
      encodeItemValues(
        [1, 2, 3],
        new Map([
          [1, ' '],
          [2, '\ufeff'],
          [3, '4 '],
        ]),
      ),
    ).toEqual(['3:|:4 ']);
    expect(encodeItemValues([1], new Map([[1, ' ']]))).toEqual([]);
  });

  it('decodes cells, keeping separators inside values', () => {
    expect(decodeMatrixCells(['1:|:7:|:4', '1:|:8:|:a:|:b', 'bad:|:1:|:2', '2:|:7'])).toEqual(
      new Map([
        [
          1,
          new Map([
            [7, '4'],
            [8, 'a:|:b'],
          ]),
        ],
      ]),
    );
  });

  it('encodes and decodes one value per item', () => {
    const values = new Map([
      [5, '3'],
      [4, '1'],
      [6, ''],
    ]);
    expect(encodeItemValues([4, 5, 6], values)).toEqual(['4:|:1', '5:|:3']);
    expect(decodeItemValues(['4:|:1', '5:|:3', '6:|:', 'x:|:1'])).toEqual(
      new Map([
        [4, '1'],
        [5, '3'],
      ]),
    );
  });
});
