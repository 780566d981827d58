// The orders CSV (B2B §6): one row per order line, written a page of orders at a time so that a large export streams
// out at a steady memory instead of being built whole.
import { ORDERS_CSV_HEADER, type OrdersCsvQuery } from '@kestrel/shared';
import type { Db } from '../../infra/db/create-db.js';
import { csvMoney as money, csvText } from '../../infra/csv.js';
import { startOfDay, startOfDayAfter } from '../../infra/days.js';
import * as repo from './repository.js';

/** Orders read per page (and so per database round trip pair). */
export const CSV_PAGE_SIZE = 500;

export function csvFilter(query: OrdersCsvQuery, userId: string | null, companyId: string | null): repo.CsvOrderFilter {
  return {
    userId,
    companyId,
    createdFrom: query.from ? startOfDay(query.from) : null,
    createdBefore: query.to ? startOfDayAfter(query.to) : null,
    status: query.status ?? null,
  };
}

/** The export as CSV text: the header, then each page of orders' lines as one chunk. */
export async function* exportOrdersCsv(
  db: Db,
  filter: repo.CsvOrderFilter,
  /** SHOP_COUNTRY: the rate country of an order the hot writes placed untaxed without a ship-to. */
  shopCountry = 'US',
): AsyncGenerator<string> {
  yield `${ORDERS_CSV_HEADER.join(',')}\r\n`;
  let after = '';
  for (;;) {
    const orders = await repo.csvOrdersAfter(db, filter, after, CSV_PAGE_SIZE);
    const last = orders[orders.length - 1];
    if (!last) return;
    const lines = await repo.csvLinesOf(
      db,
      orders.map((o) => o.id),
    );
    const byId = new Map(orders.map((o) => [o.id, o]));
    let chunk = '';
    for (const line of lines) {
      const order = byId.get(line.order_id);
      if (!order) continue;
      const record: Record<(typeof ORDERS_CSV_HEADER)[number], string> = {
        orderId: order.id,
        createdAt: order.created_at,
        status: order.status,
        poNumber: order.po_number ?? '',
        email: order.email,
        company: order.company_name ?? '',
        sku: line.sku,
        name: line.name,
        quantity: String(line.quantity),
        unitPrice: money(line.unit_price_cents),
        lineTotal: money(line.line_total_cents),
        orderTotal: money(order.total_cents),
        paid: order.paid_at === null ? 'false' : 'true',
        orderNumber: order.number,
        subtotal: money(Number(order.total_cents) - Number(order.tax_cents)),
        taxTotal: money(Number(order.tax_cents)),
        country: order.tax_country ?? order.ship_to_country ?? shopCountry,
      };
      chunk += `${ORDERS_CSV_HEADER.map((column) => csvText(record[column])).join(',')}\r\n`;
    }
    yield chunk;
    after = last.id;
  }
}
