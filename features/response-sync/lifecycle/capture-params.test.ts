import { describe, expect, it } from 'vitest';

import { CONTEXT_ENTRIES } from '@/lib/survey-format/answer-limits';

import { captureParams } from './capture-params';

describe('captureParams', () => {
  it('stores custom fields and URL parameters under their content keys, skipping empty values', () => {
    expect(
      captureParams({ '1': ['a'], 'url_param:src': ['old'] }, { dept: 'sales', empty: '' }, { src: 'mail' }),
    ).toEqual({
      '1': ['a'],
      'custom_field:dept': ['sales'],
      'url_param:src': ['mail'],
    });
  });

  it('adds no new name past what the server keeps, custom fields first, and still replaces a value it holds', () => {
    const held = Object.fromEntries(
      Array.from({ length: CONTEXT_ENTRIES - 2 }, (_, index) => [`url_param:p${index}`, ['old']]),
    );
    const captured = captureParams(held, { dept: 'sales' }, { p0: 'new', a: '1', b: '2' });
    expect(Object.keys(captured)).toHaveLength(CONTEXT_ENTRIES);
    expect(captured['custom_field:dept']).toEqual(['sales']);
    expect(captured['url_param:p0']).toEqual(['new']);
    expect(captured['url_param:a']).toEqual(['1']);
    expect(captured).not.toHaveProperty('url_param:b');
  });
});
