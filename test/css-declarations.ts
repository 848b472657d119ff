import { readFileSync } from 'node:fs';
import { generate, parse, walk, type Atrule, type Rule } from 'css-tree';

/**
 * The declarations of `selector` in the stylesheet at `file`, from every rule whose selector list holds it, later
 * ones winning: outside any at-rule (`media` null), in that media query alone (its prelude as css-tree writes it,
 * `(max-width:959px)`), or anywhere (`'any'`). What no jsdom render can show: it applies no stylesheet.
 */
export function cssDeclarations(
  file: URL,
  selector: string,
  media: string | null | 'any' = null,
): Record<string, string> {
  const sheet = parse(readFileSync(file, 'utf8'));
  const wanted = generate(parse(selector, { context: 'selectorList' }));
  const found: Record<string, string> = {};
  walk(sheet, {
    visit: 'Rule',
    enter(this: { atrule: Atrule | null }, rule: Rule) {
      const ruleMedia = this.atrule?.prelude ? generate(this.atrule.prelude) : null;
      if (media !== 'any' && ruleMedia !== media) return;
      if (!generate(rule.prelude).split(',').includes(wanted)) return;
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
