// The outbox (B2B §6): a message is queued in the caller's transaction, so it exists exactly when the change that
// causes it commits; a dedupe key never queues twice.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { onSqliteConnection } from '../../../src/infra/db/create-db.js';
import { databases } from '../../helpers/databases.js';
import { mailFixture, resetMail, shippedMail, type MailFixture } from './mail-fixtures.js';

describe.each(databases)('mail outbox on %s', (kind) => {
  let f: MailFixture;
  beforeEach(async () => {
    f = await mailFixture(kind);
  });
  afterEach(async () => {
    await f.close();
  });

  const rows = () => f.database.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();

  it('queues nothing when the caller’s transaction rolls back, and the message when it commits', async () => {
    const mail = f.service();
    await expect(
      f.database.db.transaction().execute(async (trx) => {
        expect(await mail.enqueue(trx, shippedMail('ada@example.com', 'o-1'))).toBe(true);
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    expect(await rows()).toEqual([]);

    await f.database.db.transaction().execute((trx) => mail.enqueue(trx, shippedMail('ada@example.com', 'o-1')));
    const [row, more] = await rows();
    expect(more).toBeUndefined();
    expect(row).toMatchObject({
      dedupe_key: 'order-shipped:o-1',
      kind: 'order-shipped',
      to_address: 'ada@example.com',
      subject: 'Order o-1 shipped (PO PO-7)',
      status: 'queued',
      attempts: 0,
      next_attempt_at: '2026-03-02T09:00:00.000Z',
      created_at: '2026-03-02T09:00:00.000Z',
      claimed_by: null,
      claimed_until: null,
      last_error: null,
      sent_at: null,
    });
    expect(row?.message_id).toBe(`<${row?.id}.order-shipped@shop.example.com>`);
    expect(await mail.queueDepth()).toEqual({ queued: 1, failed: 0 });
  });

  it('queues one message per dedupe key, however often the event is reported', async () => {
    const mail = f.service();
    expect(await mail.send(resetMail('ada@example.com', 'reset:1'))).toBe(true);
    expect(await mail.send(resetMail('ada@example.com', 'reset:1', 'another-token'))).toBe(false);
    expect(
      await f.database.db.transaction().execute((t) => mail.enqueue(t, resetMail('x@example.com', 'reset:1'))),
    ).toBe(false);
    expect(await mail.send(resetMail('ada@example.com', 'reset:2'))).toBe(true);
    const queued = await rows();
    expect(queued.map((r) => [r.dedupe_key, r.to_address])).toEqual([
      ['reset:1', 'ada@example.com'],
      ['reset:2', 'ada@example.com'],
    ]);
    // The row keeps the message's data; its bodies are rendered from it, the first report's token included.
    expect(mail.bodies(queued[0]?.content ?? '').text).toContain('https://shop.example.com/reset-password/tok-123');
  });

  it.runIf(kind === 'sqlite')(
    'queues inside a synchronous SQLite transaction, and nothing when it rolls back',
    async () => {
      const mail = f.service();
      const sqlite = f.database.sqlite;
      if (!sqlite) throw new Error('no SQLite handle');
      const inTransaction = (fail: boolean) =>
        onSqliteConnection(f.database, () =>
          sqlite.database.transaction(() => {
            const queued = mail.insertSync(mail.prepare(shippedMail('ada@example.com', 'o-2')));
            if (fail) throw new Error('refused');
            return queued;
          })(),
        );
      await expect(inTransaction(true)).rejects.toThrow('refused');
      expect(await rows()).toEqual([]);
      expect(await inTransaction(false)).toBe(true);
      expect(await inTransaction(false)).toBe(false);
      expect((await rows()).map((r) => [r.dedupe_key, r.status, r.attempts])).toEqual([
        ['order-shipped:o-2', 'queued', 0],
      ]);
    },
  );

  it.runIf(kind === 'postgres')('refuses the synchronous form on PostgreSQL', () => {
    const mail = f.service();
    expect(() => mail.insertSync(mail.prepare(shippedMail('ada@example.com', 'o-3')))).toThrow(
      'insertSync is for SQLite; use enqueue with the transaction',
    );
  });
});
