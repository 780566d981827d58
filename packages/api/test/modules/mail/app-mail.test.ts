// The app's wiring (app.ts): once the server listens, the background engine delivers a queued message at once
// (woken, not at the next period), in-process on SQLite and through pg-boss on PostgreSQL; an app that only answers
// app.inject (most tests) starts no background work at all.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../helpers/free-port.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { resetMail } from './mail-fixtures.js';
import { smtpSink, type SmtpSink } from './smtp-sink.js';

async function until(done: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  for (const deadline = Date.now() + ms; !(await done()); await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
  }
}

describe('mail delivery in the running app', () => {
  let t: TestApp | undefined;
  let smtp: SmtpSink | undefined;
  afterEach(async () => {
    await t?.close();
    await smtp?.stop();
    t = undefined;
    smtp = undefined;
  });

  it('on SQLite, writes a queued message to MAIL_DIR right after it is queued', async () => {
    t = await createTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const dir = join(t.db.dir, 'mail');
    const started = Date.now();
    await t.app.mail.send(resetMail('ada@example.com', 'reset:1'));
    await until(() => existsSync(dir) && readdirSync(dir).some((f) => f.endsWith('.eml')));
    // Woken by the send: well before the 5 s period.
    expect(Date.now() - started).toBeLessThan(2_500);
    await until(async () => (await t?.app.mail.queueDepth())?.queued === 0);
  });

  it('on PostgreSQL, delivers through pg-boss to the SMTP server', async () => {
    smtp = smtpSink(await freePort());
    await smtp.start();
    t = await createTestApp('postgres', { SMTP_URL: smtp.url, MAIL_FROM: 'shop@kestrel.example' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await t.app.mail.send(resetMail('ada@example.com', 'reset:1'));
    const sink = smtp;
    await until(() => sink.received.length === 1);
    expect(sink.received[0]?.headers.get('subject')).toBe('Reset your Kestrel Components password');
    expect(sink.received[0]?.headers.get('from')).toBe('shop@kestrel.example');
    // Closing stops pg-boss before the database: nothing fails on a closed pool.
    await t.close();
    t = undefined;
    expect(sink.received).toHaveLength(1);
  });

  it('starts no background work in an app that is not listening', async () => {
    t = await createTestApp('postgres');
    await t.app.mail.send(resetMail('ada@example.com', 'reset:1'));
    await new Promise((r) => setTimeout(r, 300));
    const { rows } = await sql<{ schema: string | null }>`SELECT to_regnamespace('pgboss')::text AS schema`.execute(
      t.app.db,
    );
    expect(rows).toEqual([{ schema: null }]);
    expect(await t.app.mail.queueDepth()).toEqual({ queued: 1, failed: 0 });
  });
});
