import fs from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import compile from 'icu-minify/compile';
import { createTranslator } from 'next-intl';
import { _createCache, _createIntlFormatters } from 'use-intl/core';
import formatCompiled from 'use-intl/format-message/format-only';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import fa from '@/messages/fa.json';
import ru from '@/messages/ru.json';
import { localDigits } from './digits';
import { localeTable } from './locales';

const dir = path.resolve(__dirname, '../../messages');
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

/**
 * The arguments of a message with how each is formatted (`count:plural`, `min:number`, `name:argument`), including
 * inside plural/select branches: a number printed as a bare argument skips the language's digits.
 */
function placeholders(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (
      element.type === TYPE.argument ||
      element.type === TYPE.number ||
      element.type === TYPE.date ||
      element.type === TYPE.time
    ) {
      into.add(`${element.value}:${TYPE[element.type]}`);
    } else if (element.type === TYPE.plural || element.type === TYPE.select) {
      into.add(`${element.value}:${TYPE[element.type]}`);
      for (const option of Object.values(element.options)) placeholders(option.value, into);
    } else if (element.type === TYPE.tag) {
      placeholders(element.children, into);
    }
  }
  return into;
}

function pluralsLackOther(elements: MessageFormatElement[]): boolean {
  return elements.some(
    (element) =>
      ((element.type === TYPE.plural || element.type === TYPE.select) && !('other' in element.options)) ||
      ((element.type === TYPE.plural || element.type === TYPE.select) &&
        Object.values(element.options).some((option) => pluralsLackOther(option.value))),
  );
}

/**
 * A message as the app shows it: compiled at build time by next-intl's loader (`precompile` in next.config.ts), then
 * formatted by use-intl's formatter for compiled messages.
 */
function formatBuilt(locale: string, message: string, values: Record<string, string | number>): string {
  const cache = _createCache();
  return String(
    formatCompiled('', compile(message), values, { cache, formatters: _createIntlFormatters(cache), locale }),
  );
}

/** The number arguments of a message (plural or `number`), and a value for each of its other arguments. */
function argumentsOf(
  elements: MessageFormatElement[],
  into = { numbers: new Set<string>(), others: {} as Record<string, string> },
) {
  for (const element of elements) {
    if (element.type === TYPE.number || element.type === TYPE.plural) into.numbers.add(element.value);
    else if (element.type === TYPE.argument) into.others[element.value] = 'x';
    else if (element.type === TYPE.select) into.others[element.value] = 'other';
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
  }
  return into;
}

/** The messages whose numbers can be a survey's decimal: a bound, a total, a slider's step, a file's size. */
const DECIMAL_MESSAGES = [
  'validation.number_between',
  'validation.min_value',
  'validation.max_value',
  'validation.sum_total',
  'validation.file_size',
  'widgets.slider_value',
  'widgets.sum_current',
];

const load = (locale: string) => flatten(JSON.parse(fs.readFileSync(path.join(dir, `${locale}.json`), 'utf8')) as Tree);
const source = load('en');

describe('message files', () => {
  it('exist for exactly the 33 languages of the locale table', () => {
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''))
      .sort();
    expect(files).toEqual(localeTable.map((entry) => entry.locale).sort());
    expect(files).toHaveLength(33);
  });

  describe.each(localeTable.map((entry) => entry.locale))('%s', (locale) => {
    const messages = load(locale);

    it('has every key of en and no other', () => {
      expect([...messages.keys()].sort()).toEqual([...source.keys()].sort());
    });

    it('uses the same ICU placeholders as en, formatted alike, with an `other` branch in every plural', () => {
      for (const [key, english] of source) {
        const translated = messages.get(key) ?? '';
        const ast = parse(translated);
        expect([...placeholders(ast)].sort(), `${locale}:${key}`).toEqual([...placeholders(parse(english))].sort());
        expect(pluralsLackOther(ast), `${locale}:${key} plural without other`).toBe(false);
      }
    });

    it.runIf(locale !== 'en')('is translated, not an English copy', () => {
      const copies = [...source].filter(([key, english]) => messages.get(key) === english && /[a-z]{3}/i.test(english));
      // A few words are the same in several languages (e.g. "Email", "Total"); a file of copies is not.
      expect(copies.length, copies.map(([k]) => k).join(', ')).toBeLessThanOrEqual(5);
    });
  });
});

