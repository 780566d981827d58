// Orders: the rules of an order (each line's quantity and price, the open-order limit) and who may see, pay or delete
// one. The stock is taken and the order recorded in one atomic step (placing/index.ts); the catalogue hears
// of every stock move.
import type { AuditContext } from '../audit/index.js';
import {
  can,
  MAX_ORDER_TOTAL_CENTS,
  orderingMessages,
  packMessage,
  quantityProblem,
  unitPriceCents,
  DEFAULT_ORDER_PAGE_SIZE,
  type ApprovalQueueItem,
  type Order,
  type OrderApproval,
  type PoNumberCheck,
  type OrderSearchPage,
  type OrderSearchQuery,
  type OrderStatus,
  type OrderSource,
  type Shipment,
  SHIPMENT_STATUSES,
  punchoutMessages,
  type ShipToChoice,
  type TaxFields,
  type CartTotals,
} from '@kestrel/shared';
import type { Kysely, Transaction } from 'kysely';
import type { OpenDatabase } from '../../infra/db/create-db.js';
import { startOfDay, startOfDayAfter } from '../../infra/days.js';
import { newId } from '../../infra/db/ids.js';
import type { Database } from '../../infra/db/schema.js';
import { AppError, forbidden, notFound } from '../../infra/errors.js';
import { centsToDollars, sumCents } from '../../infra/money.js';
import type { AccountsService, AuthUser } from '../accounts/index.js';
import { orderTermsOf, type CatalogService } from '../catalog/index.js';
import type { ContractPricesService } from '../contract-prices/index.js';
import type { MailService, OutgoingMail } from '../mail/index.js';
import type { WebhooksService } from '../webhooks/index.js';
import {
  createOrderPlacing,
  type LineRequest,
  type PendingOrder,
  type PlacedOrder,
  type ProductTerms,
  type WithinOrder,
} from './placing/index.js';
import { parseHistory } from './history.js';
// Company orders (issue #25, co-ordering): spending limits, approvals, payment on account.
import { createApprovals } from './approvals.js';
import type { OrderBilling } from './billing-port.js';
import { companyPlacementFor } from './company-rules.js';
import { createOrderLifecycle, type ExpiryReport, type OrderPayments, type PaidOutcome } from './lifecycle.js';
import { authorizeOrder } from './ownership.js';
import {
  findMembership,
  requireMayAct,
  requireMember,
  type Membership,
  type MembershipReader,
} from '../companies/index.js';
import { allOrdersJson } from './full-list.js';
import { changedOrders, type PollQuery } from './poll.js';
import * as repo from './repository.js';
import { addressText, decideShipTo } from './ship-to.js';
import { decideOrderTax, taxColumnsOf } from './order-tax.js';
import {
  creditNotesOfOrders,
  isTaxed,
  ratePercent,
  taxCents,
  type CreditNoteSummaryRow,
  type TaxService,
} from '../billing/index.js';
import type { AddressBookService } from '../ship-to/index.js';
import * as search from './search-repository.js';
import { shipmentsOfOrders, type ShipmentWithLines } from './shipments-repository.js';
import { createShipments, type ShipmentLineRequest } from './shipments.js';

export type OrderRow = repo.OrderRow;

/** B2B §14: the credit notes of those of `rows` ever credited (their first note names them); none costs no read. */
export function creditNotesOf(
  db: Kysely<Database>,
  rows: readonly OrderRow[],
): Promise<Map<string, CreditNoteSummaryRow[]>> {
  const credited = rows.filter((r) => r.credit_note_number !== null).map((r) => r.id);
  return credited.length === 0 ? Promise.resolve(new Map()) : creditNotesOfOrders(db, credited);
}
export type { LineRequest } from './placing/index.js';

