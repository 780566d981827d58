// Two-step sign-in (B2B §15): setting it up, turning it on and off, the code step of a sign-in, and an
// administrator's reset. The rules live here; the SQL in two-factor-repository.ts, the codes in two-factor-codes.ts.
// Every code check spends what it accepts in the same statement that checks it was unspent (a TOTP step once, a
// recovery code once, a challenge once), so a code replayed or raced by a second request is refused.
import { createHash, randomBytes } from 'node:crypto';
import { TWO_FACTOR_CHALLENGE_MINUTES, twoFactorMessages, type TwoFactorStatus } from '@kestrel/shared';
import type { Kysely } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import type { Database } from '../../infra/db/schema.js';
import { AppError, notFound, unauthorized } from '../../infra/errors.js';
import type { Sealer } from '../../infra/sealed.js';
import { recordAudit, type AuditContext } from '../audit/index.js';
import { verifyPassword } from './passwords.js';
import { wrongPasswordError } from './password-care.js';
import { revokeUserSessions } from './sessions-repository.js';
import {
  isRecoveryCodeShape,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  type RecoveryCodeHasher,
} from './two-factor-codes.js';
import * as repo from './two-factor-repository.js';
import { findUserByEmail, findUserById, type UserRow } from './users-repository.js';

export const CHALLENGE_TTL_MS = TWO_FACTOR_CHALLENGE_MINUTES * 60_000;

/** A wrong, reused or stale code: the routes count it as they count a wrong password. */
export const wrongCodeError = (status: 400 | 401) => new AppError(status, 'invalid_code', twoFactorMessages.wrongCode);
export const challengeExpiredError = () => new AppError(401, 'challenge_expired', twoFactorMessages.challengeExpired);

export interface TwoFactorService {
  status(userId: string): Promise<TwoFactorStatus>;
  isOn(userId: string): Promise<boolean>;
  /** A new secret (replacing one not yet turned on); 409 two_factor_on when it is on. */
  setup(caller: { id: string; email: string }): Promise<{ secret: string; otpauthUrl: string }>;
  /** Turns it on with a current code, ends the caller's other sessions, answers the recovery codes (shown once). */
  enable(caller: { id: string; sessionId: string }, code: string): Promise<string[]>;
  /** Turns it off with the password and a code (or a recovery code). */
  disable(caller: { id: string }, input: { password: string; code: string }): Promise<void>;
  /** After a right password or a Google sign-in: the challenge the code step answers with. */
  startChallenge(userId: string): Promise<string>;
  /** Whose sign-in a challenge is (any state): the throttle counts codes against that e-mail. */
  challengeOwner(challenge: string): Promise<{ userId: string; email: string } | undefined>;
  /** The code step: spends the challenge and the code, answers the user to sign in. */
  completeSignIn(challenge: string, code: string): Promise<UserRow>;
  /**
   * An administrator's reset of another account: off, and every session of theirs ends, with its audit entry
   * (staff.two_factor_reset) in the same transaction. 404 for no such user.
   */
  reset(email: string, audit: AuditContext | null): Promise<void>;
  /** The account-prune job's share: expired challenges. */
  deleteExpiredChallenges(): Promise<number>;
}

export interface TwoFactorDeps {
  db: Db;
  sealer: Sealer;
  hasher: RecoveryCodeHasher;
  now: () => number;
  /** Sessions were revoked: the sessions service forgets what it checked. */
  sessionsChanged: () => void;
}

const hashChallenge = (challenge: string) => createHash('sha256').update(challenge, 'utf8').digest('hex');

