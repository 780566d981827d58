// The background job that ends holds (B2B §4, §8): every minute, and once right after start, orders awaiting payment
// or approval past their ORDER_HOLD_MINUTES expire and their stock returns; refunds left owing are retried. It may
// run on several instances at once (pg-boss gives it to one, but a presumed-dead run may overlap): each order's
// status-guarded update decides, so each expires exactly once. Issue 47: the same run reminds the owners of orders
// awaiting approval that expire within a day, once per order (approvals.ts remindDue).
import type { PeriodicJob } from '../../infra/jobs/job-engine.js';
import type { OrdersService } from './service.js';

export const ORDER_EXPIRY_JOB = 'order-expiry';

export function orderExpiryJob(orders: Pick<OrdersService, 'expireDue' | 'remindApprovals'>): PeriodicJob {
  return {
    name: ORDER_EXPIRY_JOB,
    everyMs: 60_000,
    // A run handles its orders one by one, each with at most one provider call (void or refund).
    maxRunMs: 300_000,
    run: async (signal) => {
      await orders.expireDue(signal);
      await orders.remindApprovals(signal);
    },
  };
}
