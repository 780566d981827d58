// Mail across two instances on one PostgreSQL (B2B §6, §8): the outbox is delivered by whichever instance's
// background run takes it (pg-boss, one run at a time; each message under a lease), to a real SMTP server that is
// down at first and comes back; one instance is stopped (SIGTERM) mid-stream. Every message arrives exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type OpenDatabase } from '../src/infra/db/create-db.js';
import { createMailService } from '../src/modules/mail/index.js';
import { SEALER } from '../test/modules/mail/mail-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../test/helpers/databases.js';
import { freePort } from '../test/helpers/free-port.js';
import { smtpSink, type SmtpSink } from '../test/modules/mail/smtp-sink.js';
import { startServer, stopServer, type ServerProcess } from './server-process.js';

const N = 60;

async function until(what: string, done: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  for (const deadline = Date.now() + ms; !(await done()); await new Promise((r) => setTimeout(r, 100))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
  }
}

describe('mail from two instances on one PostgreSQL database', () => {
  let db: TestDatabase;
  let database: OpenDatabase | undefined;
  let smtp: SmtpSink | undefined;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    smtp = smtpSink(await freePort(), { delayMs: 30 });
    const env = { SMTP_URL: smtp.url, MAIL_FROM: 'Kestrel Components <orders@kestrel.example>' };
    const started = await Promise.allSettled([
      startServer(db.url, db.dir, undefined, undefined, env),
      startServer(db.url, db.dir, undefined, undefined, env),
    ]);
    servers = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    for (const r of started) if (r.status === 'rejected') throw r.reason;
  });
  afterAll(async () => {
    await Promise.all(servers.map(stopServer));
    await smtp?.stop();
    await database?.db.destroy();
    await db?.drop();
  });

  it(`delivers ${N} messages once each, through a mail server outage and an instance stopped mid-stream`, async () => {
    const sink = smtp;
    const [a, b] = servers;
    if (!sink || !a || !b) throw new Error('set-up failed');
    // The messages are queued as any instance would queue them: rows in the shared outbox.
    const shared = openDatabase({ kind: 'postgres', url: db.url });
    database = shared;
    await migrate(shared.db);
    const mail = createMailService({
      database: shared,
      config: { smtpUrl: sink.url, from: 'orders@kestrel.example', dir: db.dir },
      site: { name: 'Kestrel Components', publicUrl: 'https://shop.example.com' },
      sealer: SEALER,
      log: { warn: () => undefined, error: () => undefined },
    });
    for (let i = 0; i < N; i++) {
      await mail.send({
        to: `buyer${i}@example.com`,
        dedupeKey: `order-shipped:o-${i}`,
        content: {
          kind: 'order-shipped',
          data: { orderId: `o-${i}`, buyerName: `Buyer ${i}`, poNumber: null, carrier: 'DHL', trackingNumber: `T${i}` },
        },
      });
    }
    const outbox = () =>
      shared.db.selectFrom('mail_outbox').select(['status', 'attempts', 'message_id', 'last_error']).execute();

    // The server is down: a background run tries, fails, and schedules a retry; nothing is lost.
    await until('a failed attempt', async () => (await outbox()).some((r) => r.last_error !== null), 20_000);
    const failed = (await outbox()).filter((r) => r.last_error !== null);
    expect(failed.map((r) => [r.status, r.attempts])).toEqual(failed.map(() => ['queued', 1]));
    expect(failed.every((r) => /ECONNREFUSED/.test(r.last_error ?? ''))).toBe(true);

    // It comes back; while messages flow, one instance is stopped gracefully.
    await sink.start();
    await until('the first deliveries', () => sink.received.length >= 5, 20_000);
    a.child.kill('SIGTERM');
    expect(await a.exited).toEqual({ code: 0, signal: null });

    // The other carries on, including the messages that failed during the outage (their retry is due 30 s later).
    await until('every message', () => sink.received.length >= N, 90_000);
    await new Promise((r) => setTimeout(r, 6_000)); // a full period more: nothing is sent twice
    const ids = sink.received.map((m) => m.headers.get('message-id'));
    expect(ids).toHaveLength(N);
    expect(new Set(ids).size).toBe(N);
    const rows = await outbox();
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(N);
    expect(new Set(rows.map((r) => r.message_id))).toEqual(new Set(ids));
    expect(sink.received.map((m) => m.envelopeTo[0]).sort()).toEqual(
      Array.from({ length: N }, (_, i) => `buyer${i}@example.com`).sort(),
    );
    expect(b.child.exitCode).toBeNull();
    await mail.close();
  });
});
