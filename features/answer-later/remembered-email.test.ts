// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetRememberedEmail, loadRememberedEmail, saveRememberedEmail } from './remembered-email';

const KEY = 'encuesta-answer-later-email';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('remembered email', () => {
  it('saves, loads and forgets the address under its own key', () => {
    expect(loadRememberedEmail()).toBeNull();
    saveRememberedEmail('ana@example.com');
    expect(localStorage.getItem(KEY)).toBe('ana@example.com');
    expect(loadRememberedEmail()).toBe('ana@example.com');
    forgetRememberedEmail();
    expect(loadRememberedEmail()).toBeNull();
  });

  it('reads an empty stored value as nothing remembered', () => {
    localStorage.setItem(KEY, '');
    expect(loadRememberedEmail()).toBeNull();
  });

  it('never throws when the storage does', () => {
    const denied = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(denied);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(denied);
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(denied);
    expect(loadRememberedEmail()).toBeNull();
    expect(() => saveRememberedEmail('ana@example.com')).not.toThrow();
    expect(() => forgetRememberedEmail()).not.toThrow();
  });

  it('never throws when localStorage itself cannot be reached', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(loadRememberedEmail()).toBeNull();
    expect(() => saveRememberedEmail('ana@example.com')).not.toThrow();
  });
});
