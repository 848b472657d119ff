import type { Locale } from './locales';
import type en from '@/messages/en.json';

/** next-intl's typed configuration: every message key is checked against `messages/en.json` at compile time. */
declare module 'next-intl' {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof en;
  }
}
