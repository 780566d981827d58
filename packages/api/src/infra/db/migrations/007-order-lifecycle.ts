// The order lifecycle (B2B §4): why an order was cancelled, when its card payment was refunded, the reference of an
// on-account payment an administrator recorded, and an index for the expiry job's question ("which orders awaiting
// payment or approval are past their hold?"). Orders placed before holds existed get the default hold of 2880 minutes
// from their creation, so they expire like every other order instead of holding stock for ever.
import { sql, type Kysely, type Migration } from 'kysely';

/** ORDER_HOLD_MINUTES' default when this migration was written; later changes of the setting apply to new orders. */
const BACKFILL_HOLD_MS = 2880 * 60_000;

export const orderLifecycleMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`ALTER TABLE orders ADD COLUMN refunded_at varchar(32)`.execute(db);
    await sql`ALTER TABLE orders ADD COLUMN cancel_reason text`.execute(db);
    await sql`ALTER TABLE orders ADD COLUMN paid_reference varchar(100)`.execute(db);
    await db.schema.createIndex('orders_status_expires_at').on('orders').columns(['status', 'expires_at']).execute();
    // Timestamps are ISO text, so the hold is added here rather than in dialect-specific SQL date arithmetic.
    const open = await sql<{ id: string; created_at: string }>`SELECT id, created_at FROM orders
      WHERE status IN ('pending', 'awaiting_approval') AND expires_at IS NULL`.execute(db);
    for (const { id, created_at } of open.rows) {
      const expiresAt = new Date(new Date(created_at).getTime() + BACKFILL_HOLD_MS).toISOString();
      await sql`UPDATE orders SET expires_at = ${expiresAt} WHERE id = ${id}`.execute(db);
    }
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('orders_status_expires_at').execute();
    for (const column of ['paid_reference', 'cancel_reason', 'refunded_at']) {
      await sql.raw(`ALTER TABLE orders DROP COLUMN ${column}`).execute(db);
    }
  },
};
