import { describe, expect, it } from 'vitest';
import { cssDeclarations } from '@/test/css-declarations';

/** The declarations of `selector` in ranking.module.css outside any @media. */
const declarations = (selector: string) => cssDeclarations(new URL('./ranking.module.css', import.meta.url), selector);

/** The opacity a rule declares, 1 when it declares none. */
const opacity = (selector: string) => Number(declarations(selector).opacity ?? 1);

// On the server-rendered page every button of a ranking is disabled until the client takes over
// (other-ranking.test.tsx): each must look it, not like a button a tap would move.
describe('ranking.module.css: disabled buttons look disabled', () => {
  it('draws a disabled move button without its tint, in a faded colour, with no pointer', () => {
    const enabled = declarations('.move');
    const disabled = declarations('.move:disabled');
    expect(enabled.cursor).toBe('pointer');
    expect(disabled.cursor).toBe('default');
    expect(disabled.color).toMatch(/^color-mix\(in srgb,var\(--survey-answer-color[^)]*\) \d+%,transparent\)$/);
    expect(disabled.color).not.toBe(enabled.color);
    expect(disabled.background).toBe('none');
  });

  it('fades a disabled handle’s grip as far as the disabled arrows, and keeps the item’s text as it is', () => {
    expect(declarations('.handle').cursor).toBe('grab');
    expect(declarations('.handle:disabled').cursor).toBe('default');
    expect(opacity('.handle:disabled::before')).toBeLessThan(opacity('.handle::before'));
    const arrowShare = /(\d+)%/.exec(declarations('.move:disabled').color ?? '')?.[1];
    expect(opacity('.handle:disabled::before')).toBe(Number(arrowShare) / 100);
    // The label is the question's content: it must stay readable while the buttons wait.
    expect(declarations('.handle:disabled')).not.toHaveProperty('opacity');
    expect(declarations('.handle:disabled')).not.toHaveProperty('color');
  });

  it('fades a disabled confirm button as the other widgets fade their disabled controls', () => {
    expect(declarations('.confirm').cursor).toBe('pointer');
    expect(declarations('.confirm:disabled').cursor).toBe('not-allowed');
    expect(opacity('.confirm:disabled')).toBeLessThan(1);
    expect(opacity('.confirm:disabled')).toBeGreaterThanOrEqual(0.5);
  });
});
