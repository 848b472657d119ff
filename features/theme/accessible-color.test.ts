import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AA_CONTRAST, accessiblePrimary, contrast, parseColor } from './accessible-color';

describe('parseColor', () => {
  it('reads hex and rgb(), and leaves other syntax alone', () => {
    expect(parseColor('#1876FA')).toEqual([24, 118, 250]);
    expect(parseColor('#fff')).toEqual([255, 255, 255]);
    expect(parseColor('rgb(1, 2, 3)')).toEqual([1, 2, 3]);
    expect(parseColor('rebeccapurple')).toBeNull();
    expect(parseColor('rgb(300, 0, 0)')).toBeNull();
  });
});

describe('accessiblePrimary', () => {
  it("darkens the spec's default blue just enough for white text and white surroundings", () => {
    expect(contrast(parseColor('#1876FA')!, parseColor('#fff')!)).toBeLessThan(AA_CONTRAST);
    const drawn = accessiblePrimary('#1876FA', '#ffffff', '#ffffff');
    expect(drawn).not.toBe('#1876FA');
    expect(contrast(parseColor(drawn)!, parseColor('#fff')!)).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(contrast(parseColor(drawn)!, parseColor('#fff')!)).toBeLessThan(5.2);
  });

  it('keeps a colour that already reaches AA, a light palette with dark text, and colours it cannot read', () => {
    expect(accessiblePrimary('#0f766e', '#ffffff', '#ffffff')).toBe('#0f766e');
    expect(accessiblePrimary('#ffd523', '#000000', '#ffffff')).toBe('#ffd523');
    expect(accessiblePrimary('teal', '#ffffff', '#ffffff')).toBe('teal');
  });

  it('always reaches AA for light text on any colour it can read', () => {
    fc.assert(
      fc.property(fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)), (rgb) => {
        const hex = `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
        const drawn = parseColor(accessiblePrimary(hex, '#ffffff', '#ffffff'))!;
        expect(contrast(drawn, [255, 255, 255])).toBeGreaterThanOrEqual(AA_CONTRAST);
      }),
    );
  });
});
