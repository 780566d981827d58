// SPEC's full order list, GET /api/order without updatedSince (admin or an `orders:read` key): every order, or every
// order in one status, in creation order, with its lines. Issue 47: built whole in memory, 90,684 orders took 5.9 s
// and lifted the server to 861 MiB; now it is read a page at a time on the primary key (keyset, never OFFSET) and
// written out page by page as the client takes it, so memory holds one page whatever the number of orders. The bytes
// are the ones the route's response schema wrote for the whole array: each order goes through the same compiled
// serializer of orderSchema, joined with commas inside one pair of brackets.
//
// Not one snapshot: each page is read when the client has taken the last one, so an order placed meanwhile comes at
// the end, one deleted before its page is read is left out, and each order is as it was when its page was read.
import { orderSchema, SHIPMENT_STATUSES, type Order, type OrderStatus } from '@kestrel/shared';
import type { Db } from '../../infra/db/create-db.js';
import { compileSerializer, type Serialize } from '../../infra/http/serialize.js';
import * as repo from './repository.js';
import { creditNotesOfOrders, type CreditNoteSummaryRow } from '../billing/index.js';
import { shipmentsOfOrders, type ShipmentWithLines } from './shipments-repository.js';

/**
 * Orders per page. On SQLite a page's two reads run on the event loop: two index walks of a bounded size, like the
 * orders CSV's pages. Pages of 1,000 held it 20-50 ms each on a loaded host and grew the process by 168 MiB at
 * 100,000 orders; at 250 the growth stayed under 30 MiB (bench/results/history.md).
 */
export const FULL_LIST_PAGE_SIZE = 250;

/**
 * A chunk is written once it holds this many characters, not a page at a time: V8 keeps a string above 128 kB in its
 * large-object space, which only a full collection frees, and a page's 210 kB chunks doubled SQLite's growth.
 */
const CHUNK_CHARS = 32 * 1024;

let serializeOrder: Serialize | undefined;

/** The list as JSON text: "[", then the orders in chunks of about CHUNK_CHARS, then "]". */
export async function* allOrdersJson(
  db: Db,
  status: OrderStatus | undefined,
  toOrder: (
    row: repo.OrderRow,
    lines: repo.OrderLineRow[],
    shipments?: ShipmentWithLines[],
    creditNotes?: CreditNoteSummaryRow[],
  ) => Order,
): AsyncGenerator<string> {
  serializeOrder ??= compileSerializer(orderSchema);
  const serialize = serializeOrder;
  yield '[';
  let after = '';
  let separator = '';
  for (;;) {
    // Both reads at once (the lines' query names the same page): one round trip's wait a page, not two.
    const [rows, lines] = await Promise.all([
      repo.ordersAfter(db, after, status, FULL_LIST_PAGE_SIZE),
      repo.linesOfOrdersAfter(db, after, status, FULL_LIST_PAGE_SIZE),
    ]);
    const last = rows[rows.length - 1];
    if (!last) break;
    const byOrder = new Map<string, repo.OrderLineRow[]>();
    for (const line of lines) {
      const list = byOrder.get(line.order_id);
      if (list) list.push(line);
      else byOrder.set(line.order_id, [line]);
    }
    // B2B §14: the page's orders that shipped, their shipments (none asked for a page with none).
    const shipments = await shipmentsOfOrders(
      db,
      rows.filter((r) => SHIPMENT_STATUSES.includes(r.status)).map((r) => r.id),
    );
    // B2B §14: the credit notes of the page's orders ever credited (their first note names them).
    const credited = rows.filter((r) => r.credit_note_number !== null).map((r) => r.id);
    const notes =
      credited.length > 0 ? await creditNotesOfOrders(db, credited) : new Map<string, CreditNoteSummaryRow[]>();
    let chunk = '';
    for (const row of rows) {
      chunk += separator + serialize(toOrder(row, byOrder.get(row.id) ?? [], shipments.get(row.id), notes.get(row.id)));
      separator = ',';
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
    if (rows.length < FULL_LIST_PAGE_SIZE) break;
    after = last.id;
    // better-sqlite3 answers synchronously, so without this the pages would follow one another in microtasks while
    // the socket drains and no other request would get a turn until the list ends (/api/health waited 639 ms).
    await new Promise((resolve) => setImmediate(resolve));
  }
  yield ']';
}
