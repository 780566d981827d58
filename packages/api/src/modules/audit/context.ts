// Who made a change, as the audit trail records it (B2B §15), taken from the request once by the route and handed to
// the service, which records the entry in its own transaction (record.ts).
//
// Why an explicit context and not AsyncLocalStorage: the services already take the caller (`AuthUser`) as an
// argument, so the actor and the request id travel the same way, visibly, into exactly the writes that audit; an ALS
// store would have to be entered for every request (the order path and the public reads included, which must not pay
// for it), and Fastify's hooks and our group commits (infra/db/sqlite-group-commit.ts, infra/db/postgres-group-commit.ts) run
// work queued by one request in another's async context, where an ALS store would name the wrong actor.
import type { AuditActor } from '@kestrel/shared';
import type { FastifyRequest } from 'fastify';

export interface AuditContext {
  actor: AuditActor;
  /** The answer's X-Request-Id (infra/http/request-id.ts: it is Fastify's request.id). */
  requestId: string;
}

/**
 * The audit context of a request made by staff or an API key; null for a customer (changes customers make for
 * themselves are not audited) and for an anonymous caller. Call after requireUser/requirePermission ran.
 */
export function auditContextOf(request: FastifyRequest): AuditContext | null {
  const key = request.apiKey;
  if (key) return { actor: { type: 'apiKey', id: key.id, email: null, name: key.name }, requestId: request.id };
  const user = request.user;
  if (!user || user.role === 'customer') return null;
  return { actor: { type: 'user', id: user.id, email: user.email, name: user.name }, requestId: request.id };
}
