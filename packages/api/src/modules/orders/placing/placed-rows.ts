// The rows an order is placed as, and the one list of their columns: every path of placing/index.ts decides an order
// into these rows (rowsOf), and every hot INSERT and its binder is generated from PLACED_COLUMNS and LINE_COLUMNS
// (the SQLite step, PostgreSQL's three statements), so a new column is added in one place and no parameter is
// numbered by hand. The company write inserts the same rows whole with Kysely.
import type { Selectable } from 'kysely';
import type { ProductsTable } from '../../../infra/db/schema.js';
import { AppError } from '../../../infra/errors.js';
import { sumCents } from '../../../infra/money.js';
import { taxCents } from '../../billing/index.js';
import type { MailService, OutgoingMail } from '../../mail/index.js';
import type { EventBatch, WebhooksService } from '../../webhooks/index.js';
import type { OrderLineRow, OrderRow } from '../repository.js';

/** An order's own fields before it is placed; the product fields and totals come from its lines. */
export type PendingOrder = Pick<
  OrderRow,
  | 'id'
  | 'user_id'
  | 'email'
  | 'user_name'
  | 'phone'
  | 'address'
  | 'created_at'
  | 'po_number'
  | 'note'
  | 'payment_terms'
  | 'expires_at'
  // The buyer's company (B2B §5), read by the orders service with the buyer's membership; null outside a company.
  | 'company_id'
> &
  // B2B §10: the quote an accepted offer places this order from (only company-write-repository.ts writes it).
  Partial<Pick<OrderRow, 'quote_id'>> &
  // B2B §17: 'punchout' for a procurement system's order (only company-write-repository.ts writes it).
  Partial<Pick<OrderRow, 'source'>> &
  // B2B §12: the ship-to copy, written by every order write (PLACED_COLUMNS).
  Partial<
    Pick<
      OrderRow,
      | 'ship_to_location_id'
      | 'ship_to_name'
      | 'ship_to_line1'
      | 'ship_to_line2'
      | 'ship_to_city'
      | 'ship_to_postal_code'
      | 'ship_to_region'
      | 'ship_to_country'
    >
  > &
  // B2B §13: the tax decided before the write (order-tax.ts); rowsOf computes its cents on the decided subtotal.
  Partial<Pick<OrderRow, 'tax_rate_milli' | 'tax_name' | 'reverse_charge' | 'tax_exemption_id' | 'tax_country'>>;

export interface LineRequest {
  productId: string;
  quantity: number;
}

/** What the orders service needs of a product to decide a line, read in the same step as the write. */
export type ProductTerms = Pick<
  Selectable<ProductsTable>,
  | 'id'
  | 'name'
  | 'sku'
  | 'price_cents'
  | 'min_quantity'
  | 'available_quantity'
  | 'pack_size'
  | 'max_quantity'
  | 'price_breaks'
  | 'updated_at'
>;
export const TERMS_COLUMNS = [
  'id',
  'name',
  'sku',
  'price_cents',
  'min_quantity',
  'available_quantity',
  'pack_size',
  'max_quantity',
  'price_breaks',
  'updated_at',
] as const;

/**
 * The orders service's rule, handed to the write: given each line's product as it is at that instant (undefined: no
 * such product), the unit price in cents of each line. It throws to refuse; nothing is written then.
 */
export type DecideLines = (products: Array<ProductTerms | undefined>) => number[];

export interface PlacedOrder {
  order: OrderRow;
  lines: OrderLineRow[];
}

/**
 * The `order.created` webhook event of a placed order, when an endpoint subscribes (B2B §9): written in the order's
 * own transaction or statement as one more multi-row insert; without it, the write is exactly what it was.
 */
export type PlacedEvent = (placed: PlacedOrder) => EventBatch;

