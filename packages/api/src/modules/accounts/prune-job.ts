// The background job that forgets dead account rows (B2B §7): every hour, sessions that can never be used again
// (revoked, expired, idle too long), account tokens past their expiry and two-step challenges past their 5 minutes are
// deleted, so no table grows with every sign-in and every mailed link. Deleting is idempotent, so overlapping runs on
// two instances do no harm.
import type { PeriodicJob } from '../../infra/jobs/job-engine.js';
import type { AccountsService } from './service.js';

export const ACCOUNT_PRUNE_JOB = 'account-prune';

export function accountPruneJob(accounts: Pick<AccountsService, 'pruneDead'>): PeriodicJob {
  return {
    name: ACCOUNT_PRUNE_JOB,
    everyMs: 60 * 60_000,
    // Two deletes; even a large backlog takes far less.
    maxRunMs: 300_000,
    run: async () => {
      await accounts.pruneDead();
    },
  };
}
