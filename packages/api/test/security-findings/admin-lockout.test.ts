// Issue #17, finding 1 (B2B §7, docs/product.md §3): wrong passwords slow the address that sends them, never the
// account's owner elsewhere. Before the fix, 10 wrong passwords for an e-mail from anywhere kept even the right
// password at 429 for 15 minutes: anyone could lock the (public, default) admin address out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../helpers/databases.js';
import { ADMIN, createTestApp, signUp, type TestApp } from '../helpers/test-app.js';

const tooMany = (minutes: number) => ({
  error: {
    code: 'rate_limited',
    message: `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  },
});

describe.each(databases)('sign-in throttles on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    // The per-address limit of attempts a minute is lifted here, so only the failure counts are tested.
    t = await createTestApp(kind, { AUTH_ATTEMPTS_PER_MINUTE: '100000' });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

  it('a dozen wrong guesses from one address leave the right password working from another', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await login(ADMIN.email, `guess-${i}`, '10.50.0.1')).statusCode);
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    const refused = await login(ADMIN.email, ADMIN.password, '10.50.0.1');
    expect([refused.statusCode, refused.json(), refused.headers['retry-after']]).toEqual([429, tooMany(15), '900']);
    expect((await login(ADMIN.email, ADMIN.password, '10.50.0.2')).statusCode).toBe(200);
  });

  it('a right password clears the failures of its address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await login(ADMIN.email, `miss-${i}`, '10.51.0.1')).statusCode);
    statuses.push((await login(ADMIN.email, ADMIN.password, '10.51.0.1')).statusCode);
    for (let i = 0; i < 10; i++) statuses.push((await login(ADMIN.email, `miss-${i}`, '10.51.0.1')).statusCode);
    statuses.push((await login(ADMIN.email, ADMIN.password, '10.51.0.1')).statusCode);
    expect(statuses).toEqual([...Array(9).fill(401), 200, ...Array(10).fill(401), 429]);
  });

  it('an account under attack from many addresses lets in only addresses that signed in to it before', async () => {
    const owner = { email: 'owner@example.com', password: 'owner-passphrase' };
    await signUp(t.app, 'Owner', owner.email, owner.password);
    expect((await login(owner.email, owner.password, '10.52.0.1')).statusCode).toBe(200);
    // 100 failures within the hour, 10 from each of 10 addresses (each address then waits on its own).
    const statuses: number[] = [];
    for (let a = 0; a < 10; a++) {
      for (let i = 0; i < 10; i++) statuses.push((await login(owner.email, `wrong-${i}`, `10.53.${a}.1`)).statusCode);
    }
    expect(statuses).toEqual(Array(100).fill(401));
    const stranger = await login(owner.email, owner.password, '10.54.0.1');
    expect([stranger.statusCode, stranger.json()]).toEqual([429, tooMany(60)]);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await login(owner.email, owner.password, '10.52.0.1')).statusCode).toBe(200);
    // Other accounts are not affected.
    expect((await login('someone@example.com', 'whatever-1', '10.54.0.1')).statusCode).toBe(401);
  });

  it('caps the failed sign-ins of one address at 100 a day, whatever the e-mails', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) statuses.push((await login(`n${i}@example.com`, 'wrong-1', '10.55.0.1')).statusCode);
    expect(statuses).toEqual(Array(100).fill(401));
    const refused = await login(ADMIN.email, ADMIN.password, '10.55.0.1');
    expect([refused.statusCode, refused.json()]).toEqual([429, tooMany(1440)]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(86_000);
    expect((await login(ADMIN.email, ADMIN.password, '10.55.0.2')).statusCode).toBe(200);
  });
});