export interface OrderWriterOptions {
  /** MAX_OPEN_ORDERS and the message of its refusal. */
  maxOpenOrders: number;
  limitMessage: string;
  /**
   * The messages written with the order: the buyer's "order placed", and the shop's "new order" when SHOP_NOTIFY_EMAIL
   * is set (B2B §11). PostgreSQL's statements take one or two message rows (`MAX_PLACED_MAILS`).
   */
  placedMails: (placed: PlacedOrder) => OutgoingMail[];
  mail: Pick<MailService, 'insertSync' | 'prepare'>;
  webhooks: Pick<WebhooksService, 'insertSync'>;
}

export const tooManyUnpaid = (message: string) => new AppError(409, 'too_many_unpaid_orders', message);

/** A pending order with the number it will carry (order-numbers.ts). */
export type NumberedOrder = PendingOrder & { number: string };

/** The order row and line rows of a decided order (every path, the company write included). */
export function rowsOf(
  order: NumberedOrder,
  products: ProductTerms[],
  lines: LineRequest[],
  units: number[],
): PlacedOrder {
  const lineRows: OrderLineRow[] = lines.map((line, i) => {
    const product = products[i];
    const unit = units[i];
    if (!product || unit === undefined) throw new Error('decide answered no price for a line');
    return {
      order_id: order.id,
      line_no: i,
      product_id: line.productId,
      sku: product.sku,
      name: product.name,
      quantity: line.quantity,
      unit_price_cents: unit,
      line_total_cents: unit * line.quantity,
      shipped_quantity: 0,
      cancelled_quantity: 0,
      returned_quantity: 0,
    };
  });
  const first = lineRows[0];
  if (!first) throw new Error('an order needs a line');
  const more = lineRows.length - 1;
  // Exact: the orders service refuses totals above MAX_ORDER_TOTAL_CENTS, which a Number holds exactly.
  const subtotal = Number(sumCents(lineRows.map((l) => l.line_total_cents)));
  const rateMilli = order.tax_rate_milli ?? 0;
  const tax = taxCents(subtotal, rateMilli);
  return {
    order: {
      ...order,
      // SPEC's one-product fields: the first line's product, all lines' units and the order total.
      product_id: first.product_id,
      item_name: more > 0 ? `${first.name} + ${more} more` : first.name,
      quantity: lineRows.reduce((sum, l) => sum + l.quantity, 0),
      unit_price_cents: first.unit_price_cents,
      // SPEC's price: the subtotal and its tax (B2B §13).
      total_cents: subtotal + tax,
      paid_at: null,
      transaction_id: null,
      status: 'pending',
      status_history: JSON.stringify([{ status: 'pending', at: order.created_at }]),
      due_date: null,
      carrier: null,
      tracking_number: null,
      invoice_number: null,
      refunded_at: null,
      cancel_reason: null,
      paid_reference: null,
      credit_note_number: null,
      credit_note_at: null,
      credited_cents: 0,
      quote_id: order.quote_id ?? null,
      source: order.source ?? 'web',
      // Issue 47: set by the company write for an order awaiting approval; the hot writes leave both null.
      approval_limit_cents: null,
      approval_reminded_at: null,
      // B2B §12: the ship-to copy, or none.
      ship_to_location_id: order.ship_to_location_id ?? null,
      ship_to_name: order.ship_to_name ?? null,
      ship_to_line1: order.ship_to_line1 ?? null,
      ship_to_line2: order.ship_to_line2 ?? null,
      ship_to_city: order.ship_to_city ?? null,
      ship_to_postal_code: order.ship_to_postal_code ?? null,
      ship_to_region: order.ship_to_region ?? null,
      ship_to_country: order.ship_to_country ?? null,
      tax_cents: tax,
      tax_rate_milli: rateMilli,
      tax_name: order.tax_name ?? null,
      reverse_charge: order.reverse_charge ?? 0,
      tax_exemption_id: order.tax_exemption_id ?? null,
      tax_country: order.tax_country ?? null,
      // Placing is the order's first change (B2B §9's poll); every insert below writes it from created_at.
      updated_at: order.created_at,
    },
    lines: lineRows,
  };
}

