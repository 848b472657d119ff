import { describe, expect, it } from 'vitest';
import { createFaults, faultSchema } from './faults';

describe('faults', () => {
  it('apply to matching requests, the given number of times, first set first', () => {
    const faults = createFaults();
    faults.add(faultSchema.parse({ method: 'PATCH', path: '/api/v1/survey-response/*/', status: 503, times: 2 }));
    faults.add(faultSchema.parse({ path: '/api/v1/survey-response/*/', status: 429, retryAfter: 1 }));
    expect(faults.take('GET', '/api/v1/read-survey/x/')).toBeNull();
    expect(faults.take('PATCH', '/api/v1/survey-response/RC1/')?.status).toBe(503);
    expect(faults.take('PATCH', '/api/v1/survey-response/RC1/')?.status).toBe(503);
    expect(faults.take('PATCH', '/api/v1/survey-response/RC1/')).toMatchObject({ status: 429, retryAfter: 1 });
    expect(faults.take('PATCH', '/api/v1/survey-response/RC1/')).toBeNull();
  });

  it('times 0 applies until cleared; a star never crosses a slash', () => {
    const faults = createFaults();
    faults.add(faultSchema.parse({ path: '/api/*', drop: 'connection', times: 0 }));
    expect(faults.take('GET', '/api/x')?.drop).toBe('connection');
    expect(faults.take('GET', '/api/x')?.drop).toBe('connection');
    expect(faults.take('GET', '/api/v1/x')).toBeNull();
    expect(faults.list()).toEqual([expect.objectContaining({ left: 'always' })]);
    faults.clear();
    expect(faults.take('GET', '/api/x')).toBeNull();
  });

  it('refuses a fault that does nothing, and names the field it cannot read', () => {
    expect(faultSchema.safeParse({ path: '/x' }).success).toBe(false);
    const wrong = faultSchema.safeParse({ path: '/x', status: 'soon' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.path).toEqual(['status']);
  });
});
