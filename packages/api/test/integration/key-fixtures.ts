// API keys in tests (B2B §9): created through the admin's call, and a caller that sends one as its bearer token.
import type { ApiKeyCreated, ApiKeyScope } from '@kestrel/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call, type SignedIn } from '../helpers/test-app.js';

/** A key dressed as a signed-in caller, so the test helpers send it as `Authorization: Bearer kc_...`. */
export function asCaller(key: string): SignedIn {
  return { token: key, id: '', email: '', name: '', auth: { authorization: `Bearer ${key}` } };
}

export async function createKey(
  app: FastifyInstance,
  admin: SignedIn,
  name: string,
  scopes: ApiKeyScope[],
): Promise<ApiKeyCreated & { caller: SignedIn }> {
  const res = await call(app, 'POST', '/api/admin/api-keys', admin, { name, scopes });
  expect(res.statusCode).toBe(201);
  const created: ApiKeyCreated = res.json();
  return { ...created, caller: asCaller(created.key) };
}
