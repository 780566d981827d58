// Credit notes (B2B §11): a cancelled or refunded order that had an invoice gets one credit note, numbered
// CN-{year}-{000001} without gaps like the invoices (migrations/008-invoice-numbers.ts): one counter row per year,
// taken with an upsert in the transaction that records the refund, so a rollback gives the number back.
import type { Kysely, Migration } from 'kysely';

export const creditNotesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('credit_note_counters')
      .addColumn('year', 'integer', (c) => c.primaryKey())
      .addColumn('last_number', 'integer', (c) => c.notNull())
      .execute();
    // One column per statement: SQLite's ALTER TABLE adds one at a time.
    await db.schema.alterTable('orders').addColumn('credit_note_number', 'varchar(32)').execute();
    await db.schema.alterTable('orders').addColumn('credit_note_at', 'varchar(32)').execute();
    // A credit note number names one order: the database refuses a second order with the same one.
    await db.schema
      .createIndex('orders_credit_note_number')
      .on('orders')
      .column('credit_note_number')
      .unique()
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('orders_credit_note_number').execute();
    await db.schema.alterTable('orders').dropColumn('credit_note_at').execute();
    await db.schema.alterTable('orders').dropColumn('credit_note_number').execute();
    await db.schema.dropTable('credit_note_counters').execute();
  },
};
