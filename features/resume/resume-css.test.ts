import { readFileSync } from 'node:fs';
import { find, generate, parse } from 'css-tree';
import { describe, expect, it } from 'vitest';

describe('resume.module.css', () => {
  // What no jsdom render can show: it applies no stylesheet.
  it('lets the summary’s questions and answers shrink to the screen, their long words wrapping', () => {
    const sheet = parse(readFileSync(new URL('./resume.module.css', import.meta.url), 'utf8'));
    const items = find(sheet, (node) => node.type === 'Rule' && generate(node.prelude) === '.summary>*');
    expect(items && generate(items)).toContain('min-width:0');
  });
});
