// One delivery run: claim the oldest due messages (a batch, under a lease), send them at once (a slow receiver
// holds up only its own attempts), and record the attempts: the delivered ones of a batch together (one transaction,
// a few statements), each failure on its own: due again on the retry schedule, or failed. A failed attempt starts
// its endpoint's failing streak; one that comes 24 h or more into the streak disables the endpoint and queues a mail
// to every administrator, in the same transaction. Pings are attempted once and never count towards the streak.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { OpenDatabase } from '../../infra/db/create-db.js';
import { newId } from '../../infra/db/ids.js';
import type { MailService } from '../mail/index.js';
import * as endpointsRepo from './endpoints-repository.js';
import * as repo from './messages-repository.js';
import { DISABLE_AFTER_FAILING_MS, retryDelayAfter } from './retry-schedule.js';
import type { AttemptOutcome, Sender } from './send.js';

/**
 * A run stops claiming after this long (its job's maxRunMs is above it plus one batch). Short, because a run whose
 * instance died holds the job on PostgreSQL until maxRunMs has passed (ADR 005): delivery resumes that much later.
 */
const RUN_BUDGET_MS = 15_000;
const CLAIM_BATCH = 50;
/**
 * After a full batch, a run rests this many times the processor time the process spent meanwhile, so delivery takes at
 * most a quarter of a busy process (as mail does, modules/mail/deliver.ts): orders are answered at full speed and
 * their events follow a little later. Waiting on receivers costs no processor time, so an idle shop never rests.
 */
const REST_PER_WORK = 3;
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

interface Sent {
  row: repo.MessageRow;
  endpoint: endpointsRepo.EndpointRow | undefined;
  outcome: AttemptOutcome;
  started: Date;
}

export function claimFor(now: Date) {
  return { token: randomUUID(), now: now.toISOString(), until: new Date(now.getTime() + LEASE_MS).toISOString() };
}

async function send(ctx: DeliveryContext, row: repo.MessageRow, endpoint: Sent['endpoint']): Promise<Sent> {
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
  return { row, endpoint, outcome, started };
}

export async function deliverDue(ctx: DeliveryContext, signal?: AbortSignal): Promise<DeliveryReport> {
  const report: DeliveryReport = { delivered: 0, retried: 0, failed: 0 };
  const deadline = Date.now() + RUN_BUDGET_MS;
  while (!signal?.aborted && Date.now() < deadline) {
    const claim = claimFor(ctx.now());
    const rows = await repo.claimDue(ctx.database, claim, CLAIM_BATCH);
    if (rows.length === 0) break;
    const cpuBefore = process.cpuUsage();
    const endpoints = await endpointsRepo.findEndpoints(ctx.database.db, [...new Set(rows.map((r) => r.endpoint_id))]);
    const byId = new Map(endpoints.map((e) => [e.id, e]));
    const sent = await Promise.all(rows.map((row) => send(ctx, row, byId.get(row.endpoint_id))));
    report.delivered += (
      await recordDelivered(
        ctx,
        sent.filter((s) => s.outcome.ok),
        claim.token,
      )
    ).length;
    for (const failure of sent.filter((s) => !s.outcome.ok)) {
      const record = await recordFailure(ctx, failure, claim.token);
      if (record?.next) report.retried++;
      else if (record) report.failed++;
    }
    if (rows.length < CLAIM_BATCH) break;
    const used = process.cpuUsage(cpuBefore);
    const restMs = Math.min(((used.user + used.system) / 1000) * REST_PER_WORK, Math.max(0, deadline - Date.now()));
    await sleep(restMs, undefined, { signal }).catch(() => undefined);
  }
  return report;
}

/** One claimed message sent now and recorded (a ping); undefined if the claim was lost meanwhile. */
export async function attemptOne(
  ctx: DeliveryContext,
  row: repo.MessageRow,
  endpoint: endpointsRepo.EndpointRow | undefined,
  token: string,
): Promise<AttemptRecord | undefined> {
  const sent = await send(ctx, row, endpoint);
  if (!sent.outcome.ok) return recordFailure(ctx, sent, token);
  const [record] = await recordDelivered(ctx, [sent], token);
  return record;
}

/** The delivered attempts of a batch in one transaction; their endpoints' failing streaks end (pings aside). */
async function recordDelivered(ctx: DeliveryContext, sent: Sent[], token: string): Promise<AttemptRecord[]> {
  if (sent.length === 0) return [];
  const at = ctx.now();
  const status = new Map(sent.map((s) => [s.row.id, s.outcome.status ?? 200]));
  const started = new Map(sent.map((s) => [s.row.id, s.started.toISOString()]));
  const recorded = await ctx.database.db.transaction().execute(async (trx) => {
    const ids = await repo.recordDelivered(
      trx,
      sent.map((s) => s.row),
      token,
      { at: at.toISOString(), statusOf: (id) => status.get(id) ?? 200, logIds: sent.map(() => newId(at.getTime())) },
    );
    const done = new Set(ids);
    const streaksEnded = sent.filter((s) => done.has(s.row.id) && s.row.type !== PING).map((s) => s.row.endpoint_id);
    await endpointsRepo.markDelivering(trx, [...new Set(streaksEnded)]);
    return done;
  });
  return sent
    .filter((s) => recorded.has(s.row.id))
    .map((s) => ({
      row: s.row,
      delivered: true,
      status: s.outcome.status,
      error: null,
      at: started.get(s.row.id) ?? at.toISOString(),
      next: null,
    }));
}

/** A failed attempt: due again on the schedule or failed, the streak counted, maybe the endpoint disabled. */
async function recordFailure(ctx: DeliveryContext, sent: Sent, token: string): Promise<AttemptRecord | undefined> {
  const { row, endpoint, outcome } = sent;
  const at = ctx.now();
  const counts = endpoint !== undefined && row.type !== PING;
  const delay = counts ? retryDelayAfter(row.attempts) : null;
  const next = delay === null ? null : new Date(at.getTime() + delay).toISOString();
  const record: AttemptRecord = {
    row,
    delivered: false,
    status: outcome.status,
    error: outcome.error,
    at: sent.started.toISOString(),
    next,
  };
  const admins = counts ? await ctx.adminEmails() : [];
  const mailed = await ctx.database.db.transaction().execute(async (trx) => {
    const mine = await repo.recordAttempt(
      trx,
      row,
      token,
      { status: outcome.status, error: outcome.error, at: record.at, next, delivered: false },
      newId(at.getTime()),
    );
    if (!mine) return undefined;
    if (!counts || !endpoint) return false;
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
