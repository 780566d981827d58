// Webhooks (B2B §9): the endpoints administrators register, the events the shop records for them in the same
// transaction as each change (the outbox, messages-repository.ts), and their delivery after Standard Webhooks 1.0
// (deliver.ts, send.ts) by the `webhook-delivery` job on whichever instance takes it.
import { changedFields, recordAudit, type AuditContext } from '../audit/index.js';
import { randomBytes } from 'node:crypto';
import type { Webhook, WebhookCreated, WebhookDelivery, WebhookEvents } from '@kestrel/shared';
import type { Kysely } from 'kysely';
import type { OpenDatabase } from '../../infra/db/create-db.js';
import { newId } from '../../infra/db/ids.js';
import type { Database } from '../../infra/db/schema.js';
import { AppError, notFound } from '../../infra/errors.js';
import type { MailService } from '../mail/index.js';
import { AddressRefused, checkHost, hostOf, systemResolve, type Resolve } from './address-policy.js';
import { attemptOne, claimFor, deliverDue, PING, type DeliveryReport } from './deliver.js';
import * as endpointsRepo from './endpoints-repository.js';
import { failureWords } from './failure-words.js';
import * as repo from './messages-repository.js';
import { createSender } from './send.js';
import { createSubscriptions } from './subscriptions.js';

export type { EventBatch } from './messages-repository.js';

/** How long a wake waits for others to join it (as mail's does). */
const WAKE_DELAY_MS = 50;
/** The delivery log shows this many attempts. */
const LOG_LENGTH = 100;

export interface WebhooksService {
  /** The endpoint changes; `audit` is the administrator or key, recorded in the change's transaction (B2B §15). */
  create(
    input: { url: string; events: WebhookEvents; description?: string | undefined },
    audit: AuditContext | null,
  ): Promise<WebhookCreated>;
  list(): Promise<Webhook[]>;
  update(
    id: string,
    patch: { url?: string | undefined; events?: WebhookEvents | undefined; enabled?: boolean | undefined },
    audit: AuditContext | null,
  ): Promise<Webhook>;
  remove(id: string, audit: AuditContext | null): Promise<void>;
  /** Sends a `ping` event to the endpoint now (one attempt) and answers it. */
  ping(id: string): Promise<WebhookDelivery>;
  deliveries(id: string): Promise<WebhookDelivery[]>;
  /**
   * The enabled endpoints subscribed to `type`: at once from memory while fresh (subscriptions.ts). Inside a
   * transaction, pass it (a stale memory is read through it).
   */
  subscribers(type: string, executor?: Kysely<Database>): string[] | Promise<string[]>;
  /** An event for these endpoints, to be written with the change (`insert`, or the order write's own statement). */
  event(type: string, data: unknown, endpointIds: string[]): repo.EventBatch;
  insert(executor: Kysely<Database>, batch: repo.EventBatch): Promise<void>;
  /** SQLite: the same inside a synchronous better-sqlite3 transaction (the order write). */
  insertSync(batch: repo.EventBatch): void;
  /** Asks for a delivery run soon; call it once the change's transaction has committed. */
  wake(): void;
  /** One delivery run (the job calls it; tests call it to deliver now). */
  deliverDue(signal?: AbortSignal): Promise<DeliveryReport>;
  close(): void;
}

export interface WebhooksDeps {
  database: OpenDatabase;
  mail: Pick<MailService, 'enqueue' | 'wake'>;
  /** Who is told when an endpoint is disabled. */
  adminEmails: () => Promise<string[]>;
  /** WEBHOOK_ALLOW_PRIVATE: receivers on loopback and private networks are allowed. */
  allowPrivate: boolean;
  /** Host name resolution (tests inject names that resolve to loopback). */
  resolve?: Resolve;
  now?: () => Date;
  /** Starts a delivery run soon (app.ts hands the job runner's wake). */
  wake?: () => void;
}

function toWebhook(row: endpointsRepo.EndpointRow): Webhook {
  const events: unknown = JSON.parse(row.events);
  return {
    _id: row.id,
    url: row.url,
    description: row.description,
    events: Array.isArray(events) ? events.map(String) : [],
    enabled: row.enabled === 1,
    disabledReason: row.disabled_reason,
    createdAt: row.created_at,
  };
}

/** An endpoint as an audit entry shows it: what an administrator sets (never its secret). */
function shownWebhook(row: endpointsRepo.EndpointRow): Record<string, unknown> {
  const { url, description, events, enabled } = toWebhook(row);
  return { url, description, events, enabled };
}

function toDelivery(
  row: Pick<repo.AttemptRow, 'event_id' | 'type' | 'attempt' | 'status' | 'error' | 'at' | 'next_attempt_at'>,
): WebhookDelivery {
  return {
    eventId: row.event_id,
    type: row.type,
    attempt: row.attempt,
    status: row.status,
    error: row.error,
    explanation: failureWords(row.status, row.error),
    at: row.at,
    nextAttemptAt: row.next_attempt_at,
  };
}

