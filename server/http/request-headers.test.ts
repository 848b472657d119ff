import { describe, expect, it, vi } from 'vitest';

import { resetServerEnvCache } from '@/lib/env';

import { clientAddress, PEER_FROM_SOCKET, PEER_HEADER } from './request-headers';

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

  it('is an IPv6 client’s /64 network, in whatever form the address is written', () => {
    const from = (address: string) => clientAddress(request({ [PEER_HEADER]: address }), 0);
    expect(from('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(from('2001:db8::12')).toBe('2001:db8:0:0::/64');
    expect(from('2001:0db8:0000:0000:ffff:1:2:3')).toBe('2001:db8:0:0::/64');
    expect(from('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
    expect(from('[2001:db8:a:b:c::d]')).toBe('2001:db8:a:b::/64');
    expect(from('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(from('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(from('::1')).toBe('0:0:0:0::/64');
    expect(from('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(from('203.0.113.7')).toBe('203.0.113.7');
  });

  it('without the production server, every caller shares one key, whatever peer header it writes', () => {
    expect(clientAddress(request({ 'x-forwarded-for': '198.51.100.1' }), 0)).toBe('unknown');
    vi.stubEnv(PEER_FROM_SOCKET, '');
    resetServerEnvCache();
    try {
      expect(clientAddress(request({ [PEER_HEADER]: '1.2.3.4' }), 0)).toBe('unknown');
    } finally {
      vi.unstubAllEnvs();
      resetServerEnvCache();
    }
  });

  it('keys on the peer when the trusted entry of the chain is no address', () => {
    const junk = request({ [PEER_HEADER]: '10.0.0.2', 'x-forwarded-for': 'unknown' });
    expect(clientAddress(junk, 1)).toBe('10.0.0.2');
    const v6 = request({ [PEER_HEADER]: '10.0.0.2', 'x-forwarded-for': '[2001:db8::1]' });
    expect(clientAddress(v6, 1)).toBe('2001:db8:0:0::/64');
  });
});
