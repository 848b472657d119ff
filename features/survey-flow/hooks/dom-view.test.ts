// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { domView } from './dom-view';

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
  }));
}

describe('domView.focusQuestion (auto question flow)', () => {
  const scrollIntoView = vi.fn();

  beforeEach(() => {
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      callback(0);
      return 1;
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    document.body.innerHTML =
      '<fieldset id="question-7"><legend>Your name</legend><input type="hidden" name="x"><input name="q7"></fieldset>';
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    scrollIntoView.mockReset();
    document.body.innerHTML = '';
  });

  it('scrolls smoothly to the next question and focuses its first control', () => {
    stubReducedMotion(false);
    domView.focusQuestion(7);
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'center' });
    expect(document.activeElement).toBe(document.querySelector('input[name="q7"]'));
  });

  it('jumps without animation when the respondent asked for reduced motion', () => {
    stubReducedMotion(true);
    domView.focusQuestion(7);
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'center' });
    expect(document.activeElement).toBe(document.querySelector('input[name="q7"]'));
  });

  it('passes over a disabled control (an empty signature’s Undo), else focuses the question itself', () => {
    stubReducedMotion(false);
    document.body.innerHTML =
      '<section id="question-9" tabindex="-1"><button disabled>Undo</button><button>Lock</button></section>' +
      '<section id="question-10" tabindex="-1"><button disabled>Undo</button></section>';
    domView.focusQuestion(9);
    expect(document.activeElement?.textContent).toBe('Lock');
    domView.focusQuestion(10);
    expect(document.activeElement).toBe(document.getElementById('question-10'));
  });

  it('focuses the cell marked invalid, not the first cell of the grid', () => {
    stubReducedMotion(false);
    document.body.innerHTML =
      '<section id="question-3" tabindex="-1"><table><tbody>' +
      '<tr><th>A</th><td><input name="A-X" value="1"></td><td><input name="A-Y" value="2"></td></tr>' +
      '<tr><th>B</th><td><input name="B-X" value="3"></td><td><input name="B-Y" value="x" aria-invalid="true"></td></tr>' +
      '</tbody></table></section>';
    domView.focusQuestion(3);
    expect(document.activeElement).toBe(document.querySelector('input[name="B-Y"]'));
  });

  it('focuses the first unanswered row among cells all marked invalid', () => {
    stubReducedMotion(false);
    document.body.innerHTML =
      '<section id="question-3" tabindex="-1"><table><tbody>' +
      '<tr><td><input name="A-X" value="1" aria-invalid="true"></td><td><input name="A-Y" aria-invalid="true"></td></tr>' +
      '<tr><td><input name="B-X" aria-invalid="true"></td><td><input name="B-Y" aria-invalid="true"></td></tr>' +
      '</tbody></table></section>';
    domView.focusQuestion(3);
    expect(document.activeElement).toBe(document.querySelector('input[name="B-X"]'));
  });

  it('focuses the first radio of the first unanswered row of a radio grid', () => {
    stubReducedMotion(false);
    document.body.innerHTML =
      '<section id="question-4" tabindex="-1"><div role="group" aria-invalid="true"><table><tbody>' +
      '<tr><td><input type="radio" name="r1" value="1"></td><td><input type="radio" name="r1" value="2" checked></td></tr>' +
      '<tr><td><input type="radio" name="r2" value="1"></td><td><input type="radio" name="r2" value="2"></td></tr>' +
      '</tbody></table></div></section>';
    domView.focusQuestion(4);
    expect(document.activeElement).toBe(document.querySelector('input[name="r2"][value="1"]'));
  });

  it('focuses the checked star of an answered row, where Space keeps the answer', () => {
    stubReducedMotion(false);
    const stars = (row: string, checked: number) =>
      `<div role="radiogroup" aria-invalid="true">${[1, 2, 3, 4, 5]
        .map((n) => `<input type="radio" name="${row}" value="${n}"${n === checked ? ' checked' : ''}>`)
        .join('')}</div>`;
    document.body.innerHTML = `<section id="question-5" tabindex="-1">${stars('room', 3)}${stars('food', 4)}</section>`;
    domView.focusQuestion(5);
    expect(document.activeElement).toBe(document.querySelector('input[name="room"][value="3"]'));
  });

  it('focuses the text of a chosen "other" left empty, not the first option', () => {
    stubReducedMotion(false);
    document.body.innerHTML =
      '<section id="question-6" tabindex="-1"><div role="radiogroup" aria-invalid="true">' +
      '<input type="radio" name="q6" value="1"><input type="radio" name="q6" value="other" checked>' +
      '<div><input type="text" name="q6-other"></div></div></section>' +
      '<section id="question-7" tabindex="-1"><div role="radiogroup">' +
      '<input type="radio" name="q7" value="1"><input type="radio" name="q7" value="other">' +
      '<div hidden><input type="text" name="q7-other"></div></div></section>';
    domView.focusQuestion(6);
    expect(document.activeElement).toBe(document.querySelector('input[name="q6-other"]'));
    // Hidden until "other" is chosen: the first option then.
    domView.focusQuestion(7);
    expect(document.activeElement).toBe(document.querySelector('input[name="q7"][value="1"]'));
  });

  it('does nothing for a question that is not on the screen', () => {
    stubReducedMotion(false);
    domView.focusQuestion(8);
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});

describe('domView.forgetResponseLink', () => {
  it('takes the response out of the address and keeps the rest, without a new history entry', () => {
    window.history.replaceState(null, '', '/en/survey/demo?src=mail&response=RC-DEAD&mode=x#top');
    const entries = window.history.length;
    domView.forgetResponseLink();
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/en/survey/demo?src=mail&mode=x#top',
    );
    expect(window.history.length).toBe(entries);
  });
});
