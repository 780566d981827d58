// One delivery run: claim the oldest due messages (a batch, under a lease), send them at once (a slow receiver
// holds up only its own attempts), and record each attempt: delivered, due again on the retry schedule, or failed.
// A failed attempt starts its endpoint's failing streak; one that comes 24 h or more into the streak disables the
// endpoint and queues a mail to every administrator, in the same transaction. Pings are attempted once and never
// count towards the streak.
import { randomUUID } from 'node:crypto';
import type { OpenDatabase } from '../../infra/db/create-db.js';
import { newId } from '../../infra/db/ids.js';
import type { MailService } from '../mail/index.js';
import * as endpointsRepo from './endpoints-repository.js';
import * as repo from './messages-repository.js';
import { DISABLE_AFTER_FAILING_MS, retryDelayAfter } from './retry-schedule.js';
import type { Sender } from './send.js';

/** A run stops claiming after this long (its job's maxRunMs is well above). */
const RUN_BUDGET_MS = 30_000;
const CLAIM_BATCH = 20;
/**
 * Above one batch's attempts (sent together, 10 s at most each) and their records; below the job's maxRunMs. It is
 * also how long an attempt in flight when its instance died waits before another instance tries it again.
 */
export const LEASE_MS = 30_000;

export const PING = 'ping';

export interface DeliveryReport {
  delivered: number;
  retried: number;
  failed: number;
}

export interface DeliveryContext {
  database: OpenDatabase;
  sender: Sender;
  mail: Pick<MailService, 'enqueue' | 'wake'>;
  adminEmails: () => Promise<string[]>;
  now: () => Date;
  /** An endpoint was disabled: this instance stops recording events for it at once. */
  disabled: () => void;
}

export interface AttemptRecord {
  row: repo.MessageRow;
  delivered: boolean;
  status: number | null;
  error: string | null;
  at: string;
  next: string | null;
}

export function claimFor(now: Date) {
  return { token: randomUUID(), now: now.toISOString(), until: new Date(now.getTime() + LEASE_MS).toISOString() };
}

export async function deliverDue(ctx: DeliveryContext, signal?: AbortSignal): Promise<DeliveryReport> {
  const report: DeliveryReport = { delivered: 0, retried: 0, failed: 0 };
  const deadline = Date.now() + RUN_BUDGET_MS;
  while (!signal?.aborted && Date.now() < deadline) {
    const claim = claimFor(ctx.now());
    const rows = await repo.claimDue(ctx.database, claim, CLAIM_BATCH);
    if (rows.length === 0) break;
    const endpoints = await endpointsRepo.findEndpoints(ctx.database.db, [...new Set(rows.map((r) => r.endpoint_id))]);
    const byId = new Map(endpoints.map((e) => [e.id, e]));
    const records = await Promise.all(rows.map((row) => attemptOne(ctx, row, byId.get(row.endpoint_id), claim.token)));
    for (const record of records) {
      if (!record) continue;
      if (record.delivered) report.delivered++;
      else if (record.next) report.retried++;
      else report.failed++;
    }
    if (rows.length < CLAIM_BATCH) break;
  }
  return report;
}

/** Sends one claimed message and records the attempt; answers the record (undefined if the claim was lost). */
export async function attemptOne(
  ctx: DeliveryContext,
  row: repo.MessageRow,
  endpoint: endpointsRepo.EndpointRow | undefined,
  token: string,
): Promise<AttemptRecord | undefined> {
  const started = ctx.now();
  const outcome = endpoint
    ? await ctx.sender.send({
        url: endpoint.url,
        secret: endpoint.secret,
        eventId: row.event_id,
        body: row.body,
        at: started,
      })
    : { ok: false, status: null, error: 'the endpoint was deleted' };
  const at = ctx.now();
  const delay = outcome.ok || !endpoint || row.type === PING ? null : retryDelayAfter(row.attempts);
  const next = delay === null ? null : new Date(at.getTime() + delay).toISOString();
  const record: AttemptRecord = {
    row,
    delivered: outcome.ok,
    status: outcome.status,
    error: outcome.error,
    at: started.toISOString(),
    next,
  };
  const admins = outcome.ok || !endpoint || row.type === PING ? [] : await ctx.adminEmails();
  const mailed = await ctx.database.db.transaction().execute(async (trx) => {
    const mine = await repo.recordAttempt(
      trx,
      row,
      token,
      { status: outcome.status, error: outcome.error, at: record.at, next, delivered: outcome.ok },
      newId(at.getTime()),
    );
    if (!mine || !endpoint || row.type === PING) return mine ? false : undefined;
    if (outcome.ok) {
      await endpointsRepo.markDelivering(trx, endpoint.id);
      return false;
    }
    const since = await endpointsRepo.markFailing(trx, endpoint.id, record.at);
    if (!since || at.getTime() - Date.parse(since) < DISABLE_AFTER_FAILING_MS) return false;
    const reason = `every event failed for 24 hours (since ${since})`;
    if (!(await endpointsRepo.disableFailing(trx, endpoint.id, reason, at.toISOString()))) return false;
    for (const to of admins) {
      await ctx.mail.enqueue(trx, {
        to,
        dedupeKey: `webhook-disabled:${endpoint.id}:${since}:${to}`,
        content: {
          kind: 'webhook-disabled',
          data: { endpointId: endpoint.id, url: endpoint.url, failingSince: since, lastError: outcome.error },
        },
      });
    }
    return true;
  });
  if (mailed === undefined) return undefined;
  if (mailed) {
    ctx.disabled();
    ctx.mail.wake();
  }
  return record;
}
