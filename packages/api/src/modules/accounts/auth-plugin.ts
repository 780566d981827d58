// Identity on each request: `requireUser` / `requirePermission(p)` onRequest hooks read the bearer token, check its
// session, and set request.user. They run before the body is parsed, so an anonymous caller gets 401 whatever it sent.
// `requirePermission` is the one enforcement point of B2B §15's staff roles for calls only staff make: a route names
// the permission it needs (packages/shared/src/staff-roles.ts) and a caller whose role lacks it gets 403 before the
// handler runs, so nothing changes. Calls a customer may make too ask `can(user, permission)` in their service.
// STAFF_2FA's refusal (two-factor-gate.ts) is checked once, in requireUser, which every signed-in call passes.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Permission } from '@kestrel/shared';
import { unauthorized } from '../../infra/errors.js';
import { demandPermission } from './permissions.js';
import type { AuthUser } from './auth-user.js';
import type { SessionService } from './sessions.js';
import type { TwoFactorRefusal } from './two-factor-gate.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's sessions (tests issue tokens with it). */
    sessions: SessionService;
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** The onRequest hook of a staff call: signed in (401) and holding `permission` (403). */
    requirePermission: (permission: Permission) => (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i;

/** The session token an `Authorization: Bearer …` header carries, or undefined: the one reading of that header. */
export const bearerToken = (header: string | undefined): string | undefined => BEARER.exec(header ?? '')?.[1];

/** The signed-in user; only call after requireUser/requirePermission ran for the route. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export interface AuthPluginOptions {
  sessions: SessionService;
  /** STAFF_2FA's rule; none: nobody is refused for want of two-step sign-in. */
  twoFactorRefusal?: TwoFactorRefusal;
}

export const authPlugin = fp(async (app: FastifyInstance, { sessions, twoFactorRefusal }: AuthPluginOptions) => {
  app.decorate('sessions', sessions);
  app.decorateRequest('user', null);

  async function requireUser(request: FastifyRequest) {
    // Already identified by an API key, whose check (modules/api-keys) also decided that this call is one of its scopes.
    if (request.user) return;
    const token = bearerToken(request.headers.authorization);
    const user = token ? await sessions.authenticate(token) : undefined;
    if (!user) throw unauthorized('Sign in to do this (missing, invalid or expired token)');
    const refusal = twoFactorRefusal?.(request, user);
    if (refusal) {
      const error = await refusal;
      if (error) throw error;
    }
    request.user = user;
  }

  app.decorate('requireUser', requireUser);
  // One hook per permission, made once: routes share them.
  const hooks = new Map<Permission, (request: FastifyRequest) => Promise<void>>();
  app.decorate('requirePermission', (permission: Permission) => {
    let hook = hooks.get(permission);
    if (!hook) {
      hook = async (request: FastifyRequest) => {
        await requireUser(request);
        demandPermission(currentUser(request), permission);
      };
      hooks.set(permission, hook);
    }
    return hook;
  });
});
