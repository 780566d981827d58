// Access tokens: HS256 JWTs whose `sid` names a row in `sessions`, so sign-out and expiry are enforced on the server.
import { createSecretKey } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Session } from '@kestrel/shared';
import type { Db } from '../../infra/db/create-db.js';
import { newId } from '../../infra/db/ids.js';
import type { AuthUser } from './auth-user.js';
import { CheckedSessions } from './checked-sessions.js';
import {
  deleteDeadSessions,
  findSessionWithUser,
  insertSession,
  listLiveSessions,
  revokeOwnSession,
  revokeSession,
  revokeSessionsBeyond,
  revokeUserSessions,
  touchSession,
  type LiveAt,
} from './sessions-repository.js';
import { lockUserRow } from './users-repository.js';

/** A token is refused 7 days after it was issued, whatever happens. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** ... and after 24 hours without a request. */
export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so an authenticated read writes nothing. */
export const SESSION_TOUCH_MS = 60 * 1000;
/**
 * Live sessions one user may hold (B2B §7): a new sign-in beyond it revokes the least recently seen, so a leaked
 * password or a script that signs in in a loop cannot pile up rows, and the sessions list stays readable.
 */
export const MAX_SESSIONS_PER_USER = 10;
/** The sessions list shows this much of the User-Agent header a session was opened with. */
export const USER_AGENT_MAX_LENGTH = 200;

/** How many verified tokens are remembered before the memory starts over (a few MB at most). */
const VERIFIED_TOKEN_LIMIT = 10_000;

interface VerifiedClaims {
  sid: string;
  sub: string;
  expiresAtMs: number;
}

/** A session other than a sign-in's (B2B §17's punch-out): shorter, and marked with its visit. */
export interface SessionKind {
  lifetimeMs: number;
  punchoutId: string;
}

export interface SessionService {
  /**
   * Opens a session for a user whose identity has been proven and answers its access token; `userAgent` is the
   * request's User-Agent header. Past MAX_SESSIONS_PER_USER live sessions, the least recently seen is revoked.
   */
  issueSession(userId: string, userAgent?: string | null, kind?: SessionKind): Promise<string>;
  /** The signed-in user of a token, or undefined when it is invalid, expired, idle or revoked. */
  authenticate(token: string): Promise<AuthUser | undefined>;
  revoke(sessionId: string): Promise<void>;
  /** Revokes every session of the user but `exceptSessionId`; answers how many. */
  revokeAllOf(userId: string, exceptSessionId?: string): Promise<number>;
  /** Revokes one session if it belongs to the user; answers whether it did (false: not theirs, unknown or revoked). */
  revokeOwn(userId: string, sessionId: string): Promise<boolean>;
  /** The user's live sessions, most recently seen first; `current` marks `currentSessionId`. */
  list(userId: string, currentSessionId: string): Promise<Session[]>;
  /** Deletes the sessions that can never be used again (revoked, expired, idle); answers how many. */
  deleteDead(): Promise<number>;
  /**
   * Call after any write to a session or user row that a signed-in request reads (revocation, role, name), so this
   * process answers its own change at once (checked-sessions.ts).
   */
  forgetChecked(): void;
}

