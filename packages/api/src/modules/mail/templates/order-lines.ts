// An order's lines in a message: the same table in the buyer's "order placed" and the shop's "new order".
import { money, units } from './format.js';
import { table, type Html } from './layout.js';

export interface MailLine {
  sku: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

/** SKU, part, quantity, unit price and line total, one row a line (the HTML form). */
export function orderLinesTable(lines: MailLine[]): Html {
  return table(
    ['SKU', 'Part', 'Quantity', 'Unit price', 'Line total'],
    lines.map((l) => [l.sku, l.name, units(l.quantity), money(l.unitPriceCents), money(l.lineTotalCents)]),
    [false, false, true, true, true],
  );
}
