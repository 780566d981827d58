// Issue #17, finding 3: the address that rate limits count. X-Forwarded-For is believed only for the trusted hops,
// counted from the right (the client writes whatever it likes on the left), and an IPv6 client is limited per /64,
// the block one subscriber usually holds.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/infra/config.js';
import { limitKey } from '../../src/infra/rate-limit/client-key.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

async function withApp(env: Record<string, string>, run: (t: TestApp) => Promise<void>) {
  const t = await createTestApp('sqlite', { RATE_LIMIT_PER_MINUTE: '3', ...env });
  try {
    await run(t);
  } finally {
    await t.close();
  }
}

const get = (t: TestApp, remoteAddress: string, forwardedFor?: string) =>
  t.app
    .inject({
      method: 'GET',
      url: '/api/review',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    })
    .then((r) => r.statusCode);

describe('X-Forwarded-For', () => {
  it('TRUST_PROXY=true believes only the nearest proxy: a spoofed leftmost entry does not change the address', async () => {
    await withApp({ TRUST_PROXY: 'true' }, async (t) => {
      const statuses = [];
      for (let i = 1; i <= 4; i++) statuses.push(await get(t, '10.8.0.1', `198.18.0.${i}, 203.0.113.7`));
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(await get(t, '10.8.0.1', '203.0.113.8')).toBe(200);
    });
  });

  it('TRUST_PROXY=2 believes two hops from the right', async () => {
    await withApp({ TRUST_PROXY: '2' }, async (t) => {
      const statuses = [];
      for (let i = 1; i <= 4; i++) statuses.push(await get(t, '10.8.0.1', `198.18.0.${i}, 203.0.113.7, 10.8.0.2`));
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(await get(t, '10.8.0.1', '203.0.113.7, 203.0.113.9, 10.8.0.2')).toBe(200);
    });
  });

  it('a list of proxies stays: their entries are skipped from the right, the first other one is the client', async () => {
    await withApp({ TRUST_PROXY: '10.8.0.0/16' }, async (t) => {
      const statuses = [];
      for (let i = 1; i <= 4; i++) statuses.push(await get(t, '10.8.0.1', `198.18.0.${i}, 203.0.113.7, 10.8.0.2`));
      expect(statuses).toEqual([200, 200, 200, 429]);
    });
  });

  it('config: true is one hop, a whole number N is N hops, a list stays; the error names the choices', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(
      'Invalid configuration: TRUST_PROXY must be false, true (one proxy in front: the nearest X-Forwarded-For ' +
        "entry is the client), a whole number N (N proxies in front) or a comma-separated list of the proxies' " +
        'addresses/CIDRs',
    );
  });
});

describe('IPv6 clients', () => {
  it('share one limit within a /64 and not across /64s; an IPv4-mapped address is its IPv4 address', async () => {
    await withApp({}, async (t) => {
      expect(await get(t, '2001:db8:1:2::1')).toBe(200);
      expect(await get(t, '2001:db8:1:2:ffff:ffff:ffff:fffe')).toBe(200);
      expect(await get(t, '2001:0db8:0001:0002:0:0:0:77')).toBe(200);
      expect(await get(t, '2001:db8:1:2::1')).toBe(429);
      expect(await get(t, '2001:db8:1:3::1')).toBe(200);
      expect(await get(t, '10.9.0.1')).toBe(200);
      expect(await get(t, '::ffff:10.9.0.1')).toBe(200);
      expect(await get(t, '::ffff:a09:1')).toBe(200);
      expect(await get(t, '10.9.0.1')).toBe(429);
    });
  });

  it('limitKey: the /64 prefix of IPv6, IPv4 as it is', () => {
    expect(
      ['2001:db8:1:2::1', '2001:DB8:1:2:0:0:0:9', 'fe80::1%eth0', '::1', '::ffff:192.0.2.1', '192.0.2.1', '::'].map(
        limitKey,
      ),
    ).toEqual([
      '2001:db8:1:2::/64',
      '2001:db8:1:2::/64',
      'fe80:0:0:0::/64',
      '0:0:0:0::/64',
      '192.0.2.1',
      '192.0.2.1',
      '0:0:0:0::/64',
    ]);
  });
});
