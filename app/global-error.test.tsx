// @vitest-environment jsdom
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import es from '@/messages/es.json';
import ja from '@/messages/ja.json';
import GlobalError from './global-error';

let root: Root | null = null;

afterEach(() => {
  root?.unmount();
  root = null;
  window.history.replaceState(null, '', '/');
});

/** The page as the browser shows it when the app's own error page failed at `path`. */
async function showAt(path: string, error: Error & { digest?: string }) {
  window.history.replaceState(null, '', path);
  root = createRoot(document);
  root.render(<GlobalError error={error} />);
  await vi.waitFor(() => expect(document.querySelector('main')).not.toBeNull());
}

describe('the page shown when the error page itself failed', () => {
  it('shows the details at once, then its words in the language of the URL, with the way home', async () => {
    await showAt('/jp/survey/abc', Object.assign(new Error('boom'), { digest: '1234' }));

    expect(document.documentElement.lang).toBe('ja');
    expect(document.querySelector('pre')?.textContent).toBe('boom\n1234');

    // Its words are loaded once shown, with their loader: neither is in every page's first scripts.
    await vi.waitFor(() => expect(document.querySelector('h1')?.textContent).toBe(ja.errors.error_page_failed));
    expect(document.title).toBe(ja.errors.title_error);
    expect(document.querySelector('summary')?.textContent).toBe(ja.errors.details);
    const home = document.querySelector('a');
    expect(home?.textContent).toBe(ja.errors.go_back_home);
    expect(home?.getAttribute('href')).toBe('/jp');
  });

  it('falls back to the default language for a URL of none, and leads to the root', async () => {
    await showAt('/nowhere', new Error('boom'));

    await vi.waitFor(() => expect(document.querySelector('a')?.getAttribute('href')).toBe('/'));
    expect(document.documentElement.lang).toBe('es');
    expect(document.querySelector('h1')?.textContent).toBe(es.errors.error_page_failed);
    expect(document.querySelector('pre')?.textContent).toBe('boom');
  });
});
