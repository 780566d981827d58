// B2B §14: an order ships in one or several shipments, each delivered on its own (docs/product.md §41).
//
// A shipment is one transaction that first holds the order's row (a no-op write guarded by the shippable statuses,
// shipments-repository.ts holdInStatus), so two shipments of one order run one after the other and the second judges
// its lines against what the first committed: two at once never ship a unit twice. Each line's UPDATE is guarded by
// its unshipped units too. A bad line (unknown product, zero, more than remains) refuses the whole shipment with every
// bad line named, and nothing changes. The order becomes `partially_shipped` while units remain unshipped and
// `shipped` once none does; its carrier and tracking number are its latest shipment's. The mail (its lines and
// tracking), the event (`order.partially_shipped`, or `order.shipped` for the one that ships the last units) and the
// audit entry are written in the same transaction.
//
// Delivery: one shipment (POST .../shipments/{id}/deliver) or every shipment made so far (§4's deliver). The order is
// `delivered` once it is `shipped` (nothing unshipped) and no shipment awaits delivery; a partly shipped order stays
// partly shipped.
//
// Cancelling the rest (an admin's cancel of a partly shipped order, lifecycle.ts hands it here): under the same hold,
// every unshipped unit becomes cancelled, its stock returns, and billing credits exactly those units with their tax
// (creditOrder: a card refund due, the unpaid invoice lowered, or credit on the account) in the same transaction. The
// order is then `shipped`, or `delivered` when every shipment has arrived, and its event is that status's. The card
// refund is made after the commit, keyed by the credit note (billing/card-refunds.ts): two cancels at once hold the
// row one after the other, and the second finds nothing unshipped (409), so nothing is credited or refunded twice.
import { changedFields, recordAudit, type AuditContext } from '../audit/index.js';
import { DELIVERABLE_ORDER_STATUSES, SHIPPABLE_ORDER_STATUSES, type OrderStatus } from '@kestrel/shared';
import type { Transaction } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import { newId } from '../../infra/db/ids.js';
import type { Database } from '../../infra/db/schema.js';
import { AppError, notFound } from '../../infra/errors.js';
import { demandPermission, type AuthUser } from '../accounts/index.js';
import type { MailService } from '../mail/index.js';
import { codeOrder } from '../../infra/code-order.js';
import { transactionWithEvents } from '../../infra/db/transaction-with-events.js';
import type { OrderBilling } from './billing-port.js';
import { withStep } from './history.js';
import { invalidTransition } from './lifecycle.js';
import { deliveredMail, restCancelledMail, shipmentMail } from './lifecycle-mail.js';
import type { OrderLineRow, OrderRow } from './repository.js';
import { authorizeOrder } from './ownership.js';
import * as lifecycleRepo from './lifecycle-repository.js';
import * as repo from './repository.js';
import * as shipRepo from './shipments-repository.js';

export interface ShipmentsDeps {
  db: Db;
  mail: Pick<MailService, 'enqueue' | 'wake'>;
  /** Billing's credit of the cancelled units, and their card refund after the commit (billing-port.ts). */
  billing: Pick<OrderBilling, 'creditOrder' | 'refundCredits'>;
  /** The orders service's wrapper of every stock move (the catalogue hears of it). */
  movingStock: <T>(write: () => Promise<T>) => Promise<T>;
  log: { error(details: object, message: string): void };
  recordEvent: (trx: Transaction<Database>, type: string, orderId: string) => Promise<boolean>;
  wakeWebhooks: () => void;
  now?: () => Date;
}

/** A requested line as it came (its quantity is judged here, so every bad line is named at once). */
export interface ShipmentLineRequest {
  productId: string;
  quantity: unknown;
}

export interface LineRefusal {
  index: number;
  productId: string;
  message: string;
}

/** Thrown inside the shipment's transaction: it rolls back, and the route answers 400 naming every bad line. */
export class ShipmentLinesRefused extends AppError {
  constructor(lines: LineRefusal[]) {
    super(400, 'shipment_lines_invalid', 'Some lines of the shipment cannot be shipped', { lines });
  }
}

const unshipped = (l: OrderLineRow) => l.quantity - (l.shipped_quantity ?? 0) - (l.cancelled_quantity ?? 0);

