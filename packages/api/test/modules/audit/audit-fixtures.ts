// Reading the audit trail back in tests (B2B §15): through GET /api/admin/audit as the administrator, and the
// request id of the answer an entry must carry.
import type { AuditEntry, AuditPage } from '@kestrel/shared';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { call, type SignedIn } from '../../helpers/test-app.js';

export async function auditPage(app: FastifyInstance, admin: SignedIn, query = ''): Promise<AuditPage> {
  const res = await call(app, 'GET', `/api/admin/audit${query ? `?${query}` : ''}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The newest entry, which must be the only one `answer` (the change's response) made. */
export async function entryOf(
  app: FastifyInstance,
  admin: SignedIn,
  answer: LightMyRequestResponse,
): Promise<AuditEntry> {
  const requestId = answer.headers['x-request-id'];
  expect(typeof requestId).toBe('string');
  const page = await auditPage(app, admin, 'pageSize=100');
  const made = page.items.filter((e) => e.requestId === requestId);
  expect(made).toHaveLength(1);
  const [entry] = made;
  if (!entry) throw new Error('no entry');
  expect(page.items[0]).toEqual(entry);
  return entry;
}

/** How many entries the trail holds in all (read straight from the table). */
export async function entryCount(app: FastifyInstance): Promise<number> {
  const row = await app.db
    .selectFrom('audit_entries')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
