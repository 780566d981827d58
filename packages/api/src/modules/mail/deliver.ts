// One delivery run: claim the oldest due message, send it, record the outcome; again until none is due, the run's
// time is up, or the app closes. A failure ends the run: when the server is down, the next message would fail too,
// and each message keeps its attempts for when the server is back.
import { randomUUID } from 'node:crypto';
import type { OpenDatabase } from '../../infra/db/create-db.js';
import * as repo from './outbox-repository.js';
import { retryDelayMs, type RetryPolicy } from './retry-policy.js';
import { SECRET_KINDS } from './templates/index.js';
import type { MailTransport } from './transports/transport.js';

/** A run stops claiming after this long, so it ends well within its job's maxRunMs (delivery-job.ts). */
export const RUN_BUDGET_MS = 30_000;
/** The lease on a claimed message: above the SMTP time-outs together (smtp-transport.ts), below the job's maxRunMs. */
export const LEASE_MS = 60_000;

export interface DeliveryReport {
  sent: number;
  retried: number;
  failed: number;
}

export interface MailLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface DeliveryContext {
  database: OpenDatabase;
  from: string;
  transport: () => Promise<MailTransport>;
  retry: RetryPolicy;
  now: () => Date;
  log: MailLog;
}

export async function deliverDue(ctx: DeliveryContext, signal?: AbortSignal): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
  const { db } = ctx.database;
  const deadline = Date.now() + RUN_BUDGET_MS;
  while (!signal?.aborted && Date.now() < deadline) {
    const claimedAt = ctx.now();
    const token = randomUUID();
    const row = await repo.claimDue(ctx.database, {
      token,
      now: claimedAt.toISOString(),
      until: new Date(claimedAt.getTime() + LEASE_MS).toISOString(),
    });
    if (!row) break;
    try {
      // Past the limit without a recorded failure: its runs kept dying while sending it (a crash it may cause).
      if (row.attempts > ctx.retry.maxAttempts) throw new Error(row.last_error ?? 'delivery never completed');
      const transport = await ctx.transport();
      await transport.send({
        id: row.id,
        from: ctx.from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        messageId: row.message_id,
        date: new Date(row.created_at),
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const failedAt = ctx.now();
      const giveUp = row.attempts >= ctx.retry.maxAttempts;
      const next = new Date(failedAt.getTime() + retryDelayMs(ctx.retry, row.attempts)).toISOString();
      await repo.releaseAfterFailure(db, row.id, token, {
        status: giveUp ? 'failed' : 'queued',
        next: giveUp ? failedAt.toISOString() : next,
        error: message.slice(0, 1000),
      });
      const details = { mailId: row.id, kind: row.kind, attempts: row.attempts, err: error };
      if (giveUp) {
        ctx.log.error(details, 'mail delivery failed for good');
        report.failed++;
      } else {
        ctx.log.warn({ ...details, nextAttemptAt: next }, 'mail delivery failed; will retry');
        report.retried++;
      }
      break;
    }
    // Accepted: from here on it must never be sent again. Should this write fail, the lease runs out and a resend
    // carries the same Message-ID, which is how the receiving side recognises it.
    await repo.markSent(db, row.id, ctx.now().toISOString(), SECRET_KINDS.has(row.kind));
    report.sent++;
  }
  return report;
}
