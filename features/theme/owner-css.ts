import 'server-only';

import { type CssNode, generate, parse, walk, type Declaration, type List, type Rule, type StyleSheet } from 'css-tree';

/**
 * The owner's stylesheet (`theme.custom_css`), parsed by a real CSS parser (css-tree: maintained, spec-following,
 * tolerant of broken input, and it regenerates CSS from its tree, so what comes out is what was checked) and
 * rebuilt from an allowlist. Runs on the server only: the browser receives the result, never the parser.
 *
 * What survives: style rules (also inside `@media`), every selector prefixed with the survey's scope, and
 * declarations of an allowlisted property whose value loads nothing. Everything else is dropped:
 * - other at-rules (`@import`, `@font-face`, `@namespace`…): they load what the policy does not allow;
 * - `url()` and every other image or resource function: an owner could log what a respondent does (a background
 *   per `:checked` state); the survey's own background image is a theme setting;
 * - attribute selectors (`input[value^="a"]`): they read form controls' values;
 * - `position: fixed | sticky | absolute`, `z-index`, `transform`: they cover the page or move a lookalike over it;
 * - custom properties and anything the parser could not read.
 * The output never holds `<`, so it cannot close its `<style>` element whatever the strings in it.
 */

/** Properties an owner may set: how things look, never where they float or what they load. */
const ALLOWED_PROPERTIES = new Set([
  'color',
  'background',
  'background-color',
  'border',
  'border-color',
  'border-style',
  'border-width',
  'border-top',
  'border-right',
  'border-bottom',
  'border-left',
  'border-radius',
  'box-shadow',
  'text-shadow',
  'outline',
  'outline-color',
  'outline-offset',
  'outline-style',
  'outline-width',
  'font',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'font-variant',
  'letter-spacing',
  'line-height',
  'text-align',
  'text-decoration',
  'text-transform',
  'text-indent',
  'white-space',
  'word-spacing',
  'word-break',
  'overflow-wrap',
  'margin',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'margin-inline',
  'margin-block',
  'padding',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'padding-inline',
  'padding-block',
  'width',
  'min-width',
  'max-width',
  'height',
  'min-height',
  'max-height',
  'display',
  'visibility',
  'opacity',
  'gap',
  'row-gap',
  'column-gap',
  'align-items',
  'align-self',
  'align-content',
  'justify-content',
  'justify-items',
  'justify-self',
  'flex',
  'flex-direction',
  'flex-wrap',
  'flex-grow',
  'flex-shrink',
  'flex-basis',
  'order',
  'list-style',
  'list-style-type',
  'cursor',
  'transition',
  'position',
  'vertical-align',
  'box-sizing',
  'overflow',
  'text-overflow',
  'accent-color',
  'caret-color',
]);

/** `position` only within the flow: nothing that lifts an element over the page. */
const ALLOWED_POSITIONS = new Set(['static', 'relative']);

/** CSS functions that fetch a resource or run something. */
const LOADING_FUNCTIONS = /^(url|image|image-set|-webkit-image-set|cross-fade|element|expression|src|paint)$/i;

function loadsSomething(value: CssNode): boolean {
  let found = false;
  walk(value, (node) => {
    if (node.type === 'Url' || (node.type === 'Function' && LOADING_FUNCTIONS.test(node.name))) found = true;
  });
  return found;
}

/**
 * CSS escapes turn into their characters before the browser reads a token (`u\72 l(` is `url(`): a declaration or a
 * selector holding a backslash is dropped rather than decoded and second-guessed.
 */
const hasEscape = (node: CssNode) => generate(node).includes('\\');

/**
 * The same functions anywhere in a declaration's text: a `var()` fallback is left unparsed (`Raw`), so the tree walk
 * never sees the `url()` in `var(--none, url(…))`, which the browser loads when the property is undefined.
 */
