import { describe, expect, it } from 'vitest';

import { clientAddress, PEER_HEADER } from './request-headers';

const request = (headers: Record<string, string>) => new Request('http://localhost/api/x', { headers });

describe('clientAddress', () => {
  it('is the TCP peer by default: a forged X-Forwarded-For or X-Real-IP changes nothing', () => {
    const forged = request({
      [PEER_HEADER]: '203.0.113.7',
      'x-forwarded-for': '198.51.100.1',
      'x-real-ip': '10.0.0.1',
    });
    expect(clientAddress(forged, 0)).toBe('203.0.113.7');
  });

  it('believes as many proxies as TRUST_PROXY says, counted from the end of the chain', () => {
    // client → proxy A (appends client) → proxy B (appends A) → us (peer = B)
    const twoProxies = request({ [PEER_HEADER]: '10.0.0.2', 'x-forwarded-for': '6.6.6.6, 203.0.113.7, 10.0.0.1' });
    expect(clientAddress(twoProxies, 1)).toBe('10.0.0.1');
    expect(clientAddress(twoProxies, 2)).toBe('203.0.113.7');
    // The entry the client wrote itself (6.6.6.6) is never reached with two trusted proxies.
    const short = request({ [PEER_HEADER]: '10.0.0.2', 'x-forwarded-for': '203.0.113.7' });
    expect(clientAddress(short, 3)).toBe('203.0.113.7');
  });

  it('without the production server, every caller shares one key', () => {
    expect(clientAddress(request({ 'x-forwarded-for': '198.51.100.1' }), 0)).toBe('unknown');
  });
});
