// B2B §14, issue #51: an order ships in one or several shipments. A shipment is numbered {orderNumber}-S{seq} (the
// unique (order_id, seq) makes two shipments made at once number apart), carries its carrier and tracking number and
// is delivered on its own; its lines say how many units of which order line it took. Each order line counts its
// shipped and cancelled units, so the unshipped ones are `quantity - shipped_quantity - cancelled_quantity`, and one
// guarded UPDATE of the line never ships more than that (orders/shipments.ts).
//
// Orders shipped or delivered before this migration shipped every line at once (B2B §4): each gets one shipment of
// every line, its id the order's own (a different table; new ids are time-ordered and never meet an old order's), its
// times the order history's `shipped` and `delivered` steps, so an old order reads as a new one shipped in one go.
import { sql, type Kysely, type Migration } from 'kysely';

/** Orders the backfill reads per query. */
const BACKFILL_PAGE = 500;

interface ShippedOrder {
  id: string;
  number: string;
  carrier: string | null;
  tracking_number: string | null;
  status: string;
  status_history: string;
  updated_at: string;
}

/** The time of the last `status` step of a history (JSON text), or null. */
function stepAt(history: string, status: string): string | null {
  let steps: unknown;
  try {
    steps = JSON.parse(history);
  } catch {
    return null;
  }
  if (!Array.isArray(steps)) return null;
  let at: string | null = null;
  for (const step of steps as Array<{ status?: unknown; at?: unknown }>) {
    if (step.status === status && typeof step.at === 'string') at = step.at;
  }
  return at;
}

export const shipmentsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('shipments')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('order_id', 'varchar(24)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('number', 'varchar(40)', (c) => c.notNull())
      .addColumn('carrier', 'varchar(100)')
      .addColumn('tracking_number', 'varchar(100)')
      .addColumn('shipped_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('delivered_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('shipments_order_seq').unique().on('shipments').columns(['order_id', 'seq']).execute();

    await db.schema
      .createTable('shipment_lines')
      .addColumn('shipment_id', 'varchar(24)', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
      // The order line it ships (order_lines.line_no of the shipment's order).
      .addColumn('line_no', 'integer', (c) => c.notNull())
      .addColumn('product_id', 'varchar(24)')
      .addColumn('sku', 'varchar(100)', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('shipment_lines_pk', ['shipment_id', 'line_no'])
      .execute();

    for (const column of ['shipped_quantity', 'cancelled_quantity']) {
      await db.schema
        .alterTable('order_lines')
        .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    }

    // The backfill: one shipment of every line per order already shipped or delivered.
    for (let after = ''; ;) {
      const { rows } = await sql<ShippedOrder>`
        SELECT id, number, carrier, tracking_number, status, status_history, updated_at FROM orders
        WHERE status IN ('shipped', 'delivered') AND id > ${after} ORDER BY id LIMIT ${BACKFILL_PAGE}`.execute(db);
      // One INSERT per page (8 values a row, 4,000 a statement: within both databases' limits), so a year of
      // trade migrates in seconds rather than a round trip per order.
      const values = rows.map((order) => {
        const shippedAt = stepAt(order.status_history, 'shipped') ?? order.updated_at;
        const deliveredAt =
          order.status === 'delivered' ? (stepAt(order.status_history, 'delivered') ?? order.updated_at) : null;
        return sql`(${order.id}, ${order.id}, 1, ${`${order.number}-S1`}, ${order.carrier}, ${order.tracking_number},
          ${shippedAt}, ${deliveredAt})`;
      });
      if (values.length > 0) {
        await sql`
          INSERT INTO shipments (id, order_id, seq, number, carrier, tracking_number, shipped_at, delivered_at)
          VALUES ${sql.join(values)}`.execute(db);
      }
      const last = rows[rows.length - 1];
      if (!last || rows.length < BACKFILL_PAGE) break;
      after = last.id;
    }
    await sql`
      INSERT INTO shipment_lines (shipment_id, line_no, product_id, sku, quantity)
      SELECT l.order_id, l.line_no, l.product_id, l.sku, l.quantity FROM order_lines l
      WHERE l.order_id IN (SELECT id FROM shipments)`.execute(db);
    await sql`
      UPDATE order_lines SET shipped_quantity = quantity
      WHERE order_id IN (SELECT id FROM orders WHERE status IN ('shipped', 'delivered'))`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('order_lines').dropColumn('cancelled_quantity').execute();
    await db.schema.alterTable('order_lines').dropColumn('shipped_quantity').execute();
    await db.schema.dropTable('shipment_lines').execute();
    await db.schema.dropTable('shipments').execute();
  },
};
