// #24, outbox secrets, on SQLite and PostgreSQL: with the mail server down, the password-reset and confirmation mails
// wait in `mail_outbox`; everything read there (every column, every text in the content, every token-like piece of
// it) is tried as a link and none resets the password or confirms the address. Once the server is back, the mails
// delivered to it carry links that work. Before the fix the content held the raw token, and the reset worked from it.
import { messages } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../helpers/databases.js';
import { freePort } from '../helpers/free-port.js';
import { createTestApp, signUp, type TestApp } from '../helpers/test-app.js';
import { smtpSink, type SmtpSink } from '../modules/mail/smtp-sink.js';
import { callFrom, error, meStatus } from '../modules/accounts/account-fixtures.js';

const PUBLIC_URL = 'https://shop.kestrel.example';

/** Every text in a row: its columns, the strings inside its JSON content, and every token-like run of characters. */
function candidatesOf(row: Record<string, unknown>): string[] {
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      found.add(value);
      for (const piece of value.match(/[\w-]{20,}/g) ?? []) found.add(piece);
      for (const piece of value.split('.')) if (piece) found.add(piece);
      try {
        walk(JSON.parse(value));
      } catch {
        // not JSON
      }
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(row);
  return [...found].filter((text) => text.length > 0 && text.length <= 200);
}

describe.each(databases)('the outbox keeps no live link on %s', (kind) => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = smtpSink(await freePort());
    t = await createTestApp(kind, { SMTP_URL: smtp.url, MAIL_FROM: 'shop@kestrel.example', PUBLIC_URL });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('holds nothing that resets a password or confirms an address; the delivered mail does', async () => {
    const ann = await signUp(t.app, 'Ann Buyer', 'ann@example.com', 'old-password-1');
    expect(
      (await callFrom(t.app, '10.24.0.1', 'POST', '/api/auth/password/forgot', { email: ann.email })).statusCode,
    ).toBe(202);
    // The mail server is down: the attempt fails and both mails stay queued.
    expect(await t.app.mail.deliverDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const rows = await t.app.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', ann.email).execute();
    expect(rows.map((r) => [r.kind, r.status]).sort()).toEqual([
      ['email-verification', 'queued'],
      ['password-reset', 'queued'],
    ]);

    const candidates = rows.flatMap(candidatesOf);
    expect(candidates.length).toBeGreaterThan(20);
    let ip = 0;
    for (const token of candidates) {
      const from = `10.24.${Math.floor(++ip / 200)}.${ip % 200}`;
      const reset = await callFrom(t.app, from, 'POST', '/api/auth/password/reset', {
        token,
        password: 'taken-over-1',
      });
      expect(reset.statusCode, token).toBe(400);
      const verify = await callFrom(t.app, from, 'POST', '/api/auth/verify-email', { token });
      expect(verify.statusCode, token).toBe(400);
    }
    expect(await meStatus(t.app, ann.token)).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: ann.auth })).json().emailVerified).toBe(false);

    // The server comes back; the retry is made due now rather than after its backoff.
    await smtp.start();
    await t.app.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: new Date(0).toISOString() })
      .execute();
    expect(await t.app.mail.deliverDue()).toEqual({ sent: 2, retried: 0, failed: 0 });
    const linkIn = (path: string) => {
      const message = smtp.received.find((m) => m.text.includes(`${PUBLIC_URL}/${path}/`));
      const link = new RegExp(`${PUBLIC_URL}/${path}/(\\S+)`).exec(message?.text ?? '');
      return decodeURIComponent(link?.[1] ?? '');
    };
    const resetToken = linkIn('reset-password');
    const verifyToken = linkIn('verify-email');
    expect(resetToken).toMatch(/^[\w-]{43}$/);
    expect(verifyToken).toMatch(/^[\w-]{43}$/);
    expect(JSON.stringify(rows)).not.toContain(resetToken);
    expect(JSON.stringify(rows)).not.toContain(verifyToken);

    const verified = await callFrom(t.app, '10.24.9.1', 'POST', '/api/auth/verify-email', { token: verifyToken });
    expect(verified.statusCode).toBe(204);
    const reset = await callFrom(t.app, '10.24.9.2', 'POST', '/api/auth/password/reset', {
      token: resetToken,
      password: 'new-password-1',
    });
    expect(reset.statusCode).toBe(204);
    expect(await meStatus(t.app, ann.token)).toBe(401);
    // Delivered link mails are blanked, as before.
    const after = await t.app.db.selectFrom('mail_outbox').select(['status', 'content']).execute();
    expect(after.filter((r) => r.content !== '')).toEqual([]);
  });

  it('refuses a sealed token given as it is stored', async () => {
    const res = await callFrom(t.app, '10.24.10.1', 'POST', '/api/auth/password/reset', {
      token: 'sealed.v1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      password: 'new-password-2',
    });
    expect(res.json()).toEqual(error('invalid_token', messages.account.invalidToken));
  });
});
