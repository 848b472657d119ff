// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import messages from '@/messages/en.json';
import { LanguageSelector } from './language-selector';

/** The selector rendered by the server; `pick` is what the respondent does on it before the client takes over. */
async function takeOver(
  pick: (select: HTMLSelectElement) => void,
  { locale = 'en', codes = ['en', 'fr'] }: { locale?: 'en' | 'fr'; codes?: string[] } = {},
) {
  const page = (
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="UTC">
      <LanguageSelector codes={codes} languagePrefix={`/${locale}`} />
    </NextIntlClientProvider>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.append(container);
  pick(container.querySelector('select')!);
  await act(async () => {
    roots.push(hydrateRoot(container, page));
  });
}

const roots: Root[] = [];

const assign = vi.fn();

afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  document.body.replaceChildren();
  assign.mockClear();
  vi.unstubAllGlobals();
});

describe('LanguageSelector', () => {
  it('goes to a language chosen before the client took over, as its change would have', async () => {
    vi.stubGlobal('location', { pathname: '/en/survey/abc', search: '?x=1', assign });
    await takeOver((select) => {
      select.value = 'fr';
    });
    expect(assign).toHaveBeenCalledWith('/fr/survey/abc?x=1');
  });

  it('stays when the page’s language is still the one chosen, and the browser never restores another', async () => {
    vi.stubGlobal('location', { pathname: '/en/survey/abc', search: '', assign });
    await takeOver(() => undefined);
    expect(assign).not.toHaveBeenCalled();
    // A choice restored on Back to this page would send the respondent to the language they came back from.
    expect(document.querySelector('select')).toHaveAttribute('autocomplete', 'off');
  });

  it('on a page in a language the survey has no texts in, shows that language and lets each of the survey’s be chosen', async () => {
    vi.stubGlobal('location', { pathname: '/fr/survey/abc', search: '', assign });
    // The survey is in Spanish (its original, shown on this French page) and English.
    await takeOver(() => undefined, { locale: 'fr', codes: ['es', 'en'] });
    const select = document.querySelector('select')!;
    expect(select.value).toBe('fr');
    expect(Array.from(select.options, (option) => option.value)).toEqual(['fr', 'es', 'en']);
    await act(async () => {
      select.value = 'es';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(assign).toHaveBeenCalledWith('/survey/abc');
  });
});
