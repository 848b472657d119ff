import { describe, expect, it } from 'vitest';
import { cssDeclarations } from '@/test/css-declarations';

const PHONE = '(max-width:959px)';

/** The declarations of `selector` in survey.module.css, at every width (`media` null) or in that media query alone. */
const declarations = (selector: string, media: string | null) =>
  cssDeclarations(new URL('./survey.module.css', import.meta.url), selector, media);

describe('survey.module.css', () => {
  it('stacks the page buttons on a phone in the order of the page (Back, Answer later, Next)', () => {
    expect(declarations('.nav', PHONE)['flex-direction']).toBe('column');
    expect(declarations('.navGroup', PHONE)['flex-direction']).toBe('column');
  });

  it('gives a simple question’s error border room from the text', () => {
    expect(declarations('.styleSimple.questionInvalid', null)['padding-inline']).toBe('12px');
  });

  it('keeps the logo’s row at the logo’s greatest height before the picture loads, and never scales a logo up', () => {
    expect(declarations('.headerTop:has(>.logo)', null)).toMatchObject({ 'min-block-size': '64px' });
    expect(declarations('.logo', null)).toMatchObject({ 'max-height': '64px', 'max-width': '200px' });
    expect(declarations('.logo', null)).not.toHaveProperty('height');
  });

  it('hides a page’s own background picture on a phone with the mobile alignment hidden', () => {
    expect(declarations('.mobileHidden .pageBackground', PHONE).display).toBe('none');
  });
});
