// STAFF_2FA=required (B2B §15): a staff account without two-step sign-in is refused 403 two_factor_required on every
// staff call until it turns it on; the ADMIN_EMAIL account too, API keys never (their requests are identified by the
// key check, not by a session, and do not pass through here). The one rule, in one function, called from the one
// identity hook (auth-plugin.ts) that every signed-in call passes.
//
// What stays open to such an account is its own account: the calls under /api/auth (who am I, sign out, sessions,
// password, two-step setup and enable), its own record and profile, and the admin check the dashboard asks first, so
// it can reach the Security page and be told why the rest is refused. Everything else a staff session calls is a staff
// call: an administrator's GET /api/orders reads every order, not their own.
import { TWO_FACTOR_REQUIRED_CODE, twoFactorMessages } from '@kestrel/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../infra/errors.js';
import type { AuthUser } from './auth-user.js';

export type StaffTwoFactorMode = 'optional' | 'required';

/** Route URLs (as registered, with the /api prefix) that are the caller's own account, open before two-step sign-in. */
const OWN_ACCOUNT_ROUTES = new Set(['/api/admin/:email', '/api/user/:email', '/api/profile', '/api/profile/:email']);
const OWN_ACCOUNT_PREFIX = '/api/auth/';

export const twoFactorRequiredError = () => new AppError(403, TWO_FACTOR_REQUIRED_CODE, twoFactorMessages.required);

export function isStaff(user: Pick<AuthUser, 'role'>): boolean {
  return user.role !== 'customer';
}

function isOwnAccountRoute(request: FastifyRequest): boolean {
  const url = request.routeOptions.url ?? '';
  return url.startsWith(OWN_ACCOUNT_PREFIX) || OWN_ACCOUNT_ROUTES.has(url);
}

/**
 * The refusal a session's request meets under STAFF_2FA=required: null at once for a customer or an own-account call
 * (so the order path awaits nothing here), else a promise of the refusal or null after one primary-key read. No gate
 * at all (undefined) under `optional`.
 */
export function createTwoFactorGate(mode: StaffTwoFactorMode, isOn: (userId: string) => Promise<boolean>) {
  if (mode !== 'required') return undefined;
  return function twoFactorRefusal(request: FastifyRequest, user: AuthUser): Promise<AppError | null> | null {
    if (!isStaff(user) || isOwnAccountRoute(request)) return null;
    return isOn(user.id).then((on) => (on ? null : twoFactorRequiredError()));
  };
}

export type TwoFactorRefusal = NonNullable<ReturnType<typeof createTwoFactorGate>>;
