// SQL of the webhook endpoints: the admin's list and the snapshot of enabled subscribers the emitters read.
import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import type { Database, WebhookEndpointsTable } from '../../infra/db/schema.js';

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type NewEndpointRow = Insertable<WebhookEndpointsTable>;
export type EndpointChanges = Updateable<WebhookEndpointsTable>;

export async function insertEndpoint(db: Kysely<Database>, row: NewEndpointRow): Promise<void> {
  await db.insertInto('webhook_endpoints').values(row).execute();
}

export function listEndpoints(db: Db): Promise<EndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().orderBy('id').execute();
}

export function findEndpoint(db: Kysely<Database>, id: string): Promise<EndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findEndpoints(db: Kysely<Database>, ids: string[]): Promise<EndpointRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('webhook_endpoints').selectAll().where('id', 'in', ids).execute();
}

/** What the emitters need: every enabled endpoint and its events. */
export function enabledSubscriptions(db: Kysely<Database>): Promise<Array<Pick<EndpointRow, 'id' | 'events'>>> {
  return db.selectFrom('webhook_endpoints').select(['id', 'events']).where('enabled', '=', 1).execute();
}

export async function updateEndpoint(db: Kysely<Database>, id: string, changes: EndpointChanges): Promise<boolean> {
  const result = await db.updateTable('webhook_endpoints').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The endpoint, its waiting messages and its log. */
export async function deleteEndpoint(
  db: Db,
  id: string,
  also?: (trx: Transaction<Database>) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
    await trx.deleteFrom('webhook_messages').where('endpoint_id', '=', id).execute();
    await trx.deleteFrom('webhook_attempts').where('endpoint_id', '=', id).execute();
    const deleted = Number(result.numDeletedRows) === 1;
    if (deleted) await also?.(trx);
    return deleted;
  });
}

/** A delivered attempt clears the failing streak of its endpoint. */
export async function markDelivering(db: Kysely<Database>, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: null })
    .where('id', 'in', ids)
    .where('failing_since', 'is not', null)
    .execute();
}

/** A failed attempt starts the failing streak unless one runs; answers when it started. */
export async function markFailing(db: Kysely<Database>, id: string, at: string): Promise<string | null> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: at })
    .where('id', '=', id)
    .where('failing_since', 'is', null)
    .execute();
  const row = await db.selectFrom('webhook_endpoints').select('failing_since').where('id', '=', id).executeTakeFirst();
  return row?.failing_since ?? null;
}

/** Disables a still-enabled endpoint; answers whether this call did (so the administrators are told once). */
export async function disableFailing(db: Kysely<Database>, id: string, reason: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ enabled: 0, disabled_reason: reason, updated_at: at })
    .where('id', '=', id)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
