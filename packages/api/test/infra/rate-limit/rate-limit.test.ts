// Limits beyond sign-in (those are in reliability/abuse.test.ts, on a controlled clock): other calls are free
// unless RATE_LIMIT_PER_MINUTE is set; the client address behind a proxy; a Redis outage (the shop keeps working and
// counts in memory).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../helpers/test-app.js';

describe('calls other than sign-in', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('does not limit other calls unless RATE_LIMIT_PER_MINUTE is set', async () => {
    for (let i = 0; i < 200; i++) expect((await call(t.app, 'GET', '/api/service')).statusCode).toBe(200);
  });
});

describe('RATE_LIMIT_PER_MINUTE', () => {
  it('limits every call per address when set', async () => {
    const t = await createTestApp('sqlite', { RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const get = (ip: string) => t.app.inject({ method: 'GET', url: '/api/review', remoteAddress: ip });
      for (let i = 0; i < 5; i++) expect((await get('10.9.0.1')).statusCode).toBe(200);
      const refused = await get('10.9.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('60');
      expect((await get('10.9.0.2')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('AUTH_ATTEMPTS_PER_MINUTE', () => {
  it('sets how many sign-in and sign-up attempts one address may make a minute', async () => {
    const t = await createTestApp('sqlite', { AUTH_ATTEMPTS_PER_MINUTE: '3' });
    try {
      const login = (ip: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: ip,
          payload: { email: 'nobody@example.com', password: 'wrong-password-1' },
        });
      for (let i = 0; i < 3; i++) expect((await login('10.7.0.1')).statusCode).toBe(401);
      expect((await login('10.7.0.1')).statusCode).toBe(429);
      expect((await login('10.7.0.2')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe('client address behind a proxy', () => {
  const hammer = async (t: TestApp) => {
    const get = (forwardedFor: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/review',
        remoteAddress: '10.8.0.1',
        headers: { 'x-forwarded-for': forwardedFor },
      });
    for (let i = 0; i < 3; i++) await get('203.0.113.1');
    return [(await get('203.0.113.1')).statusCode, (await get('203.0.113.2')).statusCode];
  };

  it('ignores X-Forwarded-For by default, so a client cannot dodge the limit by inventing addresses', async () => {
    const t = await createTestApp('sqlite', { RATE_LIMIT_PER_MINUTE: '3' });
    try {
      expect(await hammer(t)).toEqual([429, 429]);
    } finally {
      await t.close();
    }
  });

  it('counts each forwarded client separately with TRUST_PROXY set to the proxy', async () => {
    const t = await createTestApp('sqlite', { RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '10.8.0.0/16' });
    try {
      expect(await hammer(t)).toEqual([429, 200]);
    } finally {
      await t.close();
    }
  });
});

describe('rate-limit store outage', () => {
  it('keeps sign-in working and the limits counting (in memory) when Redis refuses connections', async () => {
    const t = await createTestApp('sqlite', { REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { name: 'Ann', email: 'ann@example.com', password: 'password-1' },
      });
      expect(res.statusCode).toBe(201);
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await t.app.inject({ url: '/api/service' })).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});