const LOADING_CALL =
  /(?:^|[^\w-])(?:url|image|image-set|-webkit-image-set|cross-fade|element|expression|src|paint)\s*\(/i;

function allowedDeclaration(declaration: Declaration): boolean {
  const property = declaration.property.toLowerCase();
  if (!ALLOWED_PROPERTIES.has(property) || declaration.value.type === 'Raw') return false;
  if (loadsSomething(declaration.value) || hasEscape(declaration)) return false;
  if (LOADING_CALL.test(generate(declaration.value))) return false;
  if (property === 'position') return ALLOWED_POSITIONS.has(generate(declaration.value).trim().toLowerCase());
  return true;
}

/**
 * A selector that reads nothing it should not (no attribute selectors anywhere, `:has()` included) and starts with a
 * compound selector, not a combinator: `~ p` under the scope would reach the scope's siblings (the powered-by mark).
 */
function allowedSelector(selector: CssNode): boolean {
  if (selector.type !== 'Selector' || selector.children.first?.type === 'Combinator') return false;
  let allowed = !hasEscape(selector);
  walk(selector, (node) => {
    if (node.type === 'AttributeSelector') allowed = false;
  });
  return allowed;
}

/** The rule with each allowed selector under the scope, its allowed declarations; `null` when nothing is left. */
function scopedRule(rule: Rule, scope: string): string | null {
  if (rule.prelude.type !== 'SelectorList') return null;
  const selectors: string[] = [];
  rule.prelude.children.forEach((selector) => {
    if (allowedSelector(selector)) selectors.push(`${scope} ${generate(selector)}`);
  });
  const declarations: string[] = [];
  rule.block.children.forEach((child) => {
    if (child.type === 'Declaration' && allowedDeclaration(child)) declarations.push(generate(child));
  });
  if (selectors.length === 0 || declarations.length === 0) return null;
  return `${selectors.join(',')}{${declarations.join(';')}}`;
}

function scopedRules(children: List<CssNode>, scope: string, depth: number): string[] {
  const out: string[] = [];
  children.forEach((node) => {
    if (node.type === 'Rule') {
      const rule = scopedRule(node, scope);
      if (rule) out.push(rule);
    } else if (node.type === 'Atrule' && node.name.toLowerCase() === 'media' && depth === 0 && node.block) {
      const inner = scopedRules(node.block.children, scope, depth + 1);
      const query = node.prelude ? generate(node.prelude) : '';
      if (inner.length > 0 && query && !query.includes('<')) out.push(`@media ${query}{${inner.join('')}}`);
    }
  });
  return out;
}

/**
 * The most owner CSS read: a theme's stylesheet is a few kilobytes, and parsing half a megabyte takes a second of
 * the server's CPU on every render of the survey. A larger one is dropped whole, not cut mid-rule.
 */
export const MAX_OWNER_CSS_LENGTH = 64 * 1024;

/** Results by scope and stylesheet: every render of a survey asks again for the same one. */
const sanitized = new Map<string, string>();
const SANITIZED_KEPT = 32;

/** The owner's CSS made safe for the survey with the scope selector `scope` (e.g. `.survey-42`). */
export function sanitizeOwnerCss(css: string, scope: string): string {
  if (!css.trim() || css.length > MAX_OWNER_CSS_LENGTH) return '';
  const key = `${scope}\n${css}`;
  const known = sanitized.get(key);
  if (known !== undefined) return known;
  const safe = sanitizeOnce(css, scope);
  if (sanitized.size >= SANITIZED_KEPT) sanitized.delete(sanitized.keys().next().value as string);
  sanitized.set(key, safe);
  return safe;
}

function sanitizeOnce(css: string, scope: string): string {
  let tree: CssNode;
  try {
    tree = parse(css, { parseCustomProperty: false, onParseError: () => undefined });
  } catch {
    return '';
  }
  const sheet = tree as StyleSheet;
  // Strings may hold `<` (a `content` text): escaped as CSS, so no sequence can close the element.
  return scopedRules(sheet.children, scope, 0).join('\n').replaceAll('<', '\\3c ');
}
