// Demoting an administrator on both databases (B2B §11): DELETE /api/user/admin/{email} makes them a customer and ends
// their sessions; never the last administrator (409), also when two admins demote each other at the same moment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { ADMIN, call, createTestApp, logIn, signUp, type SignedIn, type TestApp } from '../../helpers/test-app.js';

describe.each(databases)('demoting administrators on %s', (kind) => {
  let t: TestApp;
  let boss: SignedIn;
  let carol: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind);
    boss = await logIn(t.app, ADMIN.email, ADMIN.password);
    carol = await signUp(t.app, 'Carol Admin', 'carol@example.com');
  });
  afterAll(() => t.close());

  const promote = (who: SignedIn, email: string) => call(t.app, 'PUT', `/api/user/admin/${email}`, who);
  const demote = (who: SignedIn | undefined, email: string) => call(t.app, 'DELETE', `/api/user/admin/${email}`, who);
  const roleOf = async (email: string) =>
    (await t.app.db.selectFrom('users').select('role').where('email', '=', email).executeTakeFirstOrThrow()).role;
  const admins = async () =>
    (await t.app.db.selectFrom('users').select('email').where('role', '=', 'admin').orderBy('email').execute()).map(
      (r) => r.email,
    );

  it('makes an administrator a customer and ends every session of theirs', async () => {
    expect((await promote(boss, 'carol@example.com')).json()).toEqual({ modifiedCount: 1 });
    const carolAgain = await logIn(t.app, 'carol@example.com', 'password-123');
    expect((await call(t.app, 'GET', '/api/user', carolAgain)).statusCode).toBe(200);

    const res = await demote(boss, 'carol@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect(await roleOf('carol@example.com')).toBe('customer');
    for (const session of [carol, carolAgain]) {
      expect((await call(t.app, 'GET', '/api/auth/sessions', session)).statusCode).toBe(401);
    }
    // Signed in again, Carol is a customer.
    carol = await logIn(t.app, 'carol@example.com', 'password-123');
    expect((await call(t.app, 'GET', '/api/user', carol)).statusCode).toBe(403);
    // A customer is already one: nothing changes, and her new session lives on.
    expect((await demote(boss, 'carol@example.com')).json()).toEqual({ modifiedCount: 0 });
    expect((await call(t.app, 'GET', '/api/auth/sessions', carol)).statusCode).toBe(200);
  });

  it('refuses the last administrator (409), customers (403), visitors (401) and unknown e-mails (404)', async () => {
    expect(await admins()).toEqual([ADMIN.email]);
    const last = await demote(boss, ADMIN.email);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({
      error: {
        code: 'last_admin',
        message: 'This is the last administrator: make someone else an administrator first',
      },
    });
    expect(await roleOf(ADMIN.email)).toBe('admin');
    expect((await demote(carol, ADMIN.email)).statusCode).toBe(403);
    expect((await demote(undefined, ADMIN.email)).statusCode).toBe(401);
    const unknown = await demote(boss, 'nobody@example.com');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
    expect((await demote(boss, 'not-an-email')).statusCode).toBe(400);
  });

  it('never leaves the shop without an administrator when two demote each other at once', async () => {
    for (let round = 0; round < 6; round += 1) {
      expect((await promote(boss, 'carol@example.com')).json()).toEqual({ modifiedCount: 1 });
      carol = await logIn(t.app, 'carol@example.com', 'password-123');
      const [byBoss, byCarol] = await Promise.all([demote(boss, 'carol@example.com'), demote(carol, ADMIN.email)]);
      // One demotion happens; the other is refused: 409, or 401 when the winner's commit ended its session first.
      const codes = [byBoss.statusCode, byCarol.statusCode];
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409 || c === 401)).toHaveLength(1);
      const left = await admins();
      expect(left).toHaveLength(1);
      // Whoever was demoted lost their sessions; the one left signs in again for the next round.
      if (left[0] === ADMIN.email) {
        expect((await call(t.app, 'GET', '/api/auth/sessions', carol)).statusCode).toBe(401);
      } else {
        expect((await call(t.app, 'GET', '/api/auth/sessions', boss)).statusCode).toBe(401);
        boss = await logIn(t.app, ADMIN.email, ADMIN.password);
        // Put the roles back as they were: Carol promotes the boss and steps down herself.
        carol = await logIn(t.app, 'carol@example.com', 'password-123');
        expect((await promote(carol, ADMIN.email)).json()).toEqual({ modifiedCount: 1 });
        boss = await logIn(t.app, ADMIN.email, ADMIN.password);
        expect((await demote(boss, 'carol@example.com')).json()).toEqual({ modifiedCount: 1 });
      }
      expect(await admins()).toEqual([ADMIN.email]);
    }
  });
});
