// Sign-in limits over HTTP: normal use passes, password guessing stops well before 40 tries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signUp, type TestApp } from './helpers/test-app.js';

describe('sign-in rate limits', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await signUp(t.app, 'Ann Buyer', 'ann@example.com', 'ann-password');
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

  it('lets ten correct sign-ins a minute from one address through', async () => {
    for (let i = 0; i < 10; i++)
      expect((await login('ann@example.com', 'ann-password', '10.0.0.1')).statusCode).toBe(200);
  });

  it('stops a 40-try password guess on one account after 10 tries, whatever the address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await login('ann@example.com', `guess-${i}`, `10.1.0.${i}`)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(30).fill(429));
    const res = await login('ann@example.com', 'ann-password', '10.2.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: { code: 'rate_limited', message: 'Too many attempts. Please wait 15 minutes and try again.' },
    });
  });

  it('limits one address to 30 sign-ins and sign-ups a minute across accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await login(`user${i}@example.com`, 'password-1', '10.3.0.1')).statusCode);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses[30]).toBe(429);
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Z', email: 'z@example.com', password: 'password-1' },
      remoteAddress: '10.3.0.1',
    });
    expect(signup.statusCode).toBe(429);
    expect(signup.json().error.message).toBe('Too many attempts. Please wait 1 minute and try again.');
  });

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
  it('keeps sign-in working (fail open) when Redis cannot be reached', async () => {
    const t = await createTestApp('sqlite', { REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_PER_MINUTE: '100' });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { name: 'Ann', email: 'ann@example.com', password: 'password-1' },
      });
      expect(res.statusCode).toBe(201);
      expect((await t.app.inject({ url: '/api/service' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
