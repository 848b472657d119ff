import { readFileSync } from 'node:fs';
import { generate, parse, walk, type Atrule, type Rule } from 'css-tree';
import { describe, expect, it } from 'vitest';

const PHONE = '(max-width:959px)';

/**
 * The declarations of `selector` in survey.module.css, at every width (`media` null) or in that media query alone:
 * what no jsdom render can show (it applies neither the stylesheet nor media queries).
 */
function declarations(selector: string, media: string | null): Record<string, string> {
  const sheet = parse(readFileSync(new URL('./survey.module.css', import.meta.url), 'utf8'));
  const found: Record<string, string> = {};
  walk(sheet, {
    visit: 'Rule',
    enter(this: { atrule: Atrule | null }, rule: Rule) {
      const ruleMedia = this.atrule?.prelude ? generate(this.atrule.prelude) : null;
      if (ruleMedia !== media || !generate(rule.prelude).split(',').includes(selector)) return;
      walk(rule.block, {
        visit: 'Declaration',
        enter(declaration) {
          found[declaration.property] = generate(declaration.value);
        },
      });
    },
  });
  return found;
}

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