/** The order answer; `shipments` are the order's own (B2B §14: none until it ships). */
export function toOrder(
  row: OrderRow,
  lines: repo.OrderLineRow[],
  shipments: ShipmentWithLines[] = [],
  creditNotes: CreditNoteSummaryRow[] = [],
): Order {
  return {
    _id: row.id,
    number: row.number,
    productId: row.product_id,
    itemName: row.item_name,
    inputQuantity: row.quantity,
    quantity: row.quantity,
    email: row.email,
    userName: row.user_name,
    phone: row.phone,
    address: row.address,
    price: centsToDollars(row.total_cents),
    paid: row.paid_at !== null,
    transactionId: row.transaction_id,
    createdAt: row.created_at,
    lines: lines.map((l) => ({
      productId: l.product_id,
      sku: l.sku,
      name: l.name,
      quantity: l.quantity,
      unitPrice: centsToDollars(l.unit_price_cents),
      lineTotal: centsToDollars(l.line_total_cents),
      // B2B §14; absent before migration 038 has run on this database: none.
      shippedQuantity: l.shipped_quantity ?? 0,
      cancelledQuantity: l.cancelled_quantity ?? 0,
      // B2B §14; absent before migration 040 has run on this database: none returned.
      returnedQuantity: Number(l.returned_quantity ?? 0),
    })),
    poNumber: row.po_number,
    note: row.note,
    status: row.status,
    statusHistory: parseHistory(row.status_history),
    paymentTerms: row.payment_terms,
    dueDate: row.due_date,
    expiresAt: row.expires_at,
    carrier: row.carrier,
    trackingNumber: row.tracking_number,
    shipments: shipments.map(shipmentAnswer),
    invoiceNumber: row.invoice_number,
    companyId: row.company_id,
    // The whole order's refund (§4), or any card refund of a credit note (§14: a partial cancel's, a return's).
    refunded: row.refunded_at !== null || creditNotes.some((n) => n.refunded_at !== null),
    cancelReason: row.cancel_reason,
    creditNoteNumber: row.credit_note_number,
    // B2B §14: billing's credit notes of the order (an order never credited has none and costs no read).
    creditNotes: creditNotes.map((n) => ({
      number: n.number,
      total: centsToDollars(Number(n.total_cents)),
      reason: n.reason,
      at: n.created_at,
    })),
    refundedTotal: centsToDollars(creditNotes.reduce((sum, n) => sum + Number(n.total_cents), 0)),
    // Absent before migration 022 has run on this database: null.
    quoteId: row.quote_id ?? null,
    // B2B §17; absent before migration 036 has run on this database: 'web'.
    source: row.source ?? 'web',
    // B2B §12: the copy kept at placement; null for an order placed without one (and before migration 035).
    shipTo:
      row.ship_to_line1 && row.ship_to_city && row.ship_to_postal_code && row.ship_to_country
        ? {
            locationId: row.ship_to_location_id ?? null,
            name: row.ship_to_name ?? null,
            line1: row.ship_to_line1,
            line2: row.ship_to_line2 ?? null,
            city: row.ship_to_city,
            postalCode: row.ship_to_postal_code,
            region: row.ship_to_region ?? null,
            country: row.ship_to_country,
          }
        : null,
    // B2B §13; absent before migration 037 has run on this database: no tax.
    ...taxFieldsOf(row),
    updatedAt: row.updated_at,
    // Issue 47: only once paid, so an unpaid order answers as it always has.
    ...(row.paid_at !== null ? { paidAt: row.paid_at, paidReference: row.paid_reference } : {}),
  };
}

export function shipmentAnswer(s: ShipmentWithLines): Shipment {
  return {
    _id: s.id,
    number: s.number,
    lines: s.lines.map((l) => ({ productId: l.product_id, sku: l.sku, quantity: l.quantity })),
    carrier: s.carrier,
    trackingNumber: s.tracking_number,
    shippedAt: s.shipped_at,
    deliveredAt: s.delivered_at,
  };
}

/** An order's tax fields (B2B §13): `price` is the total; the subtotal is what the tax was added to. */
export function taxFieldsOf(row: OrderRow): TaxFields {
  const taxTotal = Number(row.tax_cents ?? 0);
  return {
    subtotal: centsToDollars(Number(row.total_cents) - taxTotal),
    taxName: row.tax_name ?? null,
    taxRate: ratePercent(row.tax_rate_milli ?? 0),
    taxTotal: centsToDollars(taxTotal),
    reverseCharge: Number(row.reverse_charge ?? 0) === 1,
    taxExemptionId: row.tax_exemption_id ?? null,
  };
}

/** A refusal of one line: the buyer sees why, by the line's position in what they sent. */
export interface LineProblem {
  index: number;
  productId: string;
  message: string;
  code: 'not_found' | 'quantity_out_of_range' | 'quantity_not_in_packs';
}

/**
 * The rule of an order line (docs/product.md §5, B2B §2): the quantity lies between the product's minimum and the
 * smaller of its stock at that instant and its maximum, in whole packs; the unit price is the price break that
 * applies, else the base price. Answers the unit price in cents, or the problem.
 */
export function judgeLine(
  product: ProductTerms | undefined,
  quantity: number,
  /** The buyer's company's contract price of this product, in cents (B2B §5); undefined: none. */
  contractCents?: number,
): number | Omit<LineProblem, 'index' | 'productId'> {
  if (!product) return { code: 'not_found', message: orderingMessages.productNotFound };
  const terms = orderTermsOf(product);
  const problem = quantityProblem(terms, quantity);
  if (problem) {
    return {
      code: problem === packMessage(terms.packSize) ? 'quantity_not_in_packs' : 'quantity_out_of_range',
      message: problem,
    };
  }
  return unitPriceCents(terms, quantity, contractCents);
}

