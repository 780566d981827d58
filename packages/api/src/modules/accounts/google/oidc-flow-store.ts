// Remembers each sign-in between the redirect to the provider and its answer: in the database (so every instance
// can finish it, and it is used once) and bound to the browser that started it by an HttpOnly cookie (so an attacker
// cannot hand a victim a callback link that signs the victim in to the attacker's account).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../../infra/db/create-db.js';
import type { FlowChecks } from './oidc-client.js';
import { OidcSignInError } from './oidc-errors.js';
import { deleteExpiredOidcStates, insertOidcState, takeOidcState } from './oidc-state-repository.js';

/** A sign-in must come back from the provider within 10 minutes. */
export const OIDC_FLOW_TTL_MS = 10 * 60 * 1000;

export interface SavedFlow {
  checks: FlowChecks;
  returnTo: string;
}

/** A fresh browser binding: 32 random bytes, base64url. */
export function newBrowserBinding(): string {
  return randomBytes(32).toString('base64url');
}

function hashBinding(binding: string): string {
  return createHash('sha256').update(binding).digest('hex');
}

export async function saveFlow(
  db: Db,
  flow: SavedFlow & { browserBinding: string },
  now: number = Date.now(),
): Promise<void> {
  // Flows abandoned at the provider are swept here, so the table holds at most ten minutes of sign-ins.
  await deleteExpiredOidcStates(db, new Date(now).toISOString());
  await insertOidcState(db, {
    state: flow.checks.state,
    nonce: flow.checks.nonce,
    code_verifier: flow.checks.codeVerifier,
    return_to: flow.returnTo,
    browser_hash: hashBinding(flow.browserBinding),
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + OIDC_FLOW_TTL_MS).toISOString(),
  });
}

/**
 * The flow of this state, removed so it cannot be used again, if it is unexpired and was started by this browser.
 * A state that fails any check is consumed too: whoever holds it has no second try.
 */
export async function takeFlow(
  db: Db,
  state: string | undefined,
  browserBinding: string | undefined,
  now: number = Date.now(),
): Promise<SavedFlow> {
  if (!state || state.length > 128) throw new OidcSignInError('state', 'the callback carried no usable state');
  const row = await takeOidcState(db, state);
  if (!row) throw new OidcSignInError('state', 'unknown or already used state');
  if (Date.parse(row.expires_at) <= now) throw new OidcSignInError('state', 'the sign-in took longer than 10 minutes');
  const expected = Buffer.from(row.browser_hash, 'hex');
  const actual = Buffer.from(hashBinding(browserBinding ?? ''), 'hex');
  if (!browserBinding || !timingSafeEqual(expected, actual)) {
    throw new OidcSignInError('state', 'the callback came to a browser that did not start this sign-in');
  }
  return {
    checks: { state: row.state, nonce: row.nonce, codeVerifier: row.code_verifier },
    returnTo: row.return_to,
  };
}
