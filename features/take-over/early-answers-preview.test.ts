// @vitest-environment jsdom
import { expect, it } from 'vitest';
import { EARLY_ANSWERS_SCRIPT } from './early-answers';

/** One page load in this tab: its own document and window, the tab's session storage, the inline script run. */
function load(search: string) {
  const doc = document.implementation.createHTMLDocument();
  const win = Object.assign(new EventTarget(), { sessionStorage: window.sessionStorage });
  new Function('document', 'window', 'location', EARLY_ANSWERS_SCRIPT)(doc, win, {
    pathname: '/en/survey/demo',
    search,
  });
  const form = doc.createElement('form');
  form.innerHTML = '<input type="text" name="q11">';
  doc.body.append(form);
  doc.dispatchEvent(new Event('DOMContentLoaded'));
  return { field: form.querySelector('input')!, leave: () => win.dispatchEvent(new Event('pagehide')) };
}

it('fields typed in an owner’s preview before the take-over are not put back into the survey itself', () => {
  const preview = load('?mode=readOnly');
  preview.field.value = 'Ana';
  preview.field.dispatchEvent(new Event('input', { bubbles: true }));
  preview.leave();
  expect(window.sessionStorage.length).toBe(1);

  expect(load('').field.value).toBe('');
  // The preview reloaded gets them back, as a reload before the take-over should.
  expect(load('?mode=readOnly').field.value).toBe('Ana');
});
