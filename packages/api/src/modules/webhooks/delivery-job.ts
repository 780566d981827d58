// The background job that delivers webhooks: every 2 s (a first retry is due 5 s after a failure), and soon after
// an event is recorded (wake). One run at a time across every instance (infra/jobs); the claims' leases make even
// overlapping runs attempt each message once.
import type { PeriodicJob } from '../../infra/jobs/job-runner.js';
import type { WebhooksService } from './service.js';

export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery';

export function webhookDeliveryJob(webhooks: WebhooksService): PeriodicJob {
  return {
    name: WEBHOOK_DELIVERY_JOB,
    everyMs: 2_000,
    // A run stops claiming after 30 s and an attempt times out after 10 s (deliver.ts, send.ts).
    maxRunMs: 90_000,
    run: async (signal) => {
      await webhooks.deliverDue(signal);
    },
  };
}
