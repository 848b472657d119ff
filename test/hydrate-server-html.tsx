import type { ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach } from 'vitest';

const roots: Root[] = [];

afterEach(() => {
  for (const root of roots.splice(0)) root.unmount();
  document.body.replaceChildren();
});

/**
 * A server-rendered page taken over in the browser, as React does it: `server` rendered to HTML in the document,
 * then hydrated with `browser`, the same tree with props of the browser's own (a log of its renders). Returns the
 * container. Outside `act`, so React's scheduler orders renders and effects in tasks as a browser's does.
 */
export function hydrateServerHtml(server: ReactElement, browser: ReactElement): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(server);
  document.body.append(container);
  roots.push(hydrateRoot(container, browser));
  return container;
}