/** Thrown by a decision that refused lines: every bad line, so the buyer can mend them all at once. */
export class LinesRefused extends AppError {
  constructor(readonly problems: LineProblem[]) {
    super(400, 'order_lines_invalid', orderingMessages.linesInvalid, {
      lines: problems.map(({ index, productId, message }) => ({ index, productId, message })),
    });
  }
}

export interface OrderDetails {
  phone: string;
  address: string;
  poNumber?: string | undefined;
  note?: string | undefined;
  paymentTerms?: 'card' | 'account' | undefined;
  /** B2B §12: where it goes (ship-to.ts decides); undefined: no ship-to, as before. */
  shipTo?: ShipToChoice | undefined;
}

/** A line at a price already agreed (an accepted quote's), in cents per unit. */
export interface PricedLine extends LineRequest {
  unitPriceCents: number;
}

/**
 * B2B §17's order from a procurement system (modules/punchout): its source, a check of the decided unit prices (cents,
 * one per line) that may refuse them, and the idempotency claim written in the order's own transaction.
 */
export interface PlaceOptions {
  source: OrderSource;
  checkUnits?: (units: number[]) => void;
  within?: WithinOrder;
}

/** B2B §17: a punch-out session's order comes from the procurement system, never from the shop's own calls. */
function refusePunchout(user: AuthUser): void {
  if (user.punchoutId !== undefined) throw forbidden(punchoutMessages.punchoutOrdering);
}

export const notEnoughStock = () => new AppError(409, 'not_enough_stock', 'not enough stock');

export interface NewOrder {
  productId: string;
  inputQuantity: number;
  phone: string;
  address: string;
  shipTo?: ShipToChoice | undefined;
}

