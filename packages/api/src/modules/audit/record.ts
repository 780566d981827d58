// The one way to write an entry (B2B §15): inside the caller's own transaction, so a change that rolls back leaves no
// entry and a change that commits always has one. The id's millisecond is the entry's `at` (see migration 033).
import type { AuditChanges } from '@kestrel/shared';
import type { Transaction } from 'kysely';
import { newId } from '../../infra/db/ids.js';
import type { Database } from '../../infra/db/schema.js';
import type { AuditContext } from './context.js';
import { insertEntry } from './repository.js';

export interface AuditRecord {
  /** `{targetType}.{verb}`: product.updated, order.shipped, admin.granted ... */
  action: string;
  targetType: string;
  /** null for a table-wide change (a catalogue import). */
  targetId: string | null;
  summary: string;
  changes: AuditChanges | null;
}

/** The instant an id was made at (its first 12 hex digits are milliseconds). */
export function idTime(id: string): string {
  return new Date(parseInt(id.slice(0, 12), 16)).toISOString();
}

/** Records one entry in `trx` when there is a staff or API key caller (`context`); nothing for a customer's change. */
export async function recordAudit(
  trx: Transaction<Database>,
  context: AuditContext | null,
  entry: AuditRecord,
): Promise<void> {
  if (!context) return;
  const id = newId();
  await insertEntry(trx, {
    id,
    at: idTime(id),
    actor_type: context.actor.type,
    actor_id: context.actor.id,
    actor_email: context.actor.email,
    actor_name: context.actor.name,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId,
    summary: entry.summary,
    changes: entry.changes ? JSON.stringify(entry.changes) : null,
    request_id: context.requestId,
  });
}
