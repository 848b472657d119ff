import { describe, expect, it } from 'vitest';
import { contrast, luminance, mix, parseColor } from './contrast';

const WHITE = [255, 255, 255] as const;
const BLACK = [0, 0, 0] as const;

describe('parseColor', () => {
  it('reads hex and rgb(), and leaves other syntax alone', () => {
    expect(parseColor('#1876FA')).toEqual([24, 118, 250]);
    expect(parseColor('#fff')).toEqual([255, 255, 255]);
    expect(parseColor(' RGB(1 2 3) ')).toEqual([1, 2, 3]);
    expect(parseColor('rgb(1, 2, 3)')).toEqual([1, 2, 3]);
    expect(parseColor('rgb(300, 0, 0)')).toBeNull();
    expect(parseColor('#12345')).toBeNull();
    expect(parseColor('currentcolor')).toBeNull();
  });

  it('reads what else a theme may write, opaque: named colours, hsl(), an alpha of 1', () => {
    expect(parseColor('Yellow')).toEqual([255, 255, 0]);
    expect(parseColor('rebeccapurple')).toEqual([102, 51, 153]);
    expect(parseColor('#f0ff')).toEqual([255, 0, 255]);
    expect(parseColor('#1876faff')).toEqual([24, 118, 250]);
    expect(parseColor('rgba(24, 118, 250, 1)')).toEqual([24, 118, 250]);
    expect(parseColor('rgb(24 118 250 / 100%)')).toEqual([24, 118, 250]);
    expect(parseColor('hsl(0, 100%, 50%)')).toEqual([255, 0, 0]);
    expect(parseColor('hsl(120deg 100% 25%)')).toEqual([0, 128, 0]);
    // Seen through: what it looks like depends on the ground.
    expect(parseColor('rgba(0, 0, 0, 0.5)')).toBeNull();
    expect(parseColor('#0008')).toBeNull();
  });
});

describe('luminance', () => {
  it('runs from 0 for black to 1 for white, green weighing most', () => {
    expect(luminance(BLACK)).toBe(0);
    expect(luminance(WHITE)).toBeCloseTo(1, 10);
    expect(luminance([0, 255, 0])).toBeCloseTo(0.7152, 10);
    // Below the sRGB knee the curve is linear.
    expect(luminance([10, 10, 10])).toBeCloseTo(10 / 255 / 12.92, 10);
  });
});

describe('contrast', () => {
  it('gives the known WCAG ratios, whichever colour comes first', () => {
    expect(contrast(BLACK, WHITE)).toBeCloseTo(21, 10);
    expect(contrast(WHITE, BLACK)).toBeCloseTo(21, 10);
    expect(contrast(WHITE, WHITE)).toBe(1);
    // #777 on white is the classic grey just short of AA's 4.5:1.
    expect(contrast(parseColor('#777777')!, WHITE)).toBeCloseTo(4.48, 2);
    expect(contrast(parseColor('#767676')!, WHITE)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('mix', () => {
  it('moves each channel `share` of the way from the first colour to the second', () => {
    expect(mix(WHITE, BLACK, 0)).toEqual(WHITE);
    expect(mix(WHITE, BLACK, 1)).toEqual(BLACK);
    expect(mix(WHITE, [0, 100, 200], 0.2)).toEqual([204, 224, 244]);
  });
});
