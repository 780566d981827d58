// The background job that delivers the outbox: every few seconds, and at once when a message is queued (wake).
import type { PeriodicJob } from '../../infra/jobs/job-engine.js';
import type { MailService } from './service.js';

export const MAIL_DELIVERY_JOB = 'mail-delivery';

export function mailDeliveryJob(mail: MailService): PeriodicJob {
  return {
    name: MAIL_DELIVERY_JOB,
    everyMs: 5_000,
    // A run stops claiming after 30 s and a message's send times out within 40 s (deliver.ts, smtp-transport.ts).
    maxRunMs: 90_000,
    run: async (signal) => {
      await mail.deliverDue(signal);
    },
  };
}