export function createSessionService(db: Db, secret: string, now: () => number = Date.now): SessionService {
  // A KeyObject, not raw bytes: jose caches the WebCrypto key it derives from a KeyObject, while raw bytes are
  // imported again on every sign and verify (a top cost of each authenticated request).
  const key = createSecretKey(Buffer.from(secret, 'utf8'));

  // Tokens whose signature already checked out, so a customer's next requests skip the HMAC (with the session lookup,
  // the largest cost of an authenticated request). Keyed by the whole token string; expiry is still checked on every
  // use, and revocation and idle time are checked against the session row as before.
  const verified = new Map<string, VerifiedClaims>();
  // Session rows read within the last second (checked-sessions.ts).
  const checked = new CheckedSessions();

  function liveAt(at: number): LiveAt {
    return { at: new Date(at).toISOString(), idleSince: new Date(at - SESSION_IDLE_MS).toISOString() };
  }

  async function verifiedClaims(token: string): Promise<VerifiedClaims | undefined> {
    const known = verified.get(token);
    if (known && known.expiresAtMs > now()) return known;
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: new Date(now()) });
      const sid = payload['sid'];
      if (typeof sid !== 'string' || !payload.sub) return undefined;
      const claims = { sid, sub: payload.sub, expiresAtMs: (payload.exp ?? 0) * 1000 };
      // Only tokens that expire are remembered (every token this service issues does).
      if (payload.exp !== undefined) {
        if (verified.size >= VERIFIED_TOKEN_LIMIT) verified.clear();
        verified.set(token, claims);
      }
      return claims;
    } catch {
      return undefined;
    }
  }

  return {
    async issueSession(userId, userAgent, kind) {
      const issuedAt = now();
      const id = newId(issuedAt);
      const iso = new Date(issuedAt).toISOString();
      const expiresAt = issuedAt + Math.min(kind?.lifetimeMs ?? SESSION_ABSOLUTE_MS, SESSION_ABSOLUTE_MS);
      // In one transaction, so the bound holds whatever fails halfway.
      const revoked = await db.transaction().execute(async (trx) => {
        await lockUserRow(trx, userId);
        await insertSession(trx, {
          id,
          user_id: userId,
          created_at: iso,
          expires_at: new Date(expiresAt).toISOString(),
          last_seen_at: iso,
          revoked_at: null,
          user_agent: userAgent ? userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null,
          punchout_id: kind ? kind.punchoutId : null,
        });
        return revokeSessionsBeyond(trx, userId, MAX_SESSIONS_PER_USER, liveAt(issuedAt));
      });
      if (revoked > 0) checked.forget();
      return new SignJWT({ sid: id })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt(Math.floor(issuedAt / 1000))
        .setExpirationTime(Math.floor(expiresAt / 1000))
        .sign(key);
    },

    async authenticate(token) {
      const claims = await verifiedClaims(token);
      if (!claims) return undefined;
      const { sid, sub } = claims;
      const at = now();
      const known = checked.fresh(sid, at);
      if (known && known.expiresAtMs > at && at - known.lastSeenAtMs < SESSION_TOUCH_MS) return known.user;
      const generation = checked.begin();
      const row = await findSessionWithUser(db, sid);
      if (!row || row.user_id !== sub || row.revoked_at !== null) return undefined;
      const expiresAtMs = Date.parse(row.expires_at);
      if (expiresAtMs <= at) return undefined;
      let lastSeenAtMs = Date.parse(row.last_seen_at);
      if (at - lastSeenAtMs >= SESSION_IDLE_MS) return undefined;
      if (at - lastSeenAtMs >= SESSION_TOUCH_MS) {
        await touchSession(db, sid, new Date(at).toISOString());
        lastSeenAtMs = at;
      }
      const user: AuthUser = {
        id: row.user_id,
        email: row.email,
        name: row.name,
        role: row.role,
        emailVerified: row.email_verified === 1,
        sessionId: row.id,
        ...(row.punchout_id ? { punchoutId: row.punchout_id } : {}),
      };
      checked.remember(generation, { user, expiresAtMs, lastSeenAtMs, checkedAtMs: at });
      return user;
    },

    async revoke(sessionId) {
      await revokeSession(db, sessionId, new Date(now()).toISOString());
      checked.forget();
    },

    async revokeAllOf(userId, exceptSessionId) {
      const revoked = await revokeUserSessions(db, userId, new Date(now()).toISOString(), exceptSessionId);
      checked.forget();
      return revoked;
    },

    async revokeOwn(userId, sessionId) {
      const revoked = await revokeOwnSession(db, userId, sessionId, new Date(now()).toISOString());
      checked.forget();
      return revoked;
    },

    async list(userId, currentSessionId) {
      const rows = await listLiveSessions(db, userId, liveAt(now()));
      return rows.map((row) => ({
        id: row.id,
        createdAt: row.created_at,
        lastSeenAt: row.last_seen_at,
        userAgent: row.user_agent,
        current: row.id === currentSessionId,
      }));
    },

    deleteDead: () => deleteDeadSessions(db, liveAt(now())),

    forgetChecked: () => checked.forget(),
  };
}
