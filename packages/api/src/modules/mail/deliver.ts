// One delivery run: claim the oldest due messages (a batch), send them one by one, record the outcome; again until
// none is due, the run's time is up, or the app closes. A failure ends the run: when the server is down, the next message would fail too,
// and each message keeps its attempts for when the server is back.
import { randomUUID } from 'node:crypto';
import { isEmailAddress } from '@kestrel/shared';
import { setTimeout as sleep } from 'node:timers/promises';
import type { OpenDatabase } from '../../infra/db/create-db.js';
import * as repo from './outbox-repository.js';
import { retryDelayMs, type RetryPolicy } from './retry-policy.js';
import { SECRET_KINDS } from './templates/index.js';
import { SMTP_TIMEOUTS } from './transports/smtp-transport.js';
import type { MailTransport } from './transports/transport.js';

/** A run stops claiming after this long, so it ends well within its job's maxRunMs (delivery-job.ts). */
export const RUN_BUDGET_MS = 30_000;
/**
 * Messages claimed at once: one claim and one "sent" write per batch rather than two writes per message, so a busy
 * shop's mail (a message per order) costs its database little. The price: a crash between a batch's sends and its
 * record resends at most this many messages, each with the same Message-ID as before.
 */
export const CLAIM_BATCH = 25;
/**
 * After a full batch, a run rests this many times the processor time the process spent meanwhile, so delivery takes
 * at most a quarter of a busy process while orders pour in (composing a message costs more than placing the order
 * that causes it): a burst of orders is answered at full speed and its mail follows a little later. Time spent
 * waiting on a mail server costs no processor time, so an idle shop delivers without resting.
 */
const REST_PER_WORK = 3;
/** The lease on a claimed message: above the SMTP time-outs together (smtp-transport.ts), below the job's maxRunMs. */
export const LEASE_MS = 60_000;
/** The longest one send may take (its SMTP time-outs together): a batch starts no send that could outlast its lease. */
const LONGEST_SEND_MS = SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + SMTP_TIMEOUTS.socketTimeout;

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
  /** The bodies of a stored message (its `content`). */
  render: (content: string) => { text: string; html: string };
}

export async function deliverDue(ctx: DeliveryContext, signal?: AbortSignal): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
  const deadline = Date.now() + RUN_BUDGET_MS;
  let serverDown = false;
  while (!serverDown && !signal?.aborted && Date.now() < deadline) {
    const claimedAt = ctx.now();
    const token = randomUUID();
    const rows = await repo.claimDue(
      ctx.database,
      { token, now: claimedAt.toISOString(), until: new Date(claimedAt.getTime() + LEASE_MS).toISOString() },
      CLAIM_BATCH,
    );
    if (rows.length === 0) break;
    const cpuBefore = process.cpuUsage();
    const accepted: repo.MailRow[] = [];
    let tried = 0;
    try {
      // The item in hand is finished when the app closes, or when another send could outlast the lease (another run
      // may then take the rows); the rest of the batch is given back untried.
      const lastStart = claimedAt.getTime() + LEASE_MS - LONGEST_SEND_MS;
      while (tried < rows.length && !signal?.aborted && ctx.now().getTime() < lastStart) {
        const row = rows[tried++];
        if (!row) break;
        const outcome = await sendOne(ctx, row, token, report);
        if (outcome === 'accepted') accepted.push(row);
        else if (outcome === 'down') {
          serverDown = true;
          break;
        }
      }
    } finally {
      // Accepted: from here on they must never be sent again. Should this write fail, the lease runs out and a resend
      // carries the same Message-ID, which is how the receiving side recognises it.
      // The untried rows go back first: a failed record must not leave them leased with an attempt they never had.
      await repo.unclaim(
        ctx.database.db,
        rows.slice(tried).map((r) => r.id),
        token,
      );
      await recordSent(ctx, accepted);
      report.sent += accepted.length;
    }
    if (rows.length === CLAIM_BATCH && !serverDown) {
      // Never past the run's budget, and cut short when the app closes.
      const used = process.cpuUsage(cpuBefore);
      const restMs = Math.min(((used.user + used.system) / 1000) * REST_PER_WORK, Math.max(0, deadline - Date.now()));
      await sleep(restMs, undefined, { signal }).catch(() => undefined);
    }
  }
  return report;
}

/**
 * A recipient that is not one mailbox (an address stored before the shared e-mail rule, such as `x,victim@corp.example`,
 * which the mail server would read as two): the message fails for good instead of reaching someone else.
 */
class NotOneMailbox extends Error {
  constructor() {
    super('the recipient is not one e-mail address; not sent');
  }
}

/**
 * Sends one claimed message; answers whether the server accepted it. A failure is recorded on the row (due again
 * after its backoff, or failed for good) and answers 'down': when the server is down, the next message would fail too.
 * A recipient that is not one mailbox is never tried ('refused').
 */
async function sendOne(
  ctx: DeliveryContext,
  row: repo.MailRow,
  token: string,
  report: DeliveryReport,
): Promise<'accepted' | 'refused' | 'down'> {
  try {
    // Past the limit without a recorded failure: its runs kept dying while sending it (a crash it may cause).
    if (row.attempts > ctx.retry.maxAttempts) throw new Error(row.last_error ?? 'delivery never completed');
    if (!isEmailAddress(row.to_address)) throw new NotOneMailbox();
    const transport = await ctx.transport();
    const { text, html } = ctx.render(row.content);
    await transport.send({
      id: row.id,
      from: ctx.from,
      to: row.to_address,
      subject: row.subject,
      text,
      html,
      messageId: row.message_id,
      date: new Date(row.created_at),
    });
    return 'accepted';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const failedAt = ctx.now();
    const giveUp = error instanceof NotOneMailbox || row.attempts >= ctx.retry.maxAttempts;
    const next = new Date(failedAt.getTime() + retryDelayMs(ctx.retry, row.attempts)).toISOString();
    await repo.releaseAfterFailure(ctx.database.db, row.id, token, {
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
    // A recipient refused before any send says nothing about the server: the run goes on.
    return error instanceof NotOneMailbox ? 'refused' : 'down';
  }
}

/** Marks accepted messages sent; the bodies of those holding a live secret (a reset link) are blanked. */
async function recordSent(ctx: DeliveryContext, accepted: repo.MailRow[]): Promise<void> {
  const at = ctx.now().toISOString();
  const secret = accepted.filter((r) => SECRET_KINDS.has(r.kind)).map((r) => r.id);
  const plain = accepted.filter((r) => !SECRET_KINDS.has(r.kind)).map((r) => r.id);
  await repo.markSent(ctx.database.db, plain, at, false);
  await repo.markSent(ctx.database.db, secret, at, true);
}
