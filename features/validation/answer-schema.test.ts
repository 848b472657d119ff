import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors } from 'react-hook-form';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerFieldName, buildPageSchema, widgetIdOfField, type PageFormValues } from './answer-schema';
import { issueFromMessage, issueToMessage } from './validation-issue';
import { config, widget } from './test-fixtures';
import { loadPatternEngine } from './value-checks';

// Regex checks need the lazily loaded engine.
beforeAll(() => loadPatternEngine());

const widgets = [
  widget('single_radio', { required: true }, 3, 101),
  widget('freetext_input', { validation: { type: 'text', min_length: 2, max_length: 4 } }, 0, 102),
  widget('multiple_checkbox', { settings: { max_selections: 2 } }, 4, 103),
  widget('text_block', {}, 0, 104),
];

async function resolve(values: PageFormValues, schema = buildPageSchema(widgets, config())) {
  const resolver = zodResolver(schema);
  return resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
}

function issuesOf(errors: FieldErrors) {
  return Object.fromEntries(
    Object.entries(errors).map(([name, error]) => [name, issueFromMessage(error?.message as string)]),
  );
}

describe('field names', () => {
  it('are not numeric (react-hook-form would read them as array indexes) and round-trip', () => {
    expect(answerFieldName(101)).toBe('q101');
    expect(widgetIdOfField('q101')).toBe(101);
    expect(widgetIdOfField('101')).toBeNull();
  });
});

describe('buildPageSchema with zodResolver', () => {
  it('passes valid answers through', async () => {
    const result = await resolve({ q101: ['1'], q102: ['abc'], q103: ['1', '2'] });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ q101: ['1'], q102: ['abc'], q103: ['1', '2'] });
  });

  it('reports the same issues as validateAnswer, as JSON messages at each field', async () => {
    const result = await resolve({ q102: ['a'], q103: ['1', '2', '3'] });
    expect(issuesOf(result.errors)).toEqual({
      q101: { key: 'required' },
      q102: { key: 'length_between', values: { min: 2, max: 4 } },
      q103: { key: 'max_selections', values: { max: 2 } },
    });
  });

  it('keeps fields that are not questions of the page', async () => {
    const result = await resolve({ q101: ['1'], q999: ['x'] });
    expect(result.values).toEqual({ q101: ['1'], q999: ['x'] });
  });

  it('treats a missing field as an empty answer', async () => {
    const result = await resolve({});
    expect(Object.keys(result.errors)).toEqual(['q101']);
  });

  it('skips hidden questions and hidden options', async () => {
    const schema = buildPageSchema(widgets, config(), {
      hiddenWidgetIds: new Set([101]),
      hiddenOptionIds: new Map([[103, new Set([3])]]),
    });
    const result = await resolve({ q103: ['1', '2', '3'] }, schema);
    expect(result.errors).toEqual({});
  });

  it('a malformed value gives the generic message, not a crash', async () => {
    const result = await resolve({ q101: 'oops' as unknown as string[] });
    expect(issuesOf(result.errors)).toEqual({ q101: { key: 'required' } });
  });
});

describe('issue messages', () => {
  it('round-trip and fall back to required on junk', () => {
    expect(issueFromMessage(issueToMessage({ key: 'min_length', values: { min: 3 } }))).toEqual({
      key: 'min_length',
      values: { min: 3 },
    });
    expect(issueFromMessage('Required')).toEqual({ key: 'required' });
    expect(issueFromMessage('{"key":"nope"}')).toEqual({ key: 'required' });
    expect(issueFromMessage(undefined)).toEqual({ key: 'required' });
  });
});