describe('numbers in messages', () => {
  it("are written in the language's digits and decimal sign, without grouping", () => {
    expect(createTranslator({ locale: 'fa', messages: fa })('survey.page_of', { current: 2, total: 12 })).toBe(
      'صفحه ۲ از ۱۲',
    );
    expect(
      createTranslator({ locale: 'es', messages: es })('widgets.sum_current', { current: 12.5, total: 1000 }),
    ).toBe('Total: 12,5 de 1000');
    // A bound is often a year: 1900, not 1,900.
    const english = createTranslator({ locale: 'en', messages: en });
    expect(english('validation.number_between', { min: 1900, max: 2024 })).toBe(
      'The number must be between 1900 and 2024',
    );
  });

  it('are neither grouped nor rounded, as compiled for the browser and as formatted on the fly', () => {
    const cases = [
      ['en', 'length_between', { min: 1000, max: 1900 }, 'The text must have between 1000 and 1900 characters'],
      ['fa', 'length_between', { min: 1000, max: 1900 }, 'متن باید بین ۱۰۰۰ تا ۱۹۰۰ نویسه باشد'],
      ['en', 'min_value', { min: 0.0001 }, 'The number must be greater than 0.0001'],
      ['fa', 'min_value', { min: 0.0001 }, 'عدد باید بزرگ‌تر از ۰٫۰۰۰۱ باشد'],
    ] as const;
    for (const [locale, key, values, shown] of cases) {
      const messages = locale === 'fa' ? fa : en;
      expect(formatBuilt(locale, messages.validation[key], values), `${locale}:${key}`).toBe(shown);
      expect(createTranslator({ locale, messages, namespace: 'validation' })(key, values), `${locale}:${key}`).toBe(
        shown,
      );
    }
  });

  it.each(localeTable.map((entry) => entry.locale))('are written whole in every message of %s', (locale) => {
    const decimalSign = new Intl.NumberFormat(locale).format(0.5).replace(/\p{Nd}/gu, '');
    for (const [key, message] of load(locale)) {
      const { numbers, others } = argumentsOf(parse(message));
      if (numbers.size === 0) continue;
      // A distinct value per argument, so that each one is seen printed.
      const years = [...numbers].map((name, index) => [name, 1900 + index] as const);
      const yearsShown = formatBuilt(locale, message, { ...others, ...Object.fromEntries(years) });
      for (const [, year] of years) expect(yearsShown, `${locale}:${key}`).toContain(localDigits(String(year), locale));
      if (!DECIMAL_MESSAGES.includes(key)) continue;
      const fractions = [...numbers].map((name, index) => [name, (index + 1) / 10000] as const);
      const fractionsShown = formatBuilt(locale, message, { ...others, ...Object.fromEntries(fractions) });
      for (const [, fraction] of fractions) {
        const written = localDigits(String(fraction), locale).replace('.', decimalSign);
        expect(fractionsShown, `${locale}:${key}`).toContain(written);
      }
    }
  });

  it('agree with their count', () => {
    const english = createTranslator({ locale: 'en', messages: en });
    expect(english('validation.max_selections', { max: 1 })).toBe('Select at most 1 option');
    expect(english('validation.max_selections', { max: 3 })).toBe('Select at most 3 options');
    expect(english('validation.file_count', { count: 1 })).toBe('You cannot upload more than 1 file');
    expect(english('validation.fill_max', { max: 2 })).toBe('Fill in at most 2 fields');
    const russian = createTranslator({ locale: 'ru', messages: ru });
    expect(russian('validation.max_selections', { max: 1 })).toBe('Выберите не более 1 варианта');
    expect(russian('validation.max_selections', { max: 5 })).toBe('Выберите не более 5 вариантов');
  });
});
