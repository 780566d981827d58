// The background job that closes the payment races for good (issue #24): every minute, and once right after start,
// intents of orders that can no longer be paid (cancelled, expired, paid by another charge, deleted) are voided at
// the provider, and a charge that landed on one is refunded, whether or not a browser or webhook ever reported it.
// pg-boss gives each run to one instance; a presumed-dead run may overlap, which is safe: voids and refunds are
// idempotent per intent at the provider, and the shop records each refund once.
import type { PeriodicJob } from '../../infra/jobs/job-engine.js';
import type { PaymentsService } from './service.js';

export const PAYMENT_SWEEP_JOB = 'payment-sweep';

export function paymentSweepJob(payments: Pick<PaymentsService, 'sweep'>): PeriodicJob {
  return {
    name: PAYMENT_SWEEP_JOB,
    everyMs: 60_000,
    // Each unsettled intent costs one or two provider calls; only intents with work left are read.
    maxRunMs: 300_000,
    run: async (signal) => {
      await payments.sweep(signal);
    },
  };
}