export interface OrdersService {
  /** SPEC's one-product order: refusals answer as they always have (404 product, 400 with the range message). */
  placeOrder(user: AuthUser, input: NewOrder): Promise<Order>;
  /** An order of 1-100 lines, all or none; a refusal names every bad line (400 order_lines_invalid). */
  createOrder(user: AuthUser, lines: LineRequest[], details: OrderDetails, options?: PlaceOptions): Promise<Order>;
  /**
   * B2B §10: an accepted quote's order, of `lines` at the unit prices given (cents), in one transaction that
   * `within.before` opens (the quote's claim) and `within.after` closes (its mail and event). Every rule of an order
   * but its quantity rule holds: stock reserved (409 'not enough stock'), approval and on-account rules (§5), the
   * open-order limit; the order carries `quoteId`. `membership` is the accepting member's in the quote's company, as
   * the quotes module decided it (undefined: a personal quote's order), not whatever company the user is in now.
   */
  placeAtPrices(
    user: AuthUser,
    membership: Membership | undefined,
    lines: PricedLine[],
    details: Omit<OrderDetails, 'note'>,
    quoteId: string,
    within: WithinOrder,
  ): Promise<Order>;
  /**
   * Every order (admin), or those in one status, as the JSON array the route answers, written a page at a time
   * (full-list.ts, issue 47): the whole list is never in memory.
   */
  allOrdersJson(status?: OrderStatus): AsyncGenerator<string>;
  /** The integration poll (admin): one page of orders changed after `updatedSince` (poll.ts). */
  changedOrders(query: PollQuery): Promise<Order[]>;
  /**
   * B2B §11's search: admins search every order, others their own; one page in the asked order and the total.
   * The query is the route's, already validated.
   */
  searchOrders(caller: AuthUser, query: OrderSearchQuery): Promise<OrderSearchPage>;
  /**
   * The caller's company's newest orders, newest first, at most `limit` (GET /api/company/orders: every member reads
   * them; 404 in no company; the orders_company_created index walks them in order).
   */
  listCompanyOrders(caller: AuthUser, limit: number): Promise<Order[]>;
  /** Your own orders; admins may read anyone's (an unknown e-mail has none). */
  listOrdersByEmail(caller: AuthUser, email: string): Promise<Order[]>;
  /**
   * An order its owner, a member of its company or an admin may see; to anyone else it does not exist (404, so ids do
   * not leak). ownership.ts holds the rule.
   */
  getVisibleOrder(user: AuthUser, id: string): Promise<Order>;
  /**
   * The caller's own order row (paying, reordering): a colleague gets 403, a company viewer 403, anyone else, admins
   * included, 404 (ownership.ts).
   */
  getOwnOrder(user: AuthUser, id: string): Promise<OrderRow>;
  linesOf(orderId: string): Promise<repo.OrderLineRow[]>;
  findOrder(id: string): Promise<OrderRow | undefined>;
  toAnswer(row: OrderRow): Promise<Order>;
  /**
   * Deletes the caller's own unpaid order and gives its stock back, atomically, after voiding its open payment intent
   * (a charge that already succeeded wins: 409).
   */
  deleteOrder(user: AuthUser, id: string): Promise<number>;
  /** B2B §4's transitions (lifecycle.ts): each answers the order as it now is, or 404/403/409. */
  /** The transitions; `audit` is the staff caller or key (null for a customer), recorded in their transaction. */
  ship(user: AuthUser, id: string, carrier: string, trackingNumber: string, audit: AuditContext | null): Promise<Order>;
  deliver(user: AuthUser, id: string, audit: AuditContext | null): Promise<Order>;
  /** B2B §14: one shipment of the units asked for (shipments.ts); 400 naming every bad line. */
  createShipment(
    user: AuthUser,
    id: string,
    lines: ShipmentLineRequest[],
    carrier: string,
    trackingNumber: string,
    audit: AuditContext | null,
  ): Promise<Order>;
  /** B2B §14: one shipment delivered. */
  deliverShipment(user: AuthUser, id: string, shipmentId: string, audit: AuditContext | null): Promise<Order>;
  markPaidOnAccount(user: AuthUser, id: string, reference: string, audit: AuditContext | null): Promise<Order>;
  cancel(user: AuthUser, id: string, reason: string | null, audit: AuditContext | null): Promise<Order>;
  /**
   * Runs `record` in one transaction with the order held payable (`pending`, unpaid): a cancel, expiry or delete of
   * it waits meanwhile. 'not_payable' or 'gone' (deleted): `record` did not run.
   */
  recordWhilePayable(
    id: string,
    record: (trx: Transaction<Database>) => Promise<void>,
  ): Promise<'payable' | 'not_payable' | 'gone'>;
  /** One run of the order-expiry job (tests call it to expire due orders now). */
  expireDue(signal?: AbortSignal): Promise<ExpiryReport>;
  /**
   * Marks a `pending` card order paid and confirmed and, in the same transaction, lets the caller record why (the
   * payments module's own row): 'paid' when this call did it, 'already_paid' when it was paid before, 'not_payable'
   * when the order is gone or no longer `pending` (the caller refunds the charge).
   */
  markPaid(
    id: string,
    transactionId: string,
    at: string,
    record: (trx: Transaction<Database>) => Promise<void>,
  ): Promise<PaidOutcome>;
  /**
   * Issue 47: once a charge markPaid refused as payer_refused was refunded, mails the payer why (once per charge);
   * answers the reason, or null when they may pay after all.
   */
  tellPayerRefunded(id: string, intentId: string, refundedCents: number): Promise<string | null>;
  /**
   * B2B §13's totals of an order of `subtotalCents` by `user` to `shipTo` (the cart's, before it is placed): the tax
   * the order would carry now. Without a ship-to, the shop country's rate (a company with locations must still name
   * one to order).
   */
  totalsOf(user: AuthUser, subtotalCents: number, shipTo: ShipToChoice | undefined): Promise<CartTotals>;
  /** Issue #25 (approvals.ts): an owner approves or rejects an order awaiting approval; the queue; the account. */
  approve(user: AuthUser, id: string): Promise<Order>;
  /** Issue 47: why an order awaiting approval waits and who decides (whoever sees the order). */
  approvalOf(user: AuthUser, id: string): Promise<OrderApproval>;
  /** Issue 47: the owners' one reminder before an order awaiting approval expires (the order-expiry job's step). */
  remindApprovals(signal?: AbortSignal): Promise<number>;
  /** Issue 47: whether the caller or their company used this PO number before (checkout warns). */
  poNumberCheck(user: AuthUser, poNumber: string): Promise<PoNumberCheck>;
  reject(user: AuthUser, id: string, reason: string): Promise<Order>;
  approvalQueue(user: AuthUser): Promise<ApprovalQueueItem[]>;
}

export interface OrdersDeps {
  database: OpenDatabase;
  catalog: Pick<CatalogService, 'stockMoved'>;
  accounts: Pick<AccountsService, 'findUserIdByEmail' | 'requireOwnEmail'>;
  /** MAX_OPEN_ORDERS: how many unpaid orders one buyer may hold. */
  maxOpenOrders: number;
  /** ORDER_HOLD_MINUTES: how long an order awaiting payment holds its stock (its `expires_at`). */
  orderHoldMinutes: number;
  /** SHOP_NOTIFY_EMAIL: the shop's mailbox, told of every new order in the order's own write; none when unset. */
  shopNotifyEmail?: string | undefined;
  /** The outbox: "order placed" is queued in the order's own write. */
  mail: Pick<MailService, 'insertSync' | 'prepare' | 'wake' | 'enqueue'>;
  /** Webhook events (B2B §9), recorded in the transaction of each change, like the mail. */
  webhooks: OrderWebhooks;
  /**
   * The payments module's part in the lifecycle (voiding intents, refunds); a getter, because the payments service is
   * built after this one.
   */
  payments?: () => OrderPayments | undefined;
  /** Accounts receivable (modules/billing): the credit check and the invoice and credit note numbers, in the order's transactions. */
  billing: OrderBilling;
  log?: { error(details: object, message: string): void };
  /** Contract prices (B2B §5, modules/contract-prices): the buyer's company's prices of the order's products. */
  contractPrices?: Pick<ContractPricesService, 'forOrder'>;
  /** The order path's read of the buyer's membership, remembered for a second (companies/membership-repository.ts). */
  memberships?: Pick<MembershipReader, 'find'>;
  /** B2B §12: a buyer's address book entries, for `shipTo: { addressId }`. */
  addressBook?: Pick<AddressBookService, 'find'>;
  /** B2B §13: the tax of each order (modules/billing); none: every order untaxed. */
  tax?: Pick<TaxService, 'decide'>;
}

