// Integration (B2B §9): the scoped API keys the manufacturer's systems call with, and an update time on every order so
// they can poll for what changed (`GET /api/order?updatedSince=`). Only a key's SHA-256 is stored: a copy of the table
// calls nothing. Existing orders get the time of their latest known change (placed, paid, refunded or the last step
// of their history), so a first poll from any time answers them in the order they last changed.
import { sql, SqliteAdapter, type Kysely, type Migration } from 'kysely';

const isSqlite = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof SqliteAdapter;

export const integrationKeysMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      // JSON text: ["orders:read", ...].
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_by', 'varchar(24)', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('last_used_at', 'varchar(32)')
      .addColumn('revoked_at', 'varchar(32)')
      .execute();

    // Every order write sets it; the empty default only stands for the instant between this ALTER and the UPDATE.
    await sql`ALTER TABLE orders ADD COLUMN updated_at varchar(32) NOT NULL DEFAULT ''`.execute(db);
    if (isSqlite(db)) {
      await sql`UPDATE orders SET updated_at = max(created_at, coalesce(paid_at, ''), coalesce(refunded_at, ''),
        coalesce(json_extract(status_history, '$[#-1].at'), ''))`.execute(db);
    } else {
      await sql`UPDATE orders SET updated_at = greatest(created_at, paid_at, refunded_at,
        status_history::jsonb -> -1 ->> 'at')`.execute(db);
    }
    // The poll walks this index from its cursor and stops after a page, however many orders there are.
    await sql`CREATE INDEX orders_updated_at_id ON orders (updated_at, id)`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await sql`DROP INDEX orders_updated_at_id`.execute(db);
    await sql`ALTER TABLE orders DROP COLUMN updated_at`.execute(db);
    await db.schema.dropTable('api_keys').execute();
  },
};
