import { NextIntlClientProvider } from 'next-intl';
import { createElement, type ComponentProps, type ComponentType } from 'react';
import persianMessages from '@/messages/fa.json';
import type { WidgetProps } from './types';

type ProviderProps = ComponentProps<typeof NextIntlClientProvider>;

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

/**
 * Test-only: `Component` on a Persian page (locale `fa`, whose digits are ۰–۹), inside the English provider that
 * `renderWidget` draws it in.
 */
export function inPersian(Component: ComponentType<WidgetProps>): ComponentType<WidgetProps> {
  return function PersianPage(props: WidgetProps) {
    // The provider's props type asks for `children`, which createElement takes as its third argument.
    const page = { locale: 'fa', messages: persianMessages, timeZone: 'UTC' } as ProviderProps;
    return createElement(NextIntlClientProvider, page, createElement(Component, props));
  };
}
