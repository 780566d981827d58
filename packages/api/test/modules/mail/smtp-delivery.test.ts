// Delivery to a real SMTP server started in the test: exact headers and texts; a server that is down, retried with
// backoff, comes back and gets the message once; giving up after the last attempt; two instances delivering the same
// outbox at once send each message once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { freePort } from '../../helpers/free-port.js';
import { FROM, mailFixture, resetMail, shippedMail, type MailFixture } from './mail-fixtures.js';
import { smtpSink, type SmtpSink } from './smtp-sink.js';

const RETRY = { baseMs: 60_000, capMs: 300_000, maxAttempts: 4 };

describe.each(databases)('mail delivery over SMTP on %s', (kind) => {
  let f: MailFixture;
  let smtp: SmtpSink;
  beforeEach(async () => {
    f = await mailFixture(kind);
    smtp = smtpSink(await freePort());
  });
  afterEach(async () => {
    await smtp.stop();
    await f.close();
  });

  const row = async (dedupeKey: string) =>
    f.database.db.selectFrom('mail_outbox').selectAll().where('dedupe_key', '=', dedupeKey).executeTakeFirstOrThrow();
  const later = (ms: number) => (f.clock.now = new Date(f.clock.now.getTime() + ms));

  it('delivers the exact message, with a stable Message-ID, and never again', async () => {
    await smtp.start();
    const mail = f.service(smtp.url);
    await mail.send(shippedMail('ada@example.com', 'o-1'));
    const queued = await row('order-shipped:o-1');

    expect(await mail.deliverDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const [got] = smtp.received;
    expect(got?.envelopeFrom).toBe('orders@shop.example.com');
    expect(got?.envelopeTo).toEqual(['ada@example.com']);
    expect(got?.headers.get('to')).toBe('ada@example.com');
    expect(got?.headers.get('from')).toBe(FROM);
    expect(got?.headers.get('subject')).toBe('Order o-1 shipped (PO PO-7)');
    expect(got?.headers.get('message-id')).toBe(queued.message_id);
    expect(got?.headers.get('date')).toBe('Mon, 02 Mar 2026 09:00:00 +0000');
    expect(got?.text.replace(/\r\n/g, '\n')).toBe(
      [
        'Hello Ada Lovelace,',
        '',
        'Your order has left our warehouse with DHL.',
        '',
        'Order:           o-1',
        'PO number:       PO-7',
        'Carrier:         DHL',
        'Tracking number: JD0146000',
        '',
        'Your orders: https://shop.example.com/dashboard/orders/o-1',
        '',
        'Kestrel Components',
        'https://shop.example.com',
        '',
        'You receive this because you placed this order at Kestrel Components.',
        '',
      ].join('\n'),
    );
    expect(got?.html.replace(/\r\n/g, '\n')).toBe(mail.bodies(queued.content).html);

    expect(await row('order-shipped:o-1')).toMatchObject({
      status: 'sent',
      attempts: 1,
      sent_at: '2026-03-02T09:00:00.000Z',
      claimed_by: null,
      last_error: null,
    });
    later(24 * 3_600_000);
    expect(await mail.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('retries with backoff while the server is down, then delivers once when it is back', async () => {
    const mail = f.service(smtp.url, RETRY);
    await mail.send(shippedMail('ada@example.com', 'o-2'));

    expect(await mail.deliverDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    let r = await row('order-shipped:o-2');
    expect([r.status, r.attempts, r.next_attempt_at]).toEqual(['queued', 1, '2026-03-02T09:01:00.000Z']);
    expect(r.last_error).toMatch(/ECONNREFUSED/);
    expect(f.logs.map((l) => [l.level, l.message, l.details['attempts']])).toEqual([
      ['warn', 'mail delivery failed; will retry', 1],
    ]);

    // Not due yet: nothing is tried.
    later(59_999);
    expect(await mail.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    later(1);
    expect(await mail.deliverDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    r = await row('order-shipped:o-2');
    // The second wait is twice the first.
    expect([r.attempts, r.next_attempt_at]).toEqual([2, '2026-03-02T09:03:00.000Z']);

    await smtp.start();
    later(119_999);
    expect(await mail.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
    later(1);
    expect(await mail.deliverDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received.map((m) => m.headers.get('message-id'))).toEqual([r.message_id]);
    expect(await row('order-shipped:o-2')).toMatchObject({ status: 'sent', attempts: 3, last_error: null });

    later(3_600_000);
    expect(await mail.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('gives up after the last attempt, logs it as an error, and keeps the message as failed', async () => {
    const mail = f.service(smtp.url, { ...RETRY, maxAttempts: 2 });
    await mail.send(resetMail('ada@example.com', 'reset:1'));
    expect(await mail.deliverDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    later(60_000);
    expect(await mail.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(await row('reset:1')).toMatchObject({ status: 'failed', attempts: 2, claimed_by: null });
    expect(f.logs.map((l) => [l.level, l.message])).toEqual([
      ['warn', 'mail delivery failed; will retry'],
      ['error', 'mail delivery failed for good'],
    ]);
    expect(await mail.queueDepth()).toEqual({ queued: 0, failed: 1 });
    await smtp.start();
    later(86_400_000);
    expect(await mail.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it('blanks a delivered message that holds a live link, and keeps the others', async () => {
    await smtp.start();
    const mail = f.service(smtp.url);
    await mail.send(resetMail('ada@example.com', 'reset:2', 'secret-token'));
    await mail.send(shippedMail('ada@example.com', 'o-3'));
    expect(await mail.deliverDue()).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(smtp.received[0]?.text).toContain('https://shop.example.com/reset-password/secret-token');
    const reset = await row('reset:2');
    expect([reset.status, reset.content]).toEqual(['sent', '']);
    expect(mail.bodies((await row('order-shipped:o-3')).content).text).toContain('JD0146000');
  });

  it('stops a batch at a refused message and gives the rest back untried, then sends them next run', async () => {
    await smtp.stop();
    smtp = smtpSink(await freePort(), { refuse: ['nobody@example.com'] });
    await smtp.start();
    const mail = f.service(smtp.url, RETRY);
    for (let i = 0; i < 10; i++) {
      await mail.send(shippedMail(i === 3 ? 'nobody@example.com' : `buyer${i}@example.com`, `o-${i}`));
      later(1);
    }
    expect(await mail.deliverDue()).toEqual({ sent: 3, retried: 1, failed: 0 });
    const rows = await f.database.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'status', 'attempts', 'claimed_by'])
      .orderBy('created_at')
      .execute();
    expect(rows.map((r) => [r.to_address, r.status, r.attempts, r.claimed_by])).toEqual(
      Array.from({ length: 10 }, (_, i) =>
        i < 3
          ? [`buyer${i}@example.com`, 'sent', 1, null]
          : i === 3
            ? ['nobody@example.com', 'queued', 1, null]
            : [`buyer${i}@example.com`, 'queued', 0, null],
      ),
    );
    // The refused one waits for its backoff; the six given back go at once.
    expect(await mail.deliverDue()).toEqual({ sent: 6, retried: 0, failed: 0 });
    expect(smtp.received.map((m) => m.envelopeTo[0])).toEqual(
      [0, 1, 2, 4, 5, 6, 7, 8, 9].map((i) => `buyer${i}@example.com`),
    );
  });

  it('sends each message once when two instances deliver the same outbox at the same time', async () => {
    await smtp.start();
    const a = f.service(smtp.url);
    const b = f.service(smtp.url, {}, await f.reopen());
    for (let i = 0; i < 40; i++) await a.send(shippedMail(`buyer${i}@example.com`, `o-${i}`));
    const reports = await Promise.all([a.deliverDue(), b.deliverDue(), a.deliverDue(), b.deliverDue()]);
    expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(40);
    const ids = smtp.received.map((m) => m.headers.get('message-id'));
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
    expect(smtp.received.map((m) => m.envelopeTo[0]).sort()).toEqual(
      Array.from({ length: 40 }, (_, i) => `buyer${i}@example.com`).sort(),
    );
  });
});
