// #24, addresses and names, on SQLite and PostgreSQL against a real SMTP server. An e-mail address is one mailbox
// wherever it is taken (the shared rule): `x,victim@corp.example` passed sign-up before and its confirmation mail went
// to the victim. A name is one line: a sign-up name with line breaks made its own paragraph in the confirmation mail
// ("Your account is suspended. Restore it at ..."). Mail renders every stored text on one line, and a stored recipient
// that is not one mailbox is never sent to.
import { messages, singleLineMessage } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../src/seed/factories.js';
import { databases } from '../helpers/databases.js';
import { freePort } from '../helpers/free-port.js';
import { call, createTestApp, logIn, signUp, ADMIN, type TestApp } from '../helpers/test-app.js';
import { smtpSink, type SmtpSink } from '../modules/mail/smtp-sink.js';
import { callFrom } from '../modules/accounts/account-fixtures.js';

const NOT_ONE_MAILBOX = [
  'x,victim@corp.example',
  'x;victim@corp.example',
  'ann@corp.example,victim@corp.example',
  'Ann <ann@corp.example>',
  '<victim@corp.example>',
  '"ann"@corp.example',
  'ann @corp.example',
  'ann@corp.example\r\nBcc: victim@corp.example',
  'ann\n@corp.example',
  'ann@@corp.example',
  'ann@corp@example.com',
  'ann@corp..example',
  'ann@-corp.example',
];
const LURE = 'Ann\n\nYour account is suspended. Restore it at https://evil.example/restore';

const validation = (message: string) => ({ error: { code: 'validation_error', message } });

describe.each(databases)('addresses and names on %s', (kind) => {
  let t: TestApp;
  let smtp: SmtpSink;
  let ip = 0;
  const from = () => `10.25.${Math.floor(++ip / 200)}.${ip % 200}`;
  beforeAll(async () => {
    smtp = smtpSink(await freePort());
    await smtp.start();
    t = await createTestApp(kind, { SMTP_URL: smtp.url, MAIL_FROM: 'shop@kestrel.example' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('refuses every address that is not one mailbox, at sign-up, sign-in, reset and in paths', async () => {
    for (const email of NOT_ONE_MAILBOX) {
      const signup = await callFrom(t.app, from(), 'POST', '/api/auth/signup', {
        name: 'Ann',
        email,
        password: 'ann-password-1',
      });
      expect([email, signup.statusCode, signup.json()]).toEqual([email, 400, validation(messages.signup.emailInvalid)]);
      const login = await callFrom(t.app, from(), 'POST', '/api/auth/login', { email, password: 'ann-password-1' });
      expect([email, login.statusCode, login.json()]).toEqual([email, 400, validation(messages.login.emailInvalid)]);
      const forgot = await callFrom(t.app, from(), 'POST', '/api/auth/password/forgot', { email });
      expect([email, forgot.statusCode]).toEqual([email, 400]);
    }
    const someone = await signUp(t.app, 'Someone', 'someone@example.com');
    const path = await call(t.app, 'GET', `/api/admin/${encodeURIComponent('x,someone@example.com')}`, someone);
    expect(path.statusCode).toBe(400);
    expect(await t.app.db.selectFrom('users').select('email').orderBy('email').execute()).toEqual([
      { email: ADMIN.email },
      { email: 'someone@example.com' },
    ]);
    await t.app.mail.deliverDue();
    expect(smtp.received.flatMap((m) => m.envelopeTo)).toEqual(['someone@example.com']);
    // Still accepted: the addresses people have (plus tags, dots, apostrophes, capitals, subdomains).
    for (const email of ["o'brien+orders@mail.corp.example", 'Ann.Lee@Example.CO.UK']) {
      const res = await callFrom(t.app, from(), 'POST', '/api/auth/signup', {
        name: 'Fine',
        email,
        password: 'fine-password-1',
      });
      expect([email, res.statusCode]).toEqual([email, 201]);
    }
  });

  it('refuses names and one-line fields with line breaks or control characters', async () => {
    const signup = await callFrom(t.app, from(), 'POST', '/api/auth/signup', {
      name: LURE,
      email: 'lure@example.com',
      password: 'lure-password-1',
    });
    expect(signup.json()).toEqual(validation(singleLineMessage('Name')));
    expect(await t.app.db.selectFrom('users').select('id').where('email', '=', 'lure@example.com').execute()).toEqual(
      [],
    );

    const bob = await signUp(t.app, 'Bob', 'bob@example.com');
    const admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    const refusals: Array<[string, Promise<{ json(): unknown }>, string]> = [
      ['profile', call(t.app, 'PUT', '/api/profile/bob@example.com', bob, { userName: 'Bob\rX' }), 'userName'],
      ['user', call(t.app, 'PUT', '/api/user/bob@example.com', bob, { name: 'Bob\u2028X' }), 'name'],
      ['product', call(t.app, 'POST', '/api/service', admin, createProduct({ name: 'Part\nX' })), 'name'],
      ['checkout', call(t.app, 'POST', '/api/cart/checkout', bob, { phone: '555\n1', address: 'Street 1' }), 'phone'],
      ['review', call(t.app, 'POST', '/api/review', bob, { name: 'B\tob', rating: 5, description: 'ok' }), 'name'],
    ];
    for (const [what, answer, field] of refusals) {
      expect([what, (await answer).json()]).toEqual([what, validation(singleLineMessage(field))]);
    }
    const user = await t.app.db.selectFrom('users').select('name').where('id', '=', bob.id).executeTakeFirst();
    expect(user?.name).toBe('Bob');
  });

  it('renders stored text on one line and never sends to a stored recipient that is not one mailbox', async () => {
    await t.app.mail.deliverDue();
    smtp.received.length = 0;
    await t.app.mail.send({
      to: 'old@example.com',
      dedupeKey: 'lure:1',
      content: { kind: 'email-verification', data: { name: LURE, token: 'tok-1' } },
    });
    await t.app.mail.send({
      to: 'x,victim@corp.example',
      dedupeKey: 'lure:2',
      content: { kind: 'email-verification', data: { name: 'X', token: 'tok-2' } },
    });
    // One run: the refused recipient is not a server fault, so the run goes on to the next message.
    expect(await t.app.mail.deliverDue()).toEqual({ sent: 1, retried: 0, failed: 1 });
    expect(smtp.received.flatMap((m) => m.envelopeTo)).toEqual(['old@example.com']);
    const text = smtp.received[0]?.text.replace(/\r\n/g, '\n') ?? '';
    expect(text).toContain('Hello Ann Your account is suspended. Restore it at https://evil.example/restore,\n');
    expect(text.split('\n').filter((line) => line.startsWith('Your account'))).toEqual([]);
    const failed = await t.app.db
      .selectFrom('mail_outbox')
      .select(['status', 'last_error'])
      .where('dedupe_key', '=', 'lure:2')
      .executeTakeFirst();
    expect(failed).toEqual({ status: 'failed', last_error: 'the recipient is not one e-mail address; not sent' });
  });
});
