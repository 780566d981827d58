// Orders of several lines (B2B §3): each order's lines, its PO number and note, its status and history, the payment
// terms and the later lifecycle fields (empty until they are used); each user's server-side cart; and a counter of a
// user's unpaid orders, kept in the same writes as the orders, so the open-order limit costs one row, not a count.
// Existing orders become one-line orders.
import { sql, type Kysely, type Migration } from 'kysely';

export const orderLinesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const orderColumns: Array<[string, string]> = [
      ['po_number', 'varchar(35)'],
      ['note', 'text'],
      ['status', "varchar(24) NOT NULL DEFAULT 'pending'"],
      // JSON: [{ "status": "pending", "at": "2026-..." }, ...], oldest first.
      ['status_history', "text NOT NULL DEFAULT '[]'"],
      ['payment_terms', "varchar(16) NOT NULL DEFAULT 'card'"],
      ['due_date', 'varchar(32)'],
      ['expires_at', 'varchar(32)'],
      ['carrier', 'varchar(60)'],
      ['tracking_number', 'varchar(100)'],
      ['invoice_number', 'varchar(32)'],
      ['company_id', 'varchar(24)'],
    ];
    for (const [name, type] of orderColumns) await sql.raw(`ALTER TABLE orders ADD COLUMN ${name} ${type}`).execute(db);
    await sql`UPDATE orders SET status = 'confirmed',
      status_history = '[{"status":"pending","at":"' || created_at || '"},{"status":"confirmed","at":"' || paid_at || '"}]'
      WHERE paid_at IS NOT NULL`.execute(db);
    await sql`UPDATE orders SET status_history = '[{"status":"pending","at":"' || created_at || '"}]'
      WHERE paid_at IS NULL`.execute(db);

    await db.schema
      .createTable('order_lines')
      .addColumn('order_id', 'varchar(24)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('line_no', 'integer', (c) => c.notNull())
      .addColumn('product_id', 'varchar(24)', (c) => c.references('products.id').onDelete('set null'))
      .addColumn('sku', 'varchar(32)', (c) => c.notNull())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('unit_price_cents', 'bigint', (c) => c.notNull())
      .addColumn('line_total_cents', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('order_lines_pk', ['order_id', 'line_no'])
      .execute();
    await db.schema.createIndex('order_lines_product_id').on('order_lines').column('product_id').execute();
    await sql`INSERT INTO order_lines (order_id, line_no, product_id, sku, name, quantity, unit_price_cents,
        line_total_cents)
      SELECT o.id, 0, o.product_id, COALESCE(p.sku, 'DELETED'), o.item_name, o.quantity, o.unit_price_cents,
        o.total_cents
      FROM orders o LEFT JOIN products p ON p.id = o.product_id`.execute(db);

    await sql`ALTER TABLE users ADD COLUMN open_orders integer NOT NULL DEFAULT 0`.execute(db);
    await sql`UPDATE users SET open_orders =
      (SELECT count(*) FROM orders WHERE orders.user_id = users.id AND orders.paid_at IS NULL)`.execute(db);

    await db.schema
      .createTable('cart_lines')
      .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('product_id', 'varchar(24)', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('added_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('cart_lines_pk', ['user_id', 'product_id'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('cart_lines').execute();
    await db.schema.dropTable('order_lines').execute();
  },
};
