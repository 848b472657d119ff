import { readFileSync } from 'node:fs';
import { find, generate, parse } from 'css-tree';
import { describe, expect, it } from 'vitest';

describe('message-screen.module.css', () => {
  // What no jsdom render can show: it applies no stylesheet.
  it('wraps an owner’s long word (end, closed or summary text) rather than clipping it on a phone', () => {
    const sheet = parse(readFileSync(new URL('./message-screen.module.css', import.meta.url), 'utf8'));
    const message = find(sheet, (node) => node.type === 'Rule' && generate(node.prelude) === '.message');
    expect(message && generate(message)).toContain('overflow-wrap:anywhere');
  });
});
