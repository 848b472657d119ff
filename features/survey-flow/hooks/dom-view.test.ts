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

  it('does nothing for a question that is not on the screen', () => {
    stubReducedMotion(false);
    domView.focusQuestion(8);
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});
