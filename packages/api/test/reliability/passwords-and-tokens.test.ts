// ASVS V2/V3: the password rules at sign-up (minimum length, common passwords refused), the stored hash at OWASP's
// argon2id parameters, and tokens refused when expired, revoked or signed with an algorithm outside the allowlist.
import { messages } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonPasswords, isCommonPassword } from '../../src/modules/accounts/common-passwords.js';
import { createUser } from '../../src/modules/accounts/identity.js';
import { hashPassword } from '../../src/modules/accounts/passwords.js';
import { databases } from '../helpers/databases.js';
import { call, createTestApp, logIn, signUp, type TestApp } from '../helpers/test-app.js';
import { badToken, otherAlgorithmTokens } from './forged-tokens.js';

describe('the common-password list', () => {
  it('holds thousands of lower-cased passwords of 6+ characters, loaded once', () => {
    const list = commonPasswords();
    expect(list.size).toBeGreaterThan(10_000);
    expect(commonPasswords()).toBe(list);
    for (const p of list) expect(p === p.toLowerCase() && p.length >= 6).toBe(true);
    expect(['password', 'qwerty123', 'iloveyou', '1qaz2wsx'].map(isCommonPassword)).toEqual([true, true, true, true]);
    expect(['PassWord1', 'a-fine-passphrase', 'kestrel-bulk-2026'].map(isCommonPassword)).toEqual([true, false, false]);
  });
});

describe.each(databases)('passwords and tokens on %s', (kind) => {
  let t: TestApp;
  const users = () => t.app.db.selectFrom('users').select(['email', 'password_hash']).orderBy('email').execute();

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it.each(['password', 'Password1', 'qwerty123', 'iloveyou', '12345678'])(
    'refuses the common password %s at sign-up',
    async (password) => {
      const before = await users();
      const res = await call(t.app, 'POST', '/api/auth/signup', undefined, {
        name: 'Eve',
        email: 'eve@example.com',
        password,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'password_too_common', message: messages.signup.passwordCommon } });
      expect(await users()).toEqual(before);
    },
  );

  it('keeps the minimum length: 5 characters refused with the SPEC message', async () => {
    const res = await call(t.app, 'POST', '/api/auth/signup', undefined, {
      name: 'E',
      email: 'e@example.com',
      password: 'k3str',
    });
    expect(res.json()).toEqual({ error: { code: 'validation_error', message: messages.signup.passwordShort } });
  });

  it('still signs in an existing account whose password is on the list', async () => {
    await createUser(t.app.db, {
      email: 'old@example.com',
      name: 'Old',
      passwordHash: await hashPassword('password1'),
    });
    const old = await logIn(t.app, 'old@example.com', 'password1');
    expect(old.email).toBe('old@example.com');
  });

  it("stores argon2id hashes at OWASP's parameters (m=19456, t=2, p=1), salted per user", async () => {
    await signUp(t.app, 'Hana', 'hana@example.com', 'same-passphrase-1');
    await signUp(t.app, 'Ivo', 'ivo@example.com', 'same-passphrase-1');
    const rows = (await users()).filter((u) => ['hana@example.com', 'ivo@example.com'].includes(u.email));
    const hashes = rows.map((r) => r.password_hash ?? '');
    for (const h of hashes)
      expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(hashes[0]).not.toBe(hashes[1]);
    expect(hashes.join()).not.toContain('same-passphrase-1');
  });

  it('answers 401 to expired, revoked and foreign-algorithm tokens that name a live admin session', async () => {
    const admin = await signUp(t.app, 'Root', 'root@example.com', 'root-passphrase-1');
    await t.app.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    const tokens = {
      expired: await badToken(t.app, 'expired', admin.id, admin.id),
      revoked: await badToken(t.app, 'revoked', admin.id, admin.id),
      'alg-none': await badToken(t.app, 'alg-none', admin.id, admin.id),
      ...(await otherAlgorithmTokens(t.app, admin.id)),
    };
    const statuses: Record<string, number> = {};
    for (const [name, token] of Object.entries(tokens)) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: { authorization: `Bearer ${token}` },
      });
      statuses[name] = res.statusCode;
    }
    expect(statuses).toEqual(Object.fromEntries(Object.keys(tokens).map((k) => [k, 401])));
    // The same admin with a fresh, properly signed token is let in: the refusals above are about the tokens.
    const fresh = await t.app.sessions.issueSession(admin.id);
    const ok = await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${fresh}` } });
    expect(ok.statusCode).toBe(200);
  });
});
