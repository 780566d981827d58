// SQL of B2B §14's shipments (migrations/038-shipments.ts): reading an order's shipments, and the guarded writes of
// one. Rows in, rows out; the rules are in shipments.ts.
import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import type { Database, OrderStatus, ShipmentLinesTable, ShipmentsTable } from '../../infra/db/schema.js';

type Executor = Db | Transaction<Database>;
export type ShipmentRow = Selectable<ShipmentsTable>;
export type ShipmentLineRow = Selectable<ShipmentLinesTable>;
export interface ShipmentWithLines extends ShipmentRow {
  lines: ShipmentLineRow[];
}

/** Order ids per query, as repository.ts's linesOfOrders. */
const IDS_PER_QUERY = 1_000;

/** The shipments of these orders with their lines, oldest first per order, grouped by order id. */
export async function shipmentsOfOrders(db: Executor, orderIds: string[]): Promise<Map<string, ShipmentWithLines[]>> {
  const byOrder = new Map<string, ShipmentWithLines[]>();
  for (let start = 0; start < orderIds.length; start += IDS_PER_QUERY) {
    const ids = orderIds.slice(start, start + IDS_PER_QUERY);
    const [shipments, lines] = await Promise.all([
      db.selectFrom('shipments').selectAll().where('order_id', 'in', ids).orderBy('order_id').orderBy('seq').execute(),
      db
        .selectFrom('shipment_lines')
        .innerJoin('shipments', 'shipments.id', 'shipment_lines.shipment_id')
        .selectAll('shipment_lines')
        .where('shipments.order_id', 'in', ids)
        .orderBy('shipment_lines.shipment_id')
        .orderBy('shipment_lines.line_no')
        .execute(),
    ]);
    const linesOf = new Map<string, ShipmentLineRow[]>();
    for (const line of lines) {
      const list = linesOf.get(line.shipment_id) ?? [];
      list.push(line);
      linesOf.set(line.shipment_id, list);
    }
    for (const shipment of shipments) {
      const list = byOrder.get(shipment.order_id) ?? [];
      list.push({ ...shipment, lines: linesOf.get(shipment.id) ?? [] });
      byOrder.set(shipment.order_id, list);
    }
  }
  return byOrder;
}

/**
 * Holds the order's row until the transaction ends, while it is in one of `statuses` (a write that changes nothing):
 * two shipments or deliveries of one order run one after the other, the second reading what the first committed.
 */
export async function holdInStatus(
  trx: Transaction<Database>,
  id: string,
  statuses: readonly OrderStatus[],
): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', id)
    .where('status', 'in', statuses)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ships `quantity` more units of one order line, only while that many remain unshipped; answers whether it did. */
export async function shipLineUnits(
  trx: Transaction<Database>,
  orderId: string,
  lineNo: number,
  quantity: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('order_lines')
    .set((eb) => ({ shipped_quantity: eb('shipped_quantity', '+', quantity) }))
    .where('order_id', '=', orderId)
    .where('line_no', '=', lineNo)
    .where((eb) => eb(eb('quantity', '-', eb('shipped_quantity', '+', eb.ref('cancelled_quantity'))), '>=', quantity))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Cancels `quantity` unshipped units of one order line (the caller holds the order and read them under the hold). */
export async function cancelLineUnits(
  trx: Transaction<Database>,
  orderId: string,
  lineNo: number,
  quantity: number,
): Promise<void> {
  await trx
    .updateTable('order_lines')
    .set((eb) => ({ cancelled_quantity: eb('cancelled_quantity', '+', quantity) }))
    .where('order_id', '=', orderId)
    .where('line_no', '=', lineNo)
    .execute();
}

/** The order's highest shipment sequence number so far (0: none). */
export async function lastShipmentSeq(trx: Transaction<Database>, orderId: string): Promise<number> {
  const row = await trx
    .selectFrom('shipments')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

export async function insertShipment(
  trx: Transaction<Database>,
  shipment: ShipmentRow,
  lines: ShipmentLineRow[],
): Promise<void> {
  await trx.insertInto('shipments').values(shipment).execute();
  await trx.insertInto('shipment_lines').values(lines).execute();
}

/** Marks these of the order's shipments delivered (those not yet); answers how many this call marked. */
export async function deliverShipments(
  trx: Transaction<Database>,
  orderId: string,
  shipmentIds: string[] | 'all',
  at: string,
): Promise<number> {
  let query = trx
    .updateTable('shipments')
    .set({ delivered_at: at })
    .where('order_id', '=', orderId)
    .where('delivered_at', 'is', null);
  if (shipmentIds !== 'all') query = query.where('id', 'in', shipmentIds);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** How many of the order's shipments are not delivered yet. */
export async function undeliveredCount(trx: Transaction<Database>, orderId: string): Promise<number> {
  const row = await trx
    .selectFrom('shipments')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('order_id', '=', orderId)
    .where('delivered_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
