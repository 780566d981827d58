// The order desk (B2B §11): a human order number on every order (SO-{year}-{000001}), a counter per calendar year,
// and the indexes that keep GET /api/orders/search fast at a year of orders. Existing orders are numbered by creation
// order within the (UTC) year they were created in, and each year's counter starts after them.
//
// Search indexes: each kind of `q` has its own index, so one OR of them is a handful of index probes on both
// dialects (number: its unique index; PO and e-mail: lower(); a name's start: lower() walked as a range, with
// text_pattern_ops on PostgreSQL so LIKE 'abc%' uses it under any collation; SKU: the lines' sku). The lists walk
// (user_id, id) and (status, id) newest first and stop after a page; the total sorts walk total_cents.
import { sql, SqliteAdapter, type Kysely, type Migration } from 'kysely';

const isSqlite = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof SqliteAdapter;

export const orderDeskMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const sqlite = isSqlite(db);
    await sql`ALTER TABLE orders ADD COLUMN number varchar(24)`.execute(db);
    await db.schema
      .createTable('order_number_counters')
      .addColumn('year', 'integer', (c) => c.primaryKey())
      .addColumn('last_number', 'integer', (c) => c.notNull())
      .execute();

    // ROW_NUMBER per year in id (creation) order; six digits at least, more when a year passes 999,999.
    const padded = sqlite ? sql`printf('%06d', n.seq)` : sql`lpad(n.seq::text, greatest(6, length(n.seq::text)), '0')`;
    await sql`UPDATE orders SET number = 'SO-' || n.year || '-' || ${padded}
      FROM (SELECT id, substr(created_at, 1, 4) AS year,
              ROW_NUMBER() OVER (PARTITION BY substr(created_at, 1, 4) ORDER BY id) AS seq
            FROM orders) AS n
      WHERE orders.id = n.id`.execute(db);
    await sql`INSERT INTO order_number_counters (year, last_number)
      SELECT CAST(substr(created_at, 1, 4) AS integer), count(*) FROM orders
      GROUP BY CAST(substr(created_at, 1, 4) AS integer)`.execute(db);
    if (!sqlite) await sql`ALTER TABLE orders ALTER COLUMN number SET NOT NULL`.execute(db);

    await sql`CREATE UNIQUE INDEX orders_number ON orders (number)`.execute(db);
    await sql`CREATE INDEX orders_po_number_lower ON orders (lower(po_number))`.execute(db);
    await sql`CREATE INDEX orders_email_lower ON orders (lower(email))`.execute(db);
    if (sqlite) await sql`CREATE INDEX orders_user_name_lower ON orders (lower(user_name))`.execute(db);
    else await sql`CREATE INDEX orders_user_name_lower ON orders (lower(user_name) text_pattern_ops)`.execute(db);
    await sql`CREATE INDEX order_lines_sku ON order_lines (sku)`.execute(db);
    await sql`CREATE INDEX orders_user_id_id ON orders (user_id, id)`.execute(db);
    await sql`CREATE INDEX orders_status_id ON orders (status, id)`.execute(db);
    await sql`CREATE INDEX orders_total ON orders (total_cents, id)`.execute(db);
    await sql`CREATE INDEX orders_user_id_total ON orders (user_id, total_cents, id)`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    for (const index of [
      'orders_user_id_total',
      'orders_total',
      'orders_status_id',
      'orders_user_id_id',
      'order_lines_sku',
      'orders_user_name_lower',
      'orders_email_lower',
      'orders_po_number_lower',
      'orders_number',
    ]) {
      await sql.raw(`DROP INDEX ${index}`).execute(db);
    }
    await db.schema.dropTable('order_number_counters').execute();
    await sql`ALTER TABLE orders DROP COLUMN number`.execute(db);
  },
};