export type OrderWebhooks = Pick<WebhooksService, 'subscribers' | 'event' | 'insert' | 'insertSync' | 'wake'>;

/** "We have your order" (B2B §6), to the buyer, once per order. */
function placedMailOf({ order, lines }: PlacedOrder): OutgoingMail {
  return {
    to: order.email,
    dedupeKey: `order-placed:${order.id}`,
    content: {
      kind: 'order-placed',
      data: {
        orderId: order.id,
        orderNumber: order.number,
        buyerName: order.user_name,
        poNumber: order.po_number,
        lines: lines.map((l) => ({
          sku: l.sku,
          name: l.name,
          quantity: l.quantity,
          unitPriceCents: l.unit_price_cents,
          lineTotalCents: l.line_total_cents,
        })),
        totalCents: order.total_cents,
        paymentTerms: order.payment_terms,
        dueDate: order.due_date,
        awaitingApproval: order.status === 'awaiting_approval',
      },
    },
  };
}

/** "New order" (B2B §11), to the shop's own mailbox, once per order. */
function shopMailOf({ order, lines }: PlacedOrder, to: string): OutgoingMail {
  return {
    to,
    dedupeKey: `new-order-for-shop:${order.id}`,
    content: {
      kind: 'new-order-for-shop',
      data: {
        orderId: order.id,
        orderNumber: order.number,
        buyerName: order.user_name,
        buyerEmail: order.email,
        poNumber: order.po_number,
        note: order.note,
        lines: lines.map((l) => ({
          sku: l.sku,
          name: l.name,
          quantity: l.quantity,
          unitPriceCents: l.unit_price_cents,
          lineTotalCents: l.line_total_cents,
        })),
        totalCents: order.total_cents,
        paymentTerms: order.payment_terms,
      },
    },
  };
}

/**
 * Past MAX_ORDER_TOTAL_CENTS an order's total (its subtotal and tax, B2B §13) would lose cents between integer cents
 * and the answer's dollars: refused.
 */
function refuseTooLarge(lineTotals: number[], rateMilli: number | undefined): void {
  const subtotal = sumCents(lineTotals);
  const max = BigInt(MAX_ORDER_TOTAL_CENTS);
  if (subtotal > max || subtotal + BigInt(taxCents(Number(subtotal), rateMilli ?? 0)) > max) {
    throw new AppError(400, 'order_total_too_large', orderingMessages.orderTotalTooLarge);
  }
}

