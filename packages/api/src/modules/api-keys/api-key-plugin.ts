// The key check (B2B §9): a request whose bearer token starts `kc_` is a key's, whatever route it calls. Its key must
// be live (401), and the call one its scopes name (access.ts; 403 otherwise, public calls included). Then it acts as
// an administrator would: request.user is the key's identity with the administrator's role, so the route's own
// requireUser/requirePermission and the services' `can` (every permission of B2B §15's table) apply unchanged; the
// scopes above are what narrows a key.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_KEY_PREFIX } from '@kestrel/shared';
import { forbidden, unauthorized } from '../../infra/errors.js';
import type { AuthUser } from '../accounts/index.js';
import { scopeForCall } from './access.js';
import type { ApiKeyCaller, ApiKeysService } from './service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key that made this request, if one did. */
    apiKey: ApiKeyCaller | null;
  }
}

const KEY_BEARER = new RegExp(`^Bearer\\s+(${API_KEY_PREFIX}\\S*)\\s*$`, 'i');

/** The identity a key acts under: no user row has this id, so no order is "its own"; admin rules apply. */
function keyUser(caller: ApiKeyCaller): AuthUser {
  return {
    id: caller.id,
    email: '',
    name: `API key ${caller.name}`,
    role: 'admin',
    emailVerified: true,
    sessionId: '',
  };
}

async function checkKey(keys: ApiKeysService, request: FastifyRequest, key: string): Promise<void> {
  const caller = await keys.authenticate(key);
  if (!caller) throw unauthorized('This API key is unknown or has been revoked');
  const scope = scopeForCall(request.method, request.routeOptions.url);
  if (scope === undefined) throw forbidden('API keys may not make this call');
  if (!caller.scopes.includes(scope)) throw forbidden(`This API key lacks the ${scope} scope`);
  request.apiKey = caller;
  request.user = keyUser(caller);
}

/** Registered after the accounts' auth plugin and before the routes: its hook runs for every request. */
export const apiKeyPlugin = fp(async (app: FastifyInstance, { keys }: { keys: ApiKeysService }) => {
  app.decorateRequest('apiKey', null);
  // A callback hook: the requests that carry no key (nearly all) pass without the promise and microtask an async hook
  // costs each of them.
  app.addHook('onRequest', (request, _reply, done) => {
    const authorization = request.headers.authorization;
    const key = authorization === undefined ? undefined : KEY_BEARER.exec(authorization)?.[1];
    if (key === undefined) return done();
    checkKey(keys, request, key).then(() => done(), done);
  });
});
