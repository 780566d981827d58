// Indexes of the admin's figures (B2B §8, modules/stats/repository.ts), so a year of orders is counted from index
// entries alone, never the order rows: revenue and top products walk the orders paid in the range with the columns
// that say whether the money was kept and how much; orders by status walks the orders created in the range; top products read
// the lines of those orders from their own index.
import { sql, type Kysely, type Migration } from 'kysely';

export const statsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE INDEX orders_paid_kept ON orders (paid_at, status, refunded_at, total_cents, id)`.execute(db);
    await sql`CREATE INDEX orders_created_status ON orders (created_at, status)`.execute(db);
    await sql`CREATE INDEX order_lines_stats ON order_lines (order_id, product_id, sku, quantity, line_total_cents)`.execute(
      db,
    );
  },

  async down(db: Kysely<unknown>) {
    await sql`DROP INDEX order_lines_stats`.execute(db);
    await sql`DROP INDEX orders_created_status`.execute(db);
    await sql`DROP INDEX orders_paid_kept`.execute(db);
  },
};
