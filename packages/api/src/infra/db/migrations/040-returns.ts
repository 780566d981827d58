// B2B §14, issue #51: returns (RMA). A return asks for delivered units of one order back; its lines keep what was
// asked (the product, its SKU and name as ordered, how many, why) and what the warehouse then received and put back
// on the shelf. RMA-{year}-{000001} numbers are gap-free like every document number (008, 017, 022): one counter row
// per year, taken with an upsert in the transaction that records the return, so a rollback gives the number back.
// The order line's `returned_quantity` counts the units received back (B2B §14), kept on the line so every read of
// an order answers it without a join; it defaults to 0 so the hot order writes, which leave it out, are unchanged.
import { type Kysely, type Migration } from 'kysely';

export const returnsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('return_counters')
      .addColumn('year', 'integer', (c) => c.primaryKey())
      .addColumn('last_number', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('returns')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('number', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('order_id', 'varchar(24)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('order_number', 'varchar(32)', (c) => c.notNull())
      // Who asked: they are mailed at each step. The order's company: its members read the return.
      .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
      .addColumn('email', 'varchar(254)', (c) => c.notNull())
      .addColumn('user_name', 'varchar(120)', (c) => c.notNull())
      .addColumn('company_id', 'varchar(24)')
      // requested | authorized | rejected | received
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('note', 'text')
      // Why the shop rejected it (mailed to whoever asked).
      .addColumn('reject_reason', 'text')
      // What the received units were credited at (their unit price plus the order's tax on them); 0 until received.
      .addColumn('refund_total_cents', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('credit_note_number', 'varchar(32)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    // The requester's list, the company's list and the staff list (all, or by status), newest first; an order's returns.
    await db.schema.createIndex('returns_user_created').on('returns').columns(['user_id', 'created_at']).execute();
    await db.schema
      .createIndex('returns_company_created')
      .on('returns')
      .columns(['company_id', 'created_at'])
      .execute();
    await db.schema.createIndex('returns_status_created').on('returns').columns(['status', 'created_at']).execute();
    await db.schema.createIndex('returns_created').on('returns').column('created_at').execute();
    await db.schema.createIndex('returns_order').on('returns').column('order_id').execute();

    await db.schema
      .createTable('return_lines')
      .addColumn('return_id', 'varchar(24)', (c) => c.notNull().references('returns.id').onDelete('cascade'))
      .addColumn('line_no', 'integer', (c) => c.notNull())
      .addColumn('product_id', 'varchar(24)', (c) => c.notNull())
      .addColumn('sku', 'varchar(32)', (c) => c.notNull())
      .addColumn('name', 'varchar(120)', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('received_quantity', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('restocked_quantity', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('return_lines_pk', ['return_id', 'line_no'])
      .execute();

    await db.schema
      .alterTable('order_lines')
      .addColumn('returned_quantity', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('order_lines').dropColumn('returned_quantity').execute();
    await db.schema.dropTable('return_lines').execute();
    await db.schema.dropTable('returns').execute();
    await db.schema.dropTable('return_counters').execute();
  },
};
