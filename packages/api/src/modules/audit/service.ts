// GET /api/admin/audit (B2B §15): a page of the trail newest first, with its filters. `actor` is a user id, an API
// key id (both are ids in actor_id) or an e-mail, read as the user it names. `total` counts through the same index as
// the page, up to AUDIT_COUNT_LIMIT (an exact count over a million entries cost more than the page itself; past the
// limit the page says so with totalExact: false), which keeps every answer bounded whatever the trail holds.
import {
  AUDIT_COUNT_LIMIT,
  auditBound,
  auditChangesSchema,
  DEFAULT_AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
} from '@kestrel/shared';
import type { Db } from '../../infra/db/create-db.js';
import * as repo from './repository.js';

/** The smallest id made in millisecond `ms` (ids are 12 hex of milliseconds, then 12 of a counter). */
const firstIdAt = (ms: number) => ms.toString(16).padStart(12, '0') + '0'.repeat(12);

function toEntry(row: repo.AuditRow): AuditEntry {
  return {
    _id: row.id,
    at: row.at,
    actor: { type: row.actor_type, id: row.actor_id, email: row.actor_email, name: row.actor_name },
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    summary: row.summary,
    changes: row.changes === null ? null : auditChangesSchema.parse(JSON.parse(row.changes)),
    requestId: row.request_id,
  };
}

export interface AuditService {
  page(query: AuditQuery): Promise<AuditPage>;
}

export function createAuditService({ db }: { db: Db }): AuditService {
  return {
    async page(query) {
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? DEFAULT_AUDIT_PAGE_SIZE;
      // An e-mail is read as the user it names inside the page's own statement (one round trip per answer).
      const byEmail = query.actor?.includes('@') === true;
      const filter: repo.AuditFilter = {
        actorId: byEmail ? undefined : query.actor,
        actorEmail: byEmail ? query.actor?.toLowerCase() : undefined,
        action: query.action,
        targetType: query.targetType,
        targetId: query.targetId,
        fromId: query.from === undefined ? undefined : firstIdAt(auditBound(query.from, 'from')),
        beforeId: query.to === undefined ? undefined : firstIdAt(auditBound(query.to, 'to') + 1),
      };
      const found = await repo.pageOfEntries(db, filter, pageSize, (page - 1) * pageSize, AUDIT_COUNT_LIMIT);
      const rows = found.rows;
      const counted = found.count ?? (await repo.countEntries(db, filter, AUDIT_COUNT_LIMIT));
      const totalExact = counted <= AUDIT_COUNT_LIMIT;
      return {
        items: rows.map(toEntry),
        total: totalExact ? counted : AUDIT_COUNT_LIMIT,
        totalExact,
        page,
        pageSize,
      };
    },
  };
}
