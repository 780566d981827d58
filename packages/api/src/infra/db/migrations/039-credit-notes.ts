// B2B §14, issue #51: an order may have several credit notes, one per cancellation or received return (§11's one
// credit note per order was the first of them). Each keeps what it credits (its lines, subtotal, tax and total in
// cents) and how the money goes back (`settlement`):
// - 'card': refunded to the card the order was paid with; `refunded_at` is set once the provider has refunded it, so
//   a refund that failed stays due and is retried (payments' sweep job);
// - 'invoice': taken off an unpaid on-account invoice: `orders.credited_cents` adds it, and the open balance counts
//   each open order's total less that (billing/balance-repository.ts);
// - 'balance': credited to the company's account after its invoice was paid (a negative balance is credit).
// The orders' own credit_note_number stays the first note's number (§14: `creditNoteNumber` stays the first).
//
// Orders credited before this migration had one note for the whole order (a cancellation): each gets its row, with
// `lines` null meaning every line of the order.
import { sql, type Kysely, type Migration } from 'kysely';

export const severalCreditNotesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('credit_notes')
      .addColumn('number', 'varchar(20)', (c) => c.primaryKey())
      .addColumn('order_id', 'varchar(24)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('company_id', 'varchar(24)')
      .addColumn('reason', 'varchar(16)', (c) => c.notNull())
      // JSON text: [{ productId, sku, name, quantity, unitPriceCents }]; null: every line of the order.
      .addColumn('lines', 'text')
      .addColumn('subtotal_cents', 'bigint', (c) => c.notNull())
      .addColumn('tax_cents', 'bigint', (c) => c.notNull())
      .addColumn('total_cents', 'bigint', (c) => c.notNull())
      .addColumn('settlement', 'varchar(16)', (c) => c.notNull())
      .addColumn('refund_id', 'varchar(100)')
      .addColumn('refunded_at', 'varchar(32)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('credit_notes_order').on('credit_notes').columns(['order_id', 'created_at']).execute();
    // The company's account credits (settlement 'balance') and the card refunds still due are read by these.
    await db.schema
      .createIndex('credit_notes_company')
      .on('credit_notes')
      .columns(['company_id', 'settlement'])
      .execute();
    await db.schema
      .alterTable('orders')
      .addColumn('credited_cents', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();

    await sql`
      INSERT INTO credit_notes (number, order_id, company_id, reason, lines, subtotal_cents, tax_cents, total_cents,
        settlement, refunded_at, created_at)
      SELECT credit_note_number, id, company_id, 'cancellation', NULL, total_cents - tax_cents, tax_cents, total_cents,
        CASE WHEN payment_terms = 'card' THEN 'card' ELSE 'invoice' END, refunded_at,
        COALESCE(credit_note_at, updated_at)
      FROM orders WHERE credit_note_number IS NOT NULL`.execute(db);
    await sql`UPDATE orders SET credited_cents = total_cents WHERE credit_note_number IS NOT NULL`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').dropColumn('credited_cents').execute();
    await db.schema.dropTable('credit_notes').execute();
  },
};