export function isProductTerms(row: unknown): row is ProductTerms {
  return (
    typeof row === 'object' &&
    row !== null &&
    'id' in row &&
    typeof row.id === 'string' &&
    'sku' in row &&
    typeof row.sku === 'string' &&
    'name' in row &&
    typeof row.name === 'string' &&
    'price_cents' in row &&
    typeof row.price_cents === 'number' &&
    'min_quantity' in row &&
    typeof row.min_quantity === 'number' &&
    'available_quantity' in row &&
    typeof row.available_quantity === 'number' &&
    'pack_size' in row &&
    typeof row.pack_size === 'number' &&
    'max_quantity' in row &&
    (row.max_quantity === null || typeof row.max_quantity === 'number') &&
    'price_breaks' in row &&
    typeof row.price_breaks === 'string' &&
    'updated_at' in row &&
    typeof row.updated_at === 'string'
  );
}

/**
 * Every column the hot writes place an order with, each with its PostgreSQL parameter type; the others (payment,
 * shipping, invoice, approval, quote) start null or at their default. SQLite binds the same list positionally.
 */
export const PLACED_COLUMNS = [
  ['id', 'varchar'],
  ['number', 'varchar'],
  ['product_id', 'varchar'],
  ['user_id', 'varchar'],
  ['item_name', 'varchar'],
  ['quantity', 'integer'],
  ['unit_price_cents', 'bigint'],
  ['total_cents', 'bigint'],
  ['email', 'varchar'],
  ['user_name', 'varchar'],
  ['phone', 'varchar'],
  ['address', 'text'],
  ['created_at', 'varchar'],
  ['po_number', 'varchar'],
  ['note', 'text'],
  ['status', 'varchar'],
  ['status_history', 'text'],
  ['payment_terms', 'varchar'],
  ['expires_at', 'varchar'],
  ['company_id', 'varchar'],
  ['updated_at', 'varchar'],
  // B2B §12's ship-to copy and §13's tax: an order with either keeps the hot writes (only more values of one insert).
  ['ship_to_location_id', 'varchar'],
  ['ship_to_name', 'varchar'],
  ['ship_to_line1', 'varchar'],
  ['ship_to_line2', 'varchar'],
  ['ship_to_city', 'varchar'],
  ['ship_to_postal_code', 'varchar'],
  ['ship_to_region', 'varchar'],
  ['ship_to_country', 'varchar'],
  ['tax_cents', 'bigint'],
  ['tax_rate_milli', 'integer'],
  ['tax_name', 'varchar'],
  ['reverse_charge', 'integer'],
  ['tax_exemption_id', 'varchar'],
  ['tax_country', 'varchar'],
] as const satisfies ReadonlyArray<readonly [keyof OrderRow, string]>;

/** Every column a placed line is written with (shipped, cancelled and returned units start at 0). */
export const LINE_COLUMNS = [
  ['order_id', 'varchar'],
  ['line_no', 'integer'],
  ['product_id', 'varchar'],
  ['sku', 'varchar'],
  ['name', 'varchar'],
  ['quantity', 'integer'],
  ['unit_price_cents', 'bigint'],
  ['line_total_cents', 'bigint'],
] as const satisfies ReadonlyArray<readonly [keyof OrderLineRow, string]>;

export type PlacedColumn = (typeof PLACED_COLUMNS)[number][0];
export type LineColumn = (typeof LINE_COLUMNS)[number][0];

/** An order row's values in PLACED_COLUMNS' order. */
export const orderValues = (o: OrderRow): unknown[] => PLACED_COLUMNS.map(([column]) => o[column]);
/** A line row's values in LINE_COLUMNS' order. */
export const lineValues = (l: OrderLineRow): unknown[] => LINE_COLUMNS.map(([column]) => l[column]);
