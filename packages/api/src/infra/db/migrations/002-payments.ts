// The payment tables (types in payments/payment-tables.ts): the shop's payment records and the sandbox processor's intents.
import type { Kysely, Migration } from 'kysely';

export const paymentsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('payments')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('provider', 'varchar(16)', (c) => c.notNull())
      .addColumn('intent_id', 'varchar(255)', (c) => c.notNull())
      // An unpaid order may be deleted after an attempt; its payment row stays as the record of that attempt.
      .addColumn('order_id', 'varchar(24)', (c) => c.references('orders.id').onDelete('set null'))
      .addColumn('amount_cents', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('status', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .addUniqueConstraint('payments_provider_intent', ['provider', 'intent_id'])
      .execute();
    await db.schema.createIndex('payments_order_id').on('payments').column('order_id').execute();

    // No foreign key to orders: this table stands in for the processor's own books, outside the shop's data.
    await db.schema
      .createTable('sandbox_intents')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('client_secret', 'varchar(100)', (c) => c.notNull())
      .addColumn('idempotency_key', 'varchar(255)', (c) => c.notNull().unique())
      .addColumn('order_id', 'varchar(24)', (c) => c.notNull())
      .addColumn('amount_cents', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('status', 'varchar(32)', (c) => c.notNull())
      .addColumn('amount_received', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error_code', 'varchar(64)')
      .addColumn('last_error_decline_code', 'varchar(64)')
      .addColumn('last_error_message', 'varchar(255)')
      .addColumn('card_last4', 'varchar(4)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('sandbox_intents').execute();
    await db.schema.dropTable('payments').execute();
  },
};
