// Outgoing mail through a transactional outbox (B2B §6). A message is rendered and written as a row in the same
// transaction as the change that causes it, so it exists exactly when that change does; a background run (the
// `mail-delivery` job, delivery-job.ts) sends it later, retrying with backoff while the server is down.
import { oneLine } from '@kestrel/shared';
import type { Kysely } from 'kysely';
import type { MailConfig } from '../../infra/config.js';
import type { OpenDatabase } from '../../infra/db/create-db.js';
import { newId } from '../../infra/db/ids.js';
import type { Database } from '../../infra/db/schema.js';
import type { Sealer } from '../../infra/sealed.js';
import { deliverDue, type DeliveryReport, type MailLog } from './deliver.js';
import * as repo from './outbox-repository.js';
import { DEFAULT_RETRY, type RetryPolicy } from './retry-policy.js';
import { contentToSend, storedContent } from './stored-content.js';
import { renderMail, subjectOf, type MailContent, type Site } from './templates/index.js';
import { createTransport } from './transports/create-transport.js';
import type { MailTransport } from './transports/transport.js';

export interface OutgoingMail {
  to: string;
  /** Names the event that causes the message (`order-shipped:{orderId}`): the same key never queues twice. */
  dedupeKey: string;
  content: MailContent;
}

export interface MailService {
  /**
   * Queues a message inside the caller's Kysely transaction (or on the Db, alone); answers false when its dedupe key
   * was already used. Call `wake()` once the transaction has committed.
   */
  enqueue(executor: Kysely<Database>, mail: OutgoingMail): Promise<boolean>;
  /**
   * SQLite only: queues a row made by `prepare`, synchronously, for a caller inside a better-sqlite3 transaction run
   * by onSqliteConnection (the order writes' form, ADR 008, which renders its messages before it writes anything).
   */
  insertSync(row: repo.NewMailRow): boolean;
  /**
   * The outbox row of a message, rendered, for a caller that writes it in its own statement (the PostgreSQL order
   * write folds it into the order's statement); the row's dedupe key must be respected (ON CONFLICT DO NOTHING).
   */
  prepare(mail: OutgoingMail): repo.NewMailRow;
  /** Queues a message that goes with no other change (its own statement), and wakes delivery. */
  send(mail: OutgoingMail): Promise<boolean>;
  /**
   * Asks for a delivery run soon, on whichever instance takes it. Wakes within WAKE_DELAY_MS come as one: a busy shop
   * queues a message per order, and each wake on PostgreSQL is a write to the job queue.
   */
  wake(): void;
  /** One delivery run (the background job calls it; tests call it to deliver now). */
  deliverDue(signal?: AbortSignal): Promise<DeliveryReport>;
  /** The bodies of a stored message (its `content`), as delivery renders them. */
  bodies(content: string): { text: string; html: string };
  /** Messages waiting and given up: the mail queue depth. */
  queueDepth(): Promise<{ queued: number; failed: number }>;
  close(): Promise<void>;
}

export interface MailDeps {
  database: OpenDatabase;
  config: MailConfig;
  site: Site;
  log: MailLog;
  /** Seals the token of a link mail while it waits in the outbox (a key derived from the auth secret). */
  sealer: Sealer;
  /** Starts a delivery run soon (app.ts hands the job runner's wake). */
  wake?: () => void;
  now?: () => Date;
  retry?: Partial<RetryPolicy>;
}

/** A stored message's bodies, rendered from its content as delivery reads it (stored-content.ts). */
function renderStored(site: Site, sealer: Sealer, content: string): { text: string; html: string } {
  const { text, html } = renderMail(site, contentToSend(content, sealer));
  return { text, html };
}

/** How long a wake waits for others to join it; a message is never delayed by more. */
export const WAKE_DELAY_MS = 50;

/** The address part of `Name <address>` or of a bare address. */
function addressOf(mailbox: string): string {
  return /<([^>]+)>/.exec(mailbox)?.[1] ?? mailbox;
}

export function createMailService(deps: MailDeps): MailService {
  const { database, config, site, log, sealer } = deps;
  const now = deps.now ?? (() => new Date());
  const retry = { ...DEFAULT_RETRY, ...deps.retry };
  const domain = addressOf(config.from).split('@')[1] ?? 'localhost';
  let transport: Promise<MailTransport> | undefined;
  let insertSync: ((row: repo.NewMailRow) => boolean) | undefined;
  let wakeTimer: NodeJS.Timeout | undefined;

  function rowOf(mail: OutgoingMail): repo.NewMailRow {
    const at = now();
    const id = newId(at.getTime());
    const subject = oneLine(subjectOf(site, mail.content));
    const queuedAt = at.toISOString();
    return {
      id,
      dedupe_key: mail.dedupeKey,
      kind: mail.content.kind,
      to_address: mail.to,
      subject,
      content: storedContent(mail.content, sealer),
      // Stable per row: every attempt (and a resend after a crash) carries the same Message-ID.
      message_id: `<${id}.${mail.content.kind}@${domain}>`,
      status: 'queued',
      attempts: 0,
      next_attempt_at: queuedAt,
      created_at: queuedAt,
    };
  }

  const service: MailService = {
    enqueue: (executor, mail) => repo.insertMail(executor, rowOf(mail)),

    insertSync(row) {
      if (!database.sqlite) throw new Error('insertSync is for SQLite; use enqueue with the transaction');
      insertSync ??= repo.sqliteMailInsert(database.sqlite);
      return insertSync(row);
    },

    prepare: rowOf,

    async send(mail) {
      const queued = await repo.insertMail(database.db, rowOf(mail));
      if (queued) service.wake();
      return queued;
    },

    wake() {
      if (wakeTimer || !deps.wake) return;
      const wakeNow = deps.wake;
      wakeTimer = setTimeout(() => {
        wakeTimer = undefined;
        wakeNow();
      }, WAKE_DELAY_MS);
      wakeTimer.unref();
    },

    bodies: (content) => renderStored(site, sealer, content),

    deliverDue(signal) {
      return deliverDue(
        {
          database,
          from: config.from,
          render: (content) => renderStored(site, sealer, content),
          // Created at the first delivery; a failure (a folder it cannot create) is tried again next time.
          transport: () =>
            (transport ??= createTransport(config).catch((error: unknown) => {
              transport = undefined;
              throw error;
            })),
          retry,
          now,
          log,
        },
        signal,
      );
    },

    queueDepth: () => repo.countWaiting(database.db),

    async close() {
      clearTimeout(wakeTimer);
      wakeTimer = undefined;
      const opened = transport;
      transport = undefined;
      (await opened?.catch(() => undefined))?.close();
    },
  };
  return service;
}