/**
 * Which order lines ship how many units: every request line judged against the lines as they now are (read under the
 * order's hold). Throws ShipmentLinesRefused with every bad line.
 */
export function judgeShipment(
  lines: OrderLineRow[],
  requested: ShipmentLineRequest[] | 'all',
): Array<{ line: OrderLineRow; quantity: number }> {
  if (requested === 'all') {
    return lines.filter((l) => unshipped(l) > 0).map((line) => ({ line, quantity: unshipped(line) }));
  }
  const refusals: LineRefusal[] = [];
  const chosen: Array<{ line: OrderLineRow; quantity: number }> = [];
  const seen = new Set<string>();
  requested.forEach(({ productId, quantity }, index) => {
    const refuse = (message: string) => refusals.push({ index, productId, message });
    const line = lines.find((l) => l.product_id !== null && l.product_id === productId);
    if (!line) return refuse('this order has no line of that product');
    if (seen.has(productId)) return refuse('one line per product');
    seen.add(productId);
    if (typeof quantity !== 'number' || !Number.isInteger(quantity)) return refuse('quantity must be a whole number');
    if (quantity < 1) return refuse('quantity must be at least 1');
    const left = unshipped(line);
    if (left === 0) return refuse('every unit of this line has shipped');
    if (quantity > left) return refuse(`quantity must be at most ${left}, the units not yet shipped`);
    chosen.push({ line, quantity });
  });
  if (refusals.length > 0) throw new ShipmentLinesRefused(refusals);
  return chosen;
}

