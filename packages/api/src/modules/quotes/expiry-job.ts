// The background job that marks expired offers (B2B §10): every minute, an offer past its validUntil becomes
// `expired` in the database and its requester is mailed, exactly once (a status-guarded update per quote), whichever
// instance runs it. The answers and the transitions already treat such an offer as expired from the moment it passed.
import type { PeriodicJob } from '../../infra/jobs/job-engine.js';
import type { QuotesService } from './service.js';

export const QUOTE_EXPIRY_JOB = 'quote-expiry';

export function quoteExpiryJob(quotes: Pick<QuotesService, 'expireDue'>): PeriodicJob {
  return {
    name: QUOTE_EXPIRY_JOB,
    everyMs: 60_000,
    maxRunMs: 300_000,
    run: async (signal) => {
      await quotes.expireDue(signal);
    },
  };
}
