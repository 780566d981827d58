// Access tokens: HS256 JWTs whose `sid` names a row in `sessions`, so sign-out and expiry are enforced on the server.
import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '@kestrel/shared';
import type { Db } from '../db/create-db.js';
import { newId } from '../db/ids.js';
import { findSessionWithUser, insertSession, revokeSession, touchSession } from '../repositories/sessions.js';

/** A token is refused 7 days after it was issued, whatever happens. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** ... and after 24 hours without a request. */
export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so authenticated reads stay one SELECT. */
export const SESSION_TOUCH_MS = 60 * 1000;

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  sessionId: string;
}

export interface SessionService {
  /** Opens a session for a user whose identity has been proven and answers its access token. */
  issueSession(userId: string): Promise<string>;
  /** The signed-in user of a token, or undefined when it is invalid, expired, idle or revoked. */
  authenticate(token: string): Promise<AuthUser | undefined>;
  revoke(sessionId: string): Promise<void>;
}

export function createSessionService(db: Db, secret: string, now: () => number = Date.now): SessionService {
  const key = new TextEncoder().encode(secret);

  return {
    async issueSession(userId) {
      const issuedAt = now();
      const id = newId(issuedAt);
      const iso = new Date(issuedAt).toISOString();
      const expiresAt = issuedAt + SESSION_ABSOLUTE_MS;
      await insertSession(db, {
        id,
        user_id: userId,
        created_at: iso,
        expires_at: new Date(expiresAt).toISOString(),
        last_seen_at: iso,
        revoked_at: null,
      });
      return new SignJWT({ sid: id })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt(Math.floor(issuedAt / 1000))
        .setExpirationTime(Math.floor(expiresAt / 1000))
        .sign(key);
    },

    async authenticate(token) {
      let sid: unknown;
      let sub: string | undefined;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: new Date(now()) });
        sid = payload['sid'];
        sub = payload.sub;
      } catch {
        return undefined;
      }
      if (typeof sid !== 'string' || !sub) return undefined;
      const row = await findSessionWithUser(db, sid);
      if (!row || row.user_id !== sub || row.revoked_at !== null) return undefined;
      const at = now();
      if (Date.parse(row.expires_at) <= at) return undefined;
      const lastSeen = Date.parse(row.last_seen_at);
      if (at - lastSeen >= SESSION_IDLE_MS) return undefined;
      if (at - lastSeen >= SESSION_TOUCH_MS) await touchSession(db, sid, new Date(at).toISOString());
      return { id: row.user_id, email: row.email, name: row.name, role: row.role, sessionId: row.id };
    },

    async revoke(sessionId) {
      await revokeSession(db, sessionId, new Date(now()).toISOString());
    },
  };
}