export function createShipments(deps: ShipmentsDeps) {
  const { db, mail } = deps;
  const now = deps.now ?? (() => new Date());

  /** One step's transaction, its events of order `id`; webhook delivery is woken after the commit when wanted. */
  const transaction = <T>(
    work: (trx: Transaction<Database>, record: (type: string) => Promise<void>) => Promise<T>,
    id: string,
  ): Promise<T> =>
    transactionWithEvents(
      db,
      { record: (trx, type: string) => deps.recordEvent(trx, type, id), wake: deps.wakeWebhooks },
      work,
    );

  async function reread(id: string): Promise<OrderRow> {
    const row = await repo.findOrder(db, id);
    if (!row) throw notFound('Order');
    return row;
  }

  /**
   * Ships the requested units (or, 'all', every unit not yet shipped: §4's ship) as one shipment. Answers the order as
   * it now is; 409 from a status that takes no shipment (also when it changed meanwhile).
   */
  async function ship(
    user: AuthUser,
    id: string,
    requested: ShipmentLineRequest[] | 'all',
    carrier: string,
    trackingNumber: string,
    audit: AuditContext | null,
    /** The statuses this call ships from: §4's ship only a confirmed order, §14's shipments a partly shipped one too. */
    from: readonly OrderStatus[] = SHIPPABLE_ORDER_STATUSES,
  ): Promise<OrderRow> {
    const row = await authorizeOrder(db, await repo.findOrder(db, id), user, 'read');
    demandPermission(user, 'orders.ship', 'Only administrators may ship orders');
    if (!from.includes(row.status)) throw invalidTransition(row.status, 'shipped');
    const at = now().toISOString();
    const done = await transaction(async (trx, record) => {
      if (!(await shipRepo.holdInStatus(trx, id, from))) return false;
      // Read under the hold: what an earlier shipment of this order committed is seen here.
      const order = await repo.findOrder(trx, id);
      if (!order) return false;
      const lines = await repo.linesOfOrders(trx, [id]);
      const chosen = judgeShipment(lines, requested);
      if (chosen.length === 0) return false;
      for (const { line, quantity } of chosen) {
        if (!(await shipRepo.shipLineUnits(trx, id, line.line_no, quantity))) {
          throw new AppError(409, 'shipment_conflict', 'The order changed meanwhile; try again');
        }
      }
      const seq = (await shipRepo.lastShipmentSeq(trx, id)) + 1;
      const shipmentId = newId();
      const number = `${order.number}-S${seq}`;
      await shipRepo.insertShipment(
        trx,
        {
          id: shipmentId,
          order_id: id,
          seq,
          number,
          carrier,
          tracking_number: trackingNumber,
          shipped_at: at,
          delivered_at: null,
        },
        chosen.map(({ line, quantity }) => ({
          shipment_id: shipmentId,
          line_no: line.line_no,
          product_id: line.product_id,
          sku: line.sku,
          quantity,
        })),
      );
      const shippedNow = new Map(chosen.map(({ line, quantity }) => [line.line_no, quantity]));
      const left = lines.reduce((sum, l) => sum + unshipped(l) - (shippedNow.get(l.line_no) ?? 0), 0);
      const to: OrderStatus = left > 0 ? 'partially_shipped' : 'shipped';
      const changed = await lifecycleRepo.changeStatus(trx, id, order.status, {
        status: to,
        status_history: to === order.status ? order.status_history : withStep(order.status_history, to, at),
        updated_at: at,
        carrier,
        tracking_number: trackingNumber,
      });
      if (!changed) throw new Error('the held order changed status');
      await mail.enqueue(
        trx,
        shipmentMail(order, {
          seq,
          number,
          carrier,
          trackingNumber,
          lines: chosen.map(({ line, quantity }) => ({ sku: line.sku, name: line.name, quantity })),
          unitsLeft: left,
        }),
      );
      await record(to === 'shipped' ? 'order.shipped' : 'order.partially_shipped');
      const units = chosen.reduce((sum, c) => sum + c.quantity, 0);
      const whole = seq === 1 && to === 'shipped';
      await recordAudit(trx, audit, {
        action: to === 'shipped' ? 'order.shipped' : 'order.partially_shipped',
        targetType: 'order',
        targetId: id,
        summary: whole
          ? `Shipped order ${order.number} by ${carrier} (${trackingNumber})`
          : `Shipped ${number}, ${units} unit${units === 1 ? '' : 's'} of order ${order.number}, by ${carrier} (${trackingNumber})`,
        changes: changedFields(
          { status: order.status, carrier: order.carrier, trackingNumber: order.tracking_number },
          { status: to, carrier, trackingNumber },
        ),
      });
      return true;
    }, id);
    if (!done) throw invalidTransition((await reread(id)).status, 'shipped');
    mail.wake();
    return reread(id);
  }

  /**
   * Marks one shipment (or, 'all', every shipment made so far: §4's deliver) delivered; the order is `delivered` once
   * it is `shipped` and none awaits delivery. 404 for a shipment not of this order, 409 for one delivered already or
   * an order in a status that delivers nothing.
   */
  async function deliver(
    user: AuthUser,
    id: string,
    shipmentId: string | 'all',
    audit: AuditContext | null,
  ): Promise<OrderRow> {
    const row = await authorizeOrder(db, await repo.findOrder(db, id), user, 'deliver');
    if (!DELIVERABLE_ORDER_STATUSES.includes(row.status)) throw invalidTransition(row.status, 'marked delivered');
    const at = now().toISOString();
    const outcome = await transaction(async (trx, record): Promise<'done' | 'status' | 'none' | 'gone' | 'again'> => {
      if (!(await shipRepo.holdInStatus(trx, id, DELIVERABLE_ORDER_STATUSES))) return 'status';
      const order = await repo.findOrder(trx, id);
      if (!order) return 'status';
      let number: string | null = null;
      if (shipmentId !== 'all') {
        const shipment = (await shipRepo.shipmentsOfOrders(trx, [id])).get(id)?.find((s) => s.id === shipmentId);
        if (!shipment) return 'gone';
        if (shipment.delivered_at !== null) return 'again';
        number = shipment.number;
      }
      const marked = await shipRepo.deliverShipments(trx, id, shipmentId === 'all' ? 'all' : [shipmentId], at);
      // A shipped order with no shipment left to deliver is delivered all the same (§4's deliver).
      const delivered = order.status === 'shipped' && (await shipRepo.undeliveredCount(trx, id)) === 0;
      if (marked === 0 && !delivered) return 'none';
      if (delivered) {
        await lifecycleRepo.changeStatus(trx, id, 'shipped', {
          status: 'delivered',
          status_history: withStep(order.status_history, 'delivered', at),
          updated_at: at,
        });
        await mail.enqueue(trx, deliveredMail(order));
        await record('order.delivered');
      }
      await recordAudit(trx, audit, {
        action: delivered ? 'order.delivered' : 'order.shipment_delivered',
        targetType: 'order',
        targetId: id,
        summary: number
          ? `Marked shipment ${number} of order ${order.number} delivered`
          : `Marked order ${order.number} delivered`,
        changes: delivered ? { status: ['shipped', 'delivered'] } : null,
      });
      return 'done';
    }, id);
    if (outcome === 'gone') throw notFound('Shipment');
    if (outcome === 'again') throw new AppError(409, 'invalid_transition', 'This shipment is already delivered');
    // Nothing awaited delivery (a partly shipped order whose shipments all arrived), or the status moved meanwhile.
    if (outcome !== 'done') throw invalidTransition((await reread(id)).status, 'marked delivered');
    mail.wake();
    return reread(id);
  }

  /**
   * Cancels the unshipped units of a partly shipped order (the caller checked who may cancel): stock back, a credit
   * note for them, the order `shipped` or `delivered`. 409 when the order is no longer partly shipped.
   */
  async function cancelRest(id: string, reason: string | null, audit: AuditContext | null): Promise<OrderRow> {
    const at = now().toISOString();
    const from: readonly OrderStatus[] = ['partially_shipped'];
    const credit = await deps.movingStock(() =>
      transaction(async (trx, record) => {
        if (!(await shipRepo.holdInStatus(trx, id, from))) return false;
        const order = await repo.findOrder(trx, id);
        if (!order) return false;
        const lines = await repo.linesOfOrders(trx, [id]);
        // The products in code order, as every stock write takes them (no lock cycle with an order being placed).
        const rest = lines
          .filter((l) => unshipped(l) > 0)
          .map((line) => ({ line, quantity: unshipped(line) }))
          .sort((a, b) => codeOrder(String(a.line.product_id), String(b.line.product_id)));
        for (const { line, quantity } of rest) {
          await shipRepo.cancelLineUnits(trx, id, line.line_no, quantity);
          // A product deleted since has no stock to return to.
          if (line.product_id !== null) await repo.releaseStock(trx, line.product_id, quantity);
        }
        const arrived = (await shipRepo.undeliveredCount(trx, id)) === 0;
        const to: OrderStatus = arrived ? 'delivered' : 'shipped';
        const changed = await lifecycleRepo.changeStatus(trx, id, 'partially_shipped', {
          status: to,
          status_history: withStep(order.status_history, to, at),
          updated_at: at,
          cancel_reason: reason,
        });
        if (!changed) throw new Error('the held order changed status');
        await record(to === 'delivered' ? 'order.delivered' : 'order.shipped');
        const units = rest.reduce((sum, r) => sum + r.quantity, 0);
        await recordAudit(trx, audit, {
          action: 'order.rest_cancelled',
          targetType: 'order',
          targetId: id,
          summary: `Cancelled the ${units} unshipped unit${units === 1 ? '' : 's'} of order ${order.number}${reason ? `: ${reason}` : ''}`,
          changes: changedFields(
            { status: order.status, cancelReason: order.cancel_reason },
            { status: to, cancelReason: reason },
          ),
        });
        // Last: the credit note's year counter stays locked until the commit; only the mail that names it follows.
        const credited = await deps.billing.creditOrder(trx, {
          orderId: id,
          lines: rest.map(({ line, quantity }) => ({ productId: line.product_id, sku: line.sku, quantity })),
          reason: 'cancellation',
          at,
        });
        await mail.enqueue(
          trx,
          restCancelledMail(order, {
            reason,
            lines: rest.map(({ line, quantity }) => ({ sku: line.sku, name: line.name, quantity })),
            credit: credited,
          }),
        );
        return { credited };
      }, id),
    );
    if (!credit) throw invalidTransition((await reread(id)).status, 'cancelled');
    mail.wake();
    if (credit.credited?.settlement === 'card') {
      // The cancel stands either way; a refund the provider refuses now stays due for the card-refund job.
      await deps.billing
        .refundCredits([credit.credited.creditNoteNumber])
        .catch((error: unknown) => deps.log.error({ err: error, orderId: id }, 'card refund after a cancel failed'));
    }
    return reread(id);
  }

  return { ship, deliver, cancelRest };
}

export type Shipments = ReturnType<typeof createShipments>;
