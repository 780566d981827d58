// The job that makes every card refund still due (card-refunds.ts): every minute, and once after start. pg-boss gives
// each run to one instance; an overlapping run is safe, each refund being keyed by its credit note.
import type { PeriodicJob } from '../../infra/jobs/job-engine.js';
import type { CardRefunds } from './card-refunds.js';

export const CARD_REFUND_JOB = 'card-refunds';

export function cardRefundJob(refunds: Pick<CardRefunds, 'refundAllDue'>): PeriodicJob {
  return {
    name: CARD_REFUND_JOB,
    everyMs: 60_000,
    maxRunMs: 300_000,
    run: async () => {
      await refunds.refundAllDue();
    },
  };
}