export function createWebhooksService(deps: WebhooksDeps): WebhooksService {
  const { database, mail } = deps;
  const { db } = database;
  const now = deps.now ?? (() => new Date());
  const resolve = deps.resolve ?? systemResolve;
  const sender = createSender({ allowPrivate: deps.allowPrivate, resolve });
  const subscriptions = createSubscriptions(db);
  const ctx = { database, sender, mail, adminEmails: deps.adminEmails, now, disabled: () => subscriptions.forget() };
  let insertSync: ((batch: repo.EventBatch) => void) | undefined;
  let wakeTimer: NodeJS.Timeout | undefined;

  async function allowedUrl(url: string): Promise<string> {
    if (deps.allowPrivate) return url;
    try {
      await checkHost(hostOf(new URL(url)), resolve);
    } catch (error) {
      if (error instanceof AddressRefused) {
        throw new AppError(
          400,
          'webhook_url_not_allowed',
          `A webhook url must reach a public address: ${error.message}`,
        );
      }
      throw error;
    }
    return url;
  }

  async function endpoint(id: string): Promise<endpointsRepo.EndpointRow> {
    const row = await endpointsRepo.findEndpoint(db, id);
    if (!row) throw notFound('Webhook');
    return row;
  }

  const service: WebhooksService = {
    async create(input, audit) {
      const at = now().toISOString();
      const url = await allowedUrl(input.url);
      const secret = `whsec_${randomBytes(32).toString('base64')}`;
      const row = {
        id: newId(),
        url,
        description: input.description || null,
        events: JSON.stringify(input.events),
        secret,
        enabled: 1,
        failing_since: null,
        disabled_reason: null,
        created_at: at,
        updated_at: at,
      };
      await db.transaction().execute(async (trx) => {
        await endpointsRepo.insertEndpoint(trx, row);
        // Never the signing secret.
        await recordAudit(trx, audit, {
          action: 'webhook.created',
          targetType: 'webhook',
          targetId: row.id,
          summary: `Registered webhook ${url}`,
          changes: changedFields(null, shownWebhook(row)),
        });
      });
      subscriptions.forget();
      return { ...toWebhook(row), secret };
    },

    list: async () => (await endpointsRepo.listEndpoints(db)).map(toWebhook),

    async update(id, patch, audit) {
      await endpoint(id);
      const changes: endpointsRepo.EndpointChanges = { updated_at: now().toISOString() };
      if (patch.url !== undefined) changes.url = await allowedUrl(patch.url);
      if (patch.events !== undefined) changes.events = JSON.stringify(patch.events);
      if (patch.enabled !== undefined) {
        changes.enabled = patch.enabled ? 1 : 0;
        // Enabled again: a fresh start, its failing streak forgotten.
        if (patch.enabled) Object.assign(changes, { disabled_reason: null, failing_since: null });
      }
      await db.transaction().execute(async (trx) => {
        const before = await endpointsRepo.findEndpoint(trx, id);
        if (!before || !(await endpointsRepo.updateEndpoint(trx, id, changes))) throw notFound('Webhook');
        const after = await endpointsRepo.findEndpoint(trx, id);
        await recordAudit(trx, audit, {
          action: 'webhook.updated',
          targetType: 'webhook',
          targetId: id,
          summary: `Changed webhook ${after?.url ?? before.url}`,
          changes: changedFields(shownWebhook(before), after ? shownWebhook(after) : null),
        });
      });
      subscriptions.forget();
      // Messages that waited while it was disabled go out now.
      if (patch.enabled) service.wake();
      return toWebhook(await endpoint(id));
    },

    async remove(id, audit) {
      const before = await endpointsRepo.findEndpoint(db, id);
      const deleted = await endpointsRepo.deleteEndpoint(db, id, async (trx) => {
        await recordAudit(trx, audit, {
          action: 'webhook.deleted',
          targetType: 'webhook',
          targetId: id,
          summary: `Deleted webhook ${before?.url ?? id}`,
          changes: before ? changedFields(shownWebhook(before), null) : null,
        });
      });
      if (!deleted) throw notFound('Webhook');
      subscriptions.forget();
    },

    async ping(id) {
      const target = await endpoint(id);
      const batch = service.event(PING, { webhookId: id }, [id]);
      await repo.insertEvent(db, batch);
      const claim = claimFor(now());
      const [messageId] = batch.messageIds;
      const row = messageId ? await repo.claimOne(db, messageId, claim) : undefined;
      const record = row ? await attemptOne(ctx, row, target, claim.token) : undefined;
      if (!record) throw new Error('the ping was taken by another delivery run');
      return toDelivery({
        ...record,
        event_id: record.row.event_id,
        type: PING,
        attempt: record.row.attempts,
        next_attempt_at: null,
      });
    },

    async deliveries(id) {
      await endpoint(id);
      return (await repo.latestAttempts(db, id, LOG_LENGTH)).map(toDelivery);
    },

    subscribers: (type, executor) => subscriptions.of(type, executor),

    event(type, data, endpointIds) {
      const at = now();
      const timestamp = at.toISOString();
      return {
        eventId: `msg_${newId(at.getTime())}`,
        type,
        body: JSON.stringify({ type, timestamp, data }),
        at: timestamp,
        endpointIds,
        messageIds: endpointIds.map(() => newId(at.getTime())),
      };
    },

    insert: (executor, batch) => repo.insertEvent(executor, batch),

    insertSync(batch) {
      if (!database.sqlite) throw new Error('insertSync is for SQLite; use insert with the transaction');
      insertSync ??= repo.sqliteEventInsert(database.sqlite);
      insertSync(batch);
    },

    wake() {
      // Wakes within WAKE_DELAY_MS come as one: each is a write to the job queue on PostgreSQL, and a busy shop
      // records an event per order.
      if (wakeTimer || !deps.wake) return;
      const wakeNow = deps.wake;
      wakeTimer = setTimeout(() => {
        wakeTimer = undefined;
        wakeNow();
      }, WAKE_DELAY_MS);
      wakeTimer.unref();
    },

    deliverDue: (signal) => deliverDue(ctx, signal),

    close() {
      clearTimeout(wakeTimer);
      wakeTimer = undefined;
      sender.close();
    },
  };
  return service;
}