export function createOrdersService(deps: OrdersDeps): OrdersService {
  const { database, catalog, accounts, maxOpenOrders, orderHoldMinutes, mail, shopNotifyEmail, webhooks } = deps;
  const { db } = database;
  // Every order goes through the one front door, which chooses its path (placing/index.ts's table).
  const placeOrder = createOrderPlacing(database, {
    maxOpenOrders,
    limitMessage: orderingMessages.tooManyUnpaid,
    placedMails: shopNotifyEmail
      ? (placed) => [placedMailOf(placed), shopMailOf(placed, shopNotifyEmail)]
      : (placed) => [placedMailOf(placed)],
    mail,
    webhooks,
    billing: deps.billing,
  });

  /** Every write that moves stock goes through here, so the catalogue always hears of it. */
  async function movingStock<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      catalog.stockMoved();
    }
  }

  /**
   * Records an order event in the transaction `trx` of the change it reports, with the order as it now is (as
   * GET /api/orders/{id} answers it); answers whether an endpoint wanted it (then wake delivery after the commit).
   */
  async function recordOrderEvent(trx: Transaction<Database>, type: string, id: string): Promise<boolean> {
    const endpointIds = await webhooks.subscribers(type, trx);
    if (endpointIds.length === 0) return false;
    const row = await repo.findOrder(trx, id);
    if (!row) return false;
    const [lines, shipments, notes] = await Promise.all([
      repo.linesOfOrders(trx, [id]),
      shipmentsOfOrders(trx, [id]),
      creditNotesOf(trx, [row]),
    ]);
    const order = toOrder(row, lines, shipments.get(id), notes.get(id));
    await webhooks.insert(trx, webhooks.event(type, order, endpointIds));
    return true;
  }

  const shipments = createShipments({
    db,
    mail,
    recordEvent: recordOrderEvent,
    wakeWebhooks: () => webhooks.wake(),
    billing: deps.billing,
    movingStock,
    log: deps.log ?? { error: () => undefined },
  });

  const lifecycle = createOrderLifecycle({
    db,
    mail,
    recordEvent: recordOrderEvent,
    wakeWebhooks: () => webhooks.wake(),
    payments: deps.payments ?? (() => undefined),
    billing: deps.billing,
    movingStock,
    cancelRest: shipments.cancelRest,
    log: deps.log ?? { error: () => undefined },
  });

  async function withLines(rows: OrderRow[], lines: Promise<repo.OrderLineRow[]>): Promise<Order[]> {
    const byOrder = new Map<string, repo.OrderLineRow[]>();
    // B2B §14: only orders that left the warehouse have shipments; the others cost no query.
    const shipped = rows.filter((r) => SHIPMENT_STATUSES.includes(r.status)).map((r) => r.id);
    const [allLines, shipments, notes] = await Promise.all([
      lines,
      shipmentsOfOrders(db, shipped),
      creditNotesOf(db, rows),
    ]);
    for (const line of allLines) {
      const list = byOrder.get(line.order_id) ?? [];
      list.push(line);
      byOrder.set(line.order_id, list);
    }
    return rows.map((row) => toOrder(row, byOrder.get(row.id) ?? [], shipments.get(row.id), notes.get(row.id)));
  }

  async function place(
    user: AuthUser,
    lines: LineRequest[],
    details: OrderDetails,
    options?: PlaceOptions,
  ): Promise<Order> {
    refusePunchout(user);
    // The buyer's company (the order carries it) and role (a viewer orders nothing): one read by primary key, at most
    // once a second per buyer (the terms and limits it carries are read again under the company's lock).
    const membership = await (deps.memberships ? deps.memberships.find(user.id) : findMembership(db, user.id));
    requireMayAct(membership);
    // The company rule of this order, if any (company-rules.ts, issue #25): refuses 'account' without net terms.
    const company = companyPlacementFor(membership, details.paymentTerms);
    // B2B §12: no read at all for an order without shipTo from a company without locations (the membership said).
    const shipTo =
      details.shipTo || membership?.hasLocations
        ? await decideShipTo({ db, addressBook: deps.addressBook }, user.id, membership, details.shipTo)
        : null;
    // Nothing more is written when no endpoint wants the event (the endpoints are known from memory, subscriptions.ts).
    // Contract prices (B2B §5): the buyer's company's prices of these products, one indexed read beside it, read
    // before the write like the remembered terms; `decide` below charges the lower of each and its price break.
    // A buyer in no company has none: the read is skipped (it measured as a fifth of the order path's throughput).
    const [subscribed, contract, taxDecision] = await Promise.all([
      webhooks.subscribers('order.created'),
      membership
        ? deps.contractPrices?.forOrder(
            user.id,
            lines.map((l) => l.productId),
          )
        : undefined,
      // B2B §13: from the rate table in memory and the membership read above (billing/tax-rates.ts).
      decideOrderTax(deps.tax, shipTo, membership),
    ]);
    const taxed = taxDecision !== undefined && isTaxed(taxDecision);
    // The id (creation order, hence the order number's order) is taken after the last await before the write.
    const now = Date.now();
    const pending: PendingOrder = {
      id: newId(now),
      user_id: user.id,
      email: user.email,
      user_name: user.name,
      phone: details.phone,
      // SPEC's free-text address becomes the ship-to address on its lines.
      address: shipTo ? addressText(shipTo) : details.address,
      created_at: new Date(now).toISOString(),
      po_number: details.poNumber ?? null,
      note: details.note ?? null,
      ...shipTo,
      payment_terms: 'card',
      expires_at: new Date(now + orderHoldMinutes * 60_000).toISOString(),
      company_id: membership?.companyId ?? null,
      ...(options ? { source: options.source } : {}),
      ...(taxed ? taxColumnsOf(taxDecision) : {}),
    };
    const event =
      subscribed.length > 0
        ? (placed: PlacedOrder) => webhooks.event('order.created', toOrder(placed.order, placed.lines), subscribed)
        : undefined;
    const decide = (products: Array<ProductTerms | undefined>): number[] => {
      const problems: LineProblem[] = [];
      const units = lines.map((line, index) => {
        const verdict = judgeLine(products[index], line.quantity, contract?.get(line.productId));
        if (typeof verdict === 'number') return verdict;
        problems.push({ index, productId: line.productId, ...verdict });
        return 0;
      });
      if (problems.length > 0) throw new LinesRefused(problems);
      refuseTooLarge(
        units.map((unit, i) => unit * (lines[i]?.quantity ?? 0)),
        pending.tax_rate_milli,
      );
      options?.checkUnits?.(units);
      return units;
    };
    const placed = await movingStock(() =>
      placeOrder({ pending, lines, decide, event, company, within: options?.within }),
    );
    mail.wake();
    if (event) webhooks.wake();
    return toOrder(placed.order, placed.lines);
  }

  const approvals = createApprovals({
    database,
    mail,
    recordEvent: recordOrderEvent,
    wakeWebhooks: () => webhooks.wake(),
    movingStock,
    orderHoldMinutes,
    billing: deps.billing,
    toAnswer: (row) => service.toAnswer(row),
    withLines: (rows) =>
      withLines(
        rows,
        repo.linesOfOrders(
          db,
          rows.map((r) => r.id),
        ),
      ),
  });

  async function placeAtPrices(
    user: AuthUser,
    membership: Membership | undefined,
    lines: PricedLine[],
    details: Omit<OrderDetails, 'note'>,
    quoteId: string,
    within: WithinOrder,
  ): Promise<Order> {
    refusePunchout(user);
    requireMayAct(membership);
    const company = companyPlacementFor(membership, details.paymentTerms);
    // B2B §12, as in place(): the accepting member's company decides whether a location is required.
    const shipTo =
      details.shipTo || membership?.hasLocations
        ? await decideShipTo({ db, addressBook: deps.addressBook }, user.id, membership, details.shipTo)
        : null;
    // B2B §13: quotes are offered net; the order made by accepting one adds tax by its ship-to.
    const [subscribed, taxDecision] = await Promise.all([
      webhooks.subscribers('order.created'),
      decideOrderTax(deps.tax, shipTo, membership),
    ]);
    const now = Date.now();
    const pending: PendingOrder = {
      id: newId(now),
      user_id: user.id,
      email: user.email,
      user_name: user.name,
      phone: details.phone,
      address: shipTo ? addressText(shipTo) : details.address,
      created_at: new Date(now).toISOString(),
      po_number: details.poNumber ?? null,
      note: null,
      ...shipTo,
      payment_terms: 'card',
      expires_at: new Date(now + orderHoldMinutes * 60_000).toISOString(),
      company_id: membership?.companyId ?? null,
      quote_id: quoteId,
      ...(taxDecision && isTaxed(taxDecision) ? taxColumnsOf(taxDecision) : {}),
    };
    const event =
      subscribed.length > 0
        ? (placed: PlacedOrder) => webhooks.event('order.created', toOrder(placed.order, placed.lines), subscribed)
        : undefined;
    // The agreed prices; the quantity rule was the quote's (a production run may pass maxQuantity), the stock is now's.
    const decide = (products: Array<ProductTerms | undefined>): number[] =>
      lines.map((line, index) => {
        const product = products[index];
        if (!product) throw new AppError(409, 'product_gone', 'A product of this quote is no longer sold');
        if (product.available_quantity < line.quantity) throw notEnoughStock();
        return line.unitPriceCents;
      });
    refuseTooLarge(
      lines.map((l) => l.unitPriceCents * l.quantity),
      pending.tax_rate_milli,
    );
    const placed = await movingStock(() => placeOrder({ pending, lines, decide, event, company, within }));
    mail.wake();
    webhooks.wake();
    return toOrder(placed.order, placed.lines);
  }

  const service: OrdersService = {
    placeAtPrices,

    async totalsOf(user, subtotalCents, choice) {
      const membership = await (deps.memberships ? deps.memberships.find(user.id) : findMembership(db, user.id));
      const shipTo = choice
        ? await decideShipTo({ db, addressBook: deps.addressBook }, user.id, membership, choice)
        : null;
      const decision = await decideOrderTax(deps.tax, shipTo, membership);
      const tax = decision ? taxCents(subtotalCents, decision.rateMilli) : 0;
      return {
        subtotal: centsToDollars(subtotalCents),
        taxName: decision?.name ?? null,
        taxRate: ratePercent(decision?.rateMilli ?? 0),
        taxTotal: centsToDollars(tax),
        total: centsToDollars(subtotalCents + tax),
        taxNote: decision?.note ?? null,
        reverseCharge: decision?.reverseCharge ?? false,
        taxExemptionId: decision?.taxExemptionId ?? null,
      };
    },

    async placeOrder(user, input) {
      try {
        return await place(user, [{ productId: input.productId, quantity: input.inputQuantity }], input);
      } catch (error) {
        const [problem] = error instanceof LinesRefused ? error.problems : [];
        if (!problem) throw error;
        if (problem.code === 'not_found') throw notFound('Product');
        throw new AppError(400, problem.code, problem.message);
      }
    },

    createOrder: (user, lines, details, options) => place(user, lines, details, options),

    allOrdersJson: (status) => allOrdersJson(db, status, toOrder),

    async changedOrders(query) {
      const rows = await changedOrders(db, query, Date.now());
      return withLines(
        rows,
        repo.linesOfOrders(
          db,
          rows.map((r) => r.id),
        ),
      );
    },

    async searchOrders(caller, query) {
      // Staff who read every order find every order; anyone else (a member of staff without it too) as a customer.
      const admin = can(caller, 'orders.read');
      const filter: search.OrderSearchFilter = {
        // A member finds their own orders and the company's (B2B §5, §11).
        userId: admin ? null : caller.id,
        companyId: admin ? null : ((await findMembership(db, caller.id))?.companyId ?? null),
        q: query.q ?? null,
        status: query.status ?? null,
        createdFrom: query.from ? startOfDay(query.from) : null,
        createdBefore: query.to ? startOfDayAfter(query.to) : null,
      };
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? DEFAULT_ORDER_PAGE_SIZE;
      const [rows, total] = await Promise.all([
        search.searchOrders(database, filter, query.sort ?? 'newest', pageSize, (page - 1) * pageSize),
        search.countOrders(database, filter),
      ]);
      const items = await withLines(
        rows,
        repo.linesOfOrders(
          db,
          rows.map((r) => r.id),
        ),
      );
      return { items, total, page, pageSize };
    },

    async listCompanyOrders(caller, limit) {
      const { companyId } = requireMember(await findMembership(db, caller.id));
      const rows = await repo.listCompanyOrders(db, companyId, limit);
      return withLines(
        rows,
        repo.linesOfOrders(
          db,
          rows.map((r) => r.id),
        ),
      );
    },

    async listOrdersByEmail(caller, email) {
      if (!can(caller, 'orders.read')) accounts.requireOwnEmail(caller, email);
      const userId = email === caller.email ? caller.id : await accounts.findUserIdByEmail(email);
      if (!userId) return [];
      return withLines(await repo.listOrdersOfUser(db, userId), repo.linesOfOrdersOf(db, userId));
    },

    async getVisibleOrder(user, id) {
      return service.toAnswer(await authorizeOrder(db, await repo.findOrder(db, id), user, 'read'));
    },

    async getOwnOrder(user, id) {
      return authorizeOrder(db, await repo.findOrder(db, id), user, 'pay');
    },

    linesOf: (orderId) => repo.linesOfOrders(db, [orderId]),
    findOrder: (id) => repo.findOrder(db, id),
    toAnswer: async (row) => {
      const [lines, shipments, notes] = await Promise.all([
        repo.linesOfOrders(db, [row.id]),
        SHIPMENT_STATUSES.includes(row.status) ? shipmentsOfOrders(db, [row.id]) : undefined,
        creditNotesOf(db, [row]),
      ]);
      return toOrder(row, lines, shipments?.get(row.id), notes.get(row.id));
    },

    deleteOrder: (user, id) => lifecycle.deleteOrder(user, id),
    // §4's ship: a confirmed order, every unit in one shipment (a partly shipped one ships the rest as a shipment).
    ship: async (user, id, carrier, trackingNumber, audit) =>
      service.toAnswer(await shipments.ship(user, id, 'all', carrier, trackingNumber, audit, ['confirmed'])),
    deliver: async (user, id, audit) => service.toAnswer(await shipments.deliver(user, id, 'all', audit)),
    createShipment: async (user, id, lines, carrier, trackingNumber, audit) =>
      service.toAnswer(await shipments.ship(user, id, lines, carrier, trackingNumber, audit)),
    deliverShipment: async (user, id, shipmentId, audit) =>
      service.toAnswer(await shipments.deliver(user, id, shipmentId, audit)),
    markPaidOnAccount: async (user, id, reference, audit) =>
      service.toAnswer(await lifecycle.markPaidOnAccount(user, id, reference, audit)),
    cancel: async (user, id, reason, audit) => service.toAnswer(await lifecycle.cancel(user, id, reason, audit)),
    expireDue: (signal) => lifecycle.expireDue(signal),
    markPaid: (id, transactionId, at, record) => lifecycle.markPaid(id, transactionId, at, record),
    tellPayerRefunded: (id, intentId, cents) => lifecycle.tellPayerRefunded(id, intentId, cents),
    recordWhilePayable: (id, record) => lifecycle.recordWhilePayable(id, record),
    approve: (user, id) => approvals.approve(user, id),
    approvalOf: (user, id) => approvals.approvalOf(user, id),
    remindApprovals: (signal) => approvals.remindDue(signal),
    poNumberCheck: (user, poNumber) => approvals.poNumberCheck(user, poNumber),
    reject: (user, id, reason) => approvals.reject(user, id, reason),
    approvalQueue: (user) => approvals.queue(user),
  };
  return service;
}
