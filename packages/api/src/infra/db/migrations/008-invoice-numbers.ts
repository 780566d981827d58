// Gap-free invoice numbers (B2B §6): one counter row per calendar year, holding the last number given out that year.
// modules/documents takes the next number with an upsert inside the payment's transaction, so a payment that rolls
// back gives its number back and two payments at once get two consecutive numbers (the row lock orders them).
import type { Kysely, Migration } from 'kysely';

export const invoiceNumbersMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('invoice_counters')
      .addColumn('year', 'integer', (c) => c.primaryKey())
      .addColumn('last_number', 'integer', (c) => c.notNull())
      .execute();
    // An invoice number names one order: a second order with the same number would be a bug, so the database says no.
    await db.schema.createIndex('orders_invoice_number').on('orders').column('invoice_number').unique().execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('orders_invoice_number').execute();
    await db.schema.dropTable('invoice_counters').execute();
  },
};