export function createTwoFactorService({ db, sealer, hasher, now, sessionsChanged }: TwoFactorDeps): TwoFactorService {
  const iso = () => new Date(now()).toISOString();

  /** Spends `code` (a TOTP code of a step not used yet, or an unused recovery code); answers whether it was good. */
  async function spendCode(trx: Kysely<Database>, row: repo.TwoFactorRow, code: string): Promise<boolean> {
    if (isRecoveryCodeShape(code)) return repo.useRecoveryCode(trx, row.user_id, hasher.hash(code), iso());
    const step = matchingStep(sealer.open(row.secret_sealed), code, now());
    return step !== null && repo.acceptStep(trx, row.user_id, step);
  }

  return {
    async status(userId) {
      const on = await repo.isTwoFactorOn(db, userId);
      return { enabled: on, recoveryCodesLeft: on ? await repo.countUnusedRecoveryCodes(db, userId) : 0 };
    },

    isOn: (userId) => repo.isTwoFactorOn(db, userId),

    async setup(caller) {
      const fresh = newTotpSecret(caller.email);
      if (!(await repo.saveSetup(db, caller.id, sealer.seal(fresh.secret), iso()))) {
        throw new AppError(409, 'two_factor_on', twoFactorMessages.alreadyOn);
      }
      return fresh;
    },

    async enable(caller, code) {
      const row = await repo.findTwoFactor(db, caller.id);
      if (!row) throw new AppError(409, 'two_factor_not_set_up', twoFactorMessages.setupFirst);
      if (row.enabled_at) throw new AppError(409, 'two_factor_on', twoFactorMessages.alreadyOn);
      const step = matchingStep(sealer.open(row.secret_sealed), code, now());
      if (step === null) throw wrongCodeError(400);
      const codes = newRecoveryCodes();
      const at = iso();
      await db.transaction().execute(async (trx) => {
        // Conditional: a second enable racing this one (or a setup replacing the secret) finds nothing to update.
        if (!(await repo.acceptStep(trx, caller.id, step, at))) throw wrongCodeError(400);
        await repo.replaceRecoveryCodes(trx, caller.id, codes.map(hasher.hash));
        // Whoever signed in with the password alone before (a leaked one) is signed out; this session stays.
        await revokeUserSessions(trx, caller.id, at, caller.sessionId);
      });
      sessionsChanged();
      return codes;
    },

    async disable(caller, { password, code }) {
      const user = await findUserById(db, caller.id);
      if (!user) throw unauthorized();
      const row = await repo.findTwoFactor(db, caller.id);
      if (!row?.enabled_at) throw new AppError(409, 'two_factor_off', twoFactorMessages.notOn);
      // Both factors, as at sign-in: a session left open somewhere is not enough to take the second one away.
      if (!user.password_hash) throw new AppError(409, 'no_password', twoFactorMessages.noPassword);
      if (!(await verifyPassword(user.password_hash, password))) throw wrongPasswordError();
      await db.transaction().execute(async (trx) => {
        if (!(await spendCode(trx, row, code))) throw wrongCodeError(400);
        await repo.deleteTwoFactor(trx, caller.id);
      });
    },

    async startChallenge(userId) {
      const challenge = randomBytes(32).toString('base64url');
      const at = now();
      await repo.insertChallenge(db, {
        id_hash: hashChallenge(challenge),
        user_id: userId,
        created_at: new Date(at).toISOString(),
        expires_at: new Date(at + CHALLENGE_TTL_MS).toISOString(),
      });
      return challenge;
    },

    async challengeOwner(challenge) {
      const row = await repo.findChallenge(db, hashChallenge(challenge));
      return row ? { userId: row.user_id, email: row.email } : undefined;
    },

    async completeSignIn(challenge, code) {
      const idHash = hashChallenge(challenge);
      const owner = await repo.findChallenge(db, idHash);
      if (!owner) throw challengeExpiredError();
      await db.transaction().execute(async (trx) => {
        // The challenge first: a wrong code throws, and the rollback gives the challenge back for the next try.
        if (!(await repo.useChallenge(trx, idHash, iso()))) throw challengeExpiredError();
        const row = await repo.findTwoFactor(trx, owner.user_id);
        // Reset or turned off since the password step: sign in again (the password alone may then be enough).
        if (!row?.enabled_at) throw challengeExpiredError();
        if (!(await spendCode(trx, row, code))) throw wrongCodeError(401);
      });
      const user = await findUserById(db, owner.user_id);
      if (!user) throw challengeExpiredError();
      return user;
    },

    async reset(email, audit) {
      const user = await findUserByEmail(db, email);
      if (!user) throw notFound('User');
      const at = iso();
      await db.transaction().execute(async (trx) => {
        const wasOn = await repo.isTwoFactorOn(trx, user.id);
        await repo.deleteTwoFactor(trx, user.id);
        // Whoever holds a session made with the old second step is out; the owner signs in with the password alone.
        await revokeUserSessions(trx, user.id, at);
        // Recorded even when it was already off: the sessions still ended, and the trail says who asked.
        await recordAudit(trx, audit, {
          action: 'staff.two_factor_reset',
          targetType: 'staff',
          targetId: user.id,
          summary: `Reset the two-step sign-in of ${user.email}`,
          changes: { twoFactor: [wasOn, false] },
        });
      });
      sessionsChanged();
    },

    deleteExpiredChallenges: () => repo.deleteExpiredChallenges(db, iso()),
  };
}
