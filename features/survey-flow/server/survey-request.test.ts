import { describe, expect, it } from 'vitest';
import { isReadOnlyMode, surveyUrlParams } from './survey-request';

describe('surveyUrlParams', () => {
  it("keeps the survey's parameters, not the app's own, the first value of a repeated one", () => {
    expect(surveyUrlParams({ mode: 'readOnly', src: 'mail', tag: ['a', 'b'], gone: undefined })).toEqual({
      src: 'mail',
      tag: 'a',
    });
  });

  it('keeps the first 50 in URL order, as many as the server takes with a response', () => {
    const query = Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`p${index}`, String(index)]));
    const kept = surveyUrlParams({ mode: 'readOnly', ...query });
    expect(Object.keys(kept)).toEqual(Array.from({ length: 50 }, (_, index) => `p${index}`));
  });
});

describe('isReadOnlyMode', () => {
  it('reads the preview in any case, and nothing else as it', () => {
    for (const mode of ['readOnly', 'readonly', 'READONLY', ' ReadOnly ']) expect(isReadOnlyMode(mode)).toBe(true);
    for (const mode of [undefined, '', 'response', 'read-only', 'readOnlyx']) expect(isReadOnlyMode(mode)).toBe(false);
  });
});
