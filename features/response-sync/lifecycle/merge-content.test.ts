import { describe, expect, it } from 'vitest';
import { mergeOtherDeviceSaves } from './merge-content';

describe('mergeOtherDeviceSaves', () => {
  const known = { '101': ['Ana'], '102': ['a@example.com'] };
  const server = { '101': ['Ana'], '102': ['b@example.com'], '201': ['3'], '301': ['written elsewhere'] };

  it('keeps the other device’s answers when this one changed nothing', () => {
    expect(mergeOtherDeviceSaves(server, known, known)).toEqual(server);
  });

  it('puts what this device changed since over them, question by question', () => {
    const local = { '101': ['Ana María'], '102': ['a@example.com'], '202': ['9'] };
    expect(mergeOtherDeviceSaves(server, local, known)).toEqual({
      '101': ['Ana María'],
      '102': ['b@example.com'],
      '201': ['3'],
      '202': ['9'],
      '301': ['written elsewhere'],
    });
  });

  it('a cleared answer here is a change too', () => {
    expect(mergeOtherDeviceSaves(server, { ...known, '101': [] }, known)['101']).toEqual([]);
  });

  it('without knowing what the server held, lets its answers win where it has one', () => {
    expect(mergeOtherDeviceSaves(server, { '101': ['old'], '999': ['only here'] }, null)).toEqual({
      ...server,
      '999': ['only here'],
    });
  });
});
