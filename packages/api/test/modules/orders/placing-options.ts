// What the placing tests build a placing with: the app's own open database and services (so the SQLite step shares
// the connection Kysely uses), real billing, and a minimal "order placed" mail, as app.ts builds the shop's.
import type { FastifyInstance } from 'fastify';
import { createBillingService } from '../../../src/modules/billing/index.js';
import type { PlacingOptions } from '../../../src/modules/orders/placing/index.js';

export function placingOptions(app: FastifyInstance, maxOpenOrders: number): PlacingOptions {
  return {
    maxOpenOrders,
    limitMessage: 'too many unpaid orders',
    mail: app.mail,
    webhooks: app.webhooks,
    billing: createBillingService({ db: app.db }),
    placedMails: ({ order }) => [
      {
        to: order.email,
        dedupeKey: `order-placed:${order.id}`,
        content: {
          kind: 'order-placed',
          data: {
            orderId: order.id,
            buyerName: order.user_name,
            poNumber: null,
            lines: [],
            totalCents: order.total_cents,
            paymentTerms: 'card',
            dueDate: null,
          },
        },
      },
    ],
  };
}
