import type { Locale } from './locales';
import type en from '@/messages/en.json';

export type Messages = typeof en;

/** Loads one language's messages on demand, so a page only carries the language it shows. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const loaded = (await import(`../../messages/${locale}.json`)) as { default: Messages };
  return loaded.default;
}
