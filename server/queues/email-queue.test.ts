import { describe, expect, it } from 'vitest';

import { mailboxOf } from './email-queue';

describe('mailboxOf', () => {
  it('is one limit for one inbox: any case, any +tag', () => {
    expect(mailboxOf('Ana+1@Example.com')).toBe('ana@example.com');
    expect(mailboxOf(' ana+news+2@example.com ')).toBe('ana@example.com');
    expect(mailboxOf('ana@example.com')).toBe('ana@example.com');
    // A + in the domain is no tag.
    expect(mailboxOf('ana@ex+ample.com')).toBe('ana@ex+ample.com');
  });
});
