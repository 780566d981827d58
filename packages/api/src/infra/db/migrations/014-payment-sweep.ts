// Issue #24 (hardening): the payment sweep's bookkeeping. `order_ref` is the order an intent was opened for, kept when
// the order is deleted (order_id, a foreign key, turns null then), so a delete can still void what it left open;
// `settled_at` marks a row that needs nothing more (voided, refunded, or the charge that paid its order), so the sweep
// reads only the few rows still unsettled, however many payments the shop has taken.
import { sql, type Kysely, type Migration } from 'kysely';

export const paymentSweepMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // One column per statement: SQLite's ALTER TABLE adds one at a time.
    await db.schema.alterTable('payments').addColumn('order_ref', 'varchar(24)').execute();
    await db.schema.alterTable('payments').addColumn('settled_at', 'varchar(32)').execute();
    await sql`UPDATE payments SET order_ref = order_id`.execute(db);
    await sql`UPDATE payments SET settled_at = updated_at
      WHERE status = 'canceled' OR refunded_at IS NOT NULL
        OR EXISTS (SELECT 1 FROM orders o WHERE o.id = payments.order_id AND o.transaction_id = payments.intent_id)`.execute(
      db,
    );
    await db.schema.createIndex('payments_order_ref').on('payments').column('order_ref').execute();
    await db.schema
      .createIndex('payments_unsettled')
      .on('payments')
      .column('id')
      .where(sql.ref('settled_at'), 'is', null)
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('payments_unsettled').execute();
    await db.schema.dropIndex('payments_order_ref').execute();
    await db.schema.alterTable('payments').dropColumn('settled_at').execute();
    await db.schema.alterTable('payments').dropColumn('order_ref').execute();
  },
};
