// Migration 014-payment-sweep on SQLite and PostgreSQL (issue #24): existing payment rows get their order in
// `order_ref`, and those that need nothing more (voided, refunded, or the charge that paid its order) are settled, so
// the payment sweep reads only the others; the migration goes down again cleanly.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { migrationDatabase } from '../../helpers/migration-database.js';

const AT = '2026-01-01T00:00:00.000Z';

describe.each(databases)('migration 014-payment-sweep on %s', (kind) => {
  const opened = migrationDatabase(kind);

  it('fills order_ref, settles the rows with nothing left to do, and goes down again', async () => {
    const { db, migrator } = opened;
    expect((await migrator.migrateTo('011-account-care')).error).toBeUndefined();
    await sql`INSERT INTO users (id, email, name, password_hash, role, created_at)
      VALUES ('aaaaaaaaaaaaaaaaaaaaaaa1', 'a@example.com', 'A', NULL, 'customer', ${AT})`.execute(db);
    const order = (id: string, transactionId: string | null) =>
      sql`INSERT INTO orders (id, product_id, user_id, item_name, quantity, unit_price_cents, total_cents, email,
          user_name, phone, address, paid_at, transaction_id, created_at, status, status_history, payment_terms)
        VALUES (${id}, NULL, 'aaaaaaaaaaaaaaaaaaaaaaa1', 'Fan', 10, 100, 1000, 'a@example.com', 'A', '1', 'x',
          ${transactionId ? AT : null}, ${transactionId}, ${AT}, ${transactionId ? 'confirmed' : 'cancelled'}, '[]',
          'card')`.execute(db);
    await order('bbbbbbbbbbbbbbbbbbbbbbb1', 'pi_paid0000001');
    await order('bbbbbbbbbbbbbbbbbbbbbbb2', null);
    const payment = (id: string, intent: string, orderId: string | null, status: string, refunded: boolean) =>
      sql`INSERT INTO payments (id, provider, intent_id, order_id, amount_cents, currency, status, refund_id,
          refunded_at, created_at, updated_at)
        VALUES (${id}, 'sandbox', ${intent}, ${orderId}, 1000, 'usd', ${status}, ${refunded ? 're_1' : null},
          ${refunded ? AT : null}, ${AT}, ${AT})`.execute(db);
    await payment('ccccccccccccccccccccccc1', 'pi_paid0000001', 'bbbbbbbbbbbbbbbbbbbbbbb1', 'succeeded', false);
    await payment('ccccccccccccccccccccccc2', 'pi_void0000001', 'bbbbbbbbbbbbbbbbbbbbbbb2', 'canceled', false);
    await payment('ccccccccccccccccccccccc3', 'pi_back0000001', 'bbbbbbbbbbbbbbbbbbbbbbb2', 'succeeded', true);
    await payment(
      'ccccccccccccccccccccccc4',
      'pi_open0000001',
      'bbbbbbbbbbbbbbbbbbbbbbb2',
      'requires_payment_method',
      false,
    );
    await payment('ccccccccccccccccccccccc5', 'pi_gone0000001', null, 'requires_payment_method', false);

    expect((await migrator.migrateTo('014-payment-sweep')).error).toBeUndefined();
    const rows = await db
      .selectFrom('payments')
      .select(['intent_id', 'order_ref', 'settled_at'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { intent_id: 'pi_paid0000001', order_ref: 'bbbbbbbbbbbbbbbbbbbbbbb1', settled_at: AT },
      { intent_id: 'pi_void0000001', order_ref: 'bbbbbbbbbbbbbbbbbbbbbbb2', settled_at: AT },
      { intent_id: 'pi_back0000001', order_ref: 'bbbbbbbbbbbbbbbbbbbbbbb2', settled_at: AT },
      { intent_id: 'pi_open0000001', order_ref: 'bbbbbbbbbbbbbbbbbbbbbbb2', settled_at: null },
      { intent_id: 'pi_gone0000001', order_ref: null, settled_at: null },
    ]);

    expect((await migrator.migrateTo('011-account-care')).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});
