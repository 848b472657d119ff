import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contrast, mix, parseColor } from '@/lib/color/contrast';
import { AA_CONTRAST, accessiblePrimary, CARD_TINTS, drawnArea, readableText } from './accessible-color';

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
    expect(accessiblePrimary('currentcolor', '#ffffff', '#ffffff')).toBe('currentcolor');
    // A named colour is read as the browser draws it: yellow under white text is darkened.
    expect(accessiblePrimary('yellow', '#ffffff', '#ffffff')).not.toBe('yellow');
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

const hexColor = fc
  .tuple(fc.nat(255), fc.nat(255), fc.nat(255))
  .map((rgb) => `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`);

describe('readableText', () => {
  it('reaches AA on the survey area and on every tinted question card, for any pair of colours', () => {
    fc.assert(
      fc.property(hexColor, hexColor, hexColor, (ink, area, primaryPick) => {
        const primary = accessiblePrimary(primaryPick, '#ffffff', area);
        const drawn = parseColor(readableText(ink, area, primary))!;
        const surfaces = [0, ...CARD_TINTS].map((share) => mix(parseColor(area)!, parseColor(primary)!, share));
        const readableWith = (candidate: readonly [number, number, number]) =>
          surfaces.every((surface) => contrast(candidate, surface) >= AA_CONTRAST);
        // Only where some colour can be read at all: black or white.
        if (readableWith([0, 0, 0]) || readableWith([255, 255, 255])) expect(readableWith(drawn)).toBe(true);
      }),
    );
  });

  it('keeps a readable colour as written and leaves syntax it cannot read alone', () => {
    expect(readableText('#222222', '#ffffff', '#1771F0')).toBe('#222222');
    expect(readableText('currentcolor', '#ffffff', '#1771F0')).toBe('currentcolor');
    expect(readableText('dimgray', '#ffffff', '#1771F0')).toBe('dimgray');
  });

  it('lightens text on a dark area', () => {
    const drawn = parseColor(readableText('#333333', '#101010', '#1771F0'))!;
    expect(drawn[0]).toBeGreaterThan(0x33);
  });
});

describe('drawnArea', () => {
  it('is the area at its opacity over the background', () => {
    expect(drawnArea('#ffffff', '#000000', 0.2)).toBe('#333333');
    expect(drawnArea('#ffffff', '#000000', 1)).toBe('#ffffff');
  });
});
