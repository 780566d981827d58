// The background job that delivers webhooks: every 2 s (a first retry is due 5 s after a failure), and soon after
// an event is recorded (wake). One run at a time across every instance (infra/jobs); the claims' leases make even
// overlapping runs attempt each message once.
import type { PeriodicJob } from '../../infra/jobs/job-engine.js';
import type { WebhooksService } from './service.js';

export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery';

export function webhookDeliveryJob(webhooks: WebhooksService): PeriodicJob {
  return {
    name: WEBHOOK_DELIVERY_JOB,
    everyMs: 2_000,
    // A run stops claiming after 15 s and a batch's attempts time out after 10 s (deliver.ts, send.ts); after a crash
    // on PostgreSQL the dead run holds the job this long, plus pg-boss's 15 s maintenance, before another starts.
    maxRunMs: 30_000,
    run: async (signal) => {
      await webhooks.deliverDue(signal);
    },
  };
}
