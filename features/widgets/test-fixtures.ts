/**
 * Test-only (imported by the *.test.tsx files under this folder): every element under `root` that has a `lang`, as
 * `"<tag> <what it says>=<lang>"` in document order. What it says is its aria-label, alt, placeholder or title,
 * else its text, so one list shows both which owner texts are marked and that nothing else is.
 */
export function langMarks(root: ParentNode): string[] {
  return Array.from(root.querySelectorAll('[lang]'), (element) => {
    const says =
      element.getAttribute('aria-label') ??
      element.getAttribute('alt') ??
      element.getAttribute('placeholder') ??
      element.getAttribute('title') ??
      element.textContent;
    return `${element.tagName.toLowerCase()} ${says}=${element.getAttribute('lang')}`;
  });
}
