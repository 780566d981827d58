// A procurement system's purchase order (B2B §17): an OrderRequest places one order for the connection's user, at
// the shop's price for that company (a UnitPrice below it is refused, naming the line), with §2's quantity rules and
// the stock as for any order, on account when the company has net terms, else pending for card. Its orderID is the
// order's PO number and is claimed once per connection in the order's own transaction: the same orderID again, or
// at the same moment, answers the first order and places nothing new.
import { isNetTerms, type Order } from '@kestrel/shared';
import type { Db } from '../../infra/db/create-db.js';
import { isUniqueViolation } from '../../infra/db/unique-violation.js';
import { AppError } from '../../infra/errors.js';
import type { AuthUser } from '../accounts/index.js';
import type { CatalogService } from '../catalog/index.js';
import { findMembership, listLocations } from '../companies/index.js';
import type { OrdersService } from '../orders/index.js';
import type { ConnectionRow } from './connections-repository.js';
import { money } from './cxml-documents.js';
import type { OrderRequest } from './cxml-requests.js';
import * as repo from './orders-repository.js';
import { readShipTo, shipToChoiceOf } from './ship-to.js';

export interface OrderRequestDeps {
  db: Db;
  catalog: Pick<CatalogService, 'itemsBySkus'>;
  orders: Pick<OrdersService, 'createOrder' | 'findOrder' | 'toAnswer'>;
}

/** A refusal of the request, answered as cXML Status with this code and words. */
const refused = (code: number, message: string) => new AppError(code, 'order_request_refused', message);

export interface PlacedRequest {
  order: Order;
  /** True when the orderID had placed its order before (nothing new was placed). */
  again: boolean;
}

export function createOrderRequests({ db, catalog, orders }: OrderRequestDeps) {
  async function earlier(connectionId: string, orderRef: string): Promise<Order | undefined> {
    const orderId = await repo.findClaim(db, connectionId, orderRef);
    const row = orderId === undefined ? undefined : await orders.findOrder(orderId);
    if (orderId !== undefined && !row) throw refused(409, `Order ${orderRef} was placed and has since been deleted`);
    return row ? orders.toAnswer(row) : undefined;
  }

  return async function place(connection: ConnectionRow, request: OrderRequest): Promise<PlacedRequest> {
    const before = await earlier(connection.id, request.orderId);
    if (before) return { order: before, again: true };

    const bySku = await catalog.itemsBySkus(request.items.map((i) => i.sku));
    const seen = new Set<string>();
    const lines = request.items.map((item) => {
      const product = bySku.get(item.sku);
      if (!product) throw refused(400, `ItemOut line ${item.line}: no product has SupplierPartID ${item.sku}`);
      if (seen.has(product.id)) throw refused(400, `ItemOut line ${item.line}: SupplierPartID ${item.sku} repeats`);
      seen.add(product.id);
      return { productId: product.id, quantity: item.quantity };
    });
    const buyer = await repo.findBuyer(db, connection.user_id, connection.company_id);
    if (!buyer) throw refused(409, 'The connection’s user or company no longer exists');
    const membership = await findMembership(db, buyer.id);
    // Acting as the connection's user, never as a punch-out session: this order is the one the system sends.
    const user: AuthUser = {
      id: buyer.id,
      email: buyer.email,
      name: buyer.name,
      role: buyer.role,
      emailVerified: buyer.email_verified === 1,
      sessionId: '',
    };
    const shipTo = readShipTo(request.shipTo);
    const phone = shipTo?.phone ?? (buyer.phone || null);
    if (phone === null) {
      throw refused(400, 'The request lacks ShipTo/Address/Phone and the user’s profile has no phone number');
    }
    // B2B §12 through §17's ShipTo: the company's location it names, or the address itself for a company with none.
    // The free-text address is the billing address only for a request with no ShipTo, as before §12.
    const locations = membership?.hasLocations ? await listLocations(db, membership.companyId) : undefined;
    const shipToChoice = shipToChoiceOf(shipTo, locations);
    if (shipTo && locations && !shipToChoice) {
      throw refused(
        400,
        'ShipTo/Address is none of the company’s ship-to locations (its street, postal code and country, or its name)',
      );
    }
    const address = buyer.billing_address;
    const checkUnits = (units: number[]) => {
      request.items.forEach((item, i) => {
        const shop = units[i];
        if (shop !== undefined && item.unitCents !== undefined && item.unitCents < shop) {
          throw refused(
            400,
            `ItemOut line ${item.line} (${item.sku}): UnitPrice ${money(item.unitCents)} is below the shop's price ${money(shop)}`,
          );
        }
      });
    };
    try {
      const order = await orders.createOrder(
        user,
        lines,
        {
          phone,
          address,
          poNumber: request.orderId,
          shipTo: shipToChoice,
          paymentTerms: membership && isNetTerms(membership.paymentTerms) ? 'account' : 'card',
        },
        {
          source: 'punchout',
          checkUnits,
          within: {
            after: (trx, placed) =>
              repo.insertClaim(trx, {
                connection_id: connection.id,
                order_ref: request.orderId,
                order_id: placed.order.id,
                created_at: placed.order.created_at,
              }),
          },
        },
      );
      return { order, again: false };
    } catch (error) {
      // The same orderID placed at the same moment: its claim was first, this order rolled back.
      if (isUniqueViolation(error)) {
        const first = await earlier(connection.id, request.orderId);
        if (first) return { order: first, again: true };
      }
      throw namedLine(error);
    }
  };
}

/** The orders service's refusal of lines, with each line named as the request numbers it (from 1). */
function namedLine(error: unknown): unknown {
  if (!(error instanceof AppError) || error.code !== 'order_lines_invalid') return error;
  const lines = error.details['lines'];
  if (!Array.isArray(lines)) return error;
  const words = lines.map((l: { index: number; message: string }) => `ItemOut line ${l.index + 1}: ${l.message}`);
  return refused(400, words.join('; '));
}
