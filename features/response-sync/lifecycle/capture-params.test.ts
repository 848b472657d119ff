import { describe, expect, it } from 'vitest';

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
});
