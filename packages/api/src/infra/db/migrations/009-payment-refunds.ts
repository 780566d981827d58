// Voids and refunds (B2B §4): the shop's payments remember the refund of each intent, so a replayed notification or a
// second cancel refunds once; the sandbox processor's books gain what Stripe keeps for a refund (its id and amount).
import type { Kysely, Migration } from 'kysely';

export const paymentRefundsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // One column per statement: SQLite's ALTER TABLE adds one at a time.
    await db.schema.alterTable('payments').addColumn('refund_id', 'varchar(255)').execute();
    await db.schema.alterTable('payments').addColumn('refunded_at', 'varchar(32)').execute();
    await db.schema
      .alterTable('sandbox_intents')
      .addColumn('amount_refunded', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('sandbox_intents').addColumn('refund_id', 'varchar(40)').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('sandbox_intents').dropColumn('refund_id').execute();
    await db.schema.alterTable('sandbox_intents').dropColumn('amount_refunded').execute();
    await db.schema.alterTable('payments').dropColumn('refunded_at').execute();
    await db.schema.alterTable('payments').dropColumn('refund_id').execute();
  },
};
