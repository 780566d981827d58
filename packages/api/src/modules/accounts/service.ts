// Accounts: who a user is (sign-up, sign-in, Google), their sessions, their role, and account care (B2B §7: password
// reset and change, e-mail confirmation). Owns the sessions service and so its memory of checked sessions: every write
// here that a signed-in request reads (role, name, password, e-mail confirmation, revocation) makes that memory forget,
// in one place (`changingUsers`) or through `sessionsChanged`.
import type { AuditContext } from '../audit/index.js';
import { randomBytes } from 'node:crypto';
import {
  can,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type AdminCheck,
  type StaffMember,
  type StaffRole,
  type User,
} from '@kestrel/shared';
import type { Db } from '../../infra/db/create-db.js';
import { createSealer } from '../../infra/sealed.js';
import { AppError, forbidden } from '../../infra/errors.js';
import { deleteExpiredAccountTokens, endAccountTokens } from './account-tokens-repository.js';
import { isCommonPassword } from './common-passwords.js';
import { resendVerification, verifyEmail } from './email-verification.js';
import { createUser, findOrCreateUser, logIn, signUp, toUser } from './identity.js';
import { changePassword, requestPasswordReset, resetPassword, type AccountCareDeps } from './password-care.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { revokeUserSessions } from './sessions-repository.js';
import type { AuthUser } from './auth-user.js';
import { createSessionService, type SessionService } from './sessions.js';
import type { AccountMail } from './token-mail.js';
import { createRecoveryCodeHasher } from './two-factor-codes.js';
import { createTwoFactorService, type TwoFactorService } from './two-factor-service.js';
import { adminCheckOf, createStaff } from './staff.js';
import * as repo from './users-repository.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

export interface AccountsService {
  sessions: SessionService;
  /** Two-step sign-in (B2B §15): setup, the code step of a sign-in, resets. */
  twoFactor: TwoFactorService;
  /** Creates an unconfirmed account and queues its confirmation mail. */
  signUp(input: { name: string; email: string; password: string }): Promise<repo.UserRow>;
  logIn(input: { email: string; password: string }): Promise<repo.UserRow>;
  /**
   * For identity providers (Google): the user with this e-mail, created verified as a customer on first sign-in;
   * an existing account with an unconfirmed e-mail is refused (OidcSignInError 'verify_first').
   */
  findOrCreateUser(input: { email: string; name: string }): Promise<repo.UserRow>;
  findUserIdByEmail(email: string): Promise<string | undefined>;
  listUsers(): Promise<User[]>;
  /** SPEC's Make Admin: makes an administrator (from a customer or any staff role); 0 when they already were one. */
  makeAdmin(email: string, audit: AuditContext | null): Promise<number>;
  /**
   * SPEC's DELETE /user/admin/{email}, the same as removeStaff (B2B §15): a customer again, every session ended; 0
   * when they were one already; 409 last_admin for the last administrator.
   */
  removeAdmin(email: string, audit: AuditContext | null): Promise<number>;
  /** GET /admin/staff: every member of staff with their role and whether two-step sign-in is on. */
  listStaff(): Promise<StaffMember[]>;
  /** PUT /admin/staff/{email}: 404 unknown, 409 email_unconfirmed, 409 last_admin. */
  setStaffRole(email: string, role: StaffRole, audit: AuditContext | null): Promise<StaffMember>;
  /** DELETE /admin/staff/{email}: a customer again, every session ended; 409 last_admin. */
  removeStaff(email: string, audit: AuditContext | null): Promise<number>;
  /** SPEC's admin check with B2B §15's role and permissions: callers about themselves; administrators about anyone. */
  adminCheck(caller: AuthUser, email: string): Promise<AdminCheck>;
  /** The one "your own e-mail" check: a path or query naming someone else is refused. */
  requireOwnEmail(caller: AuthUser, email: string): void;
  /** PUT /user/{email}: keeps the record of the signed-in user up to date (its name, never its role). */
  updateOwnUser(caller: AuthUser, email: string, name: string | undefined): Promise<void>;
  /**
   * The start-up administrator: `email` (default: admin@example.com when there is no admin yet, or when a password is
   * given) is created or promoted, and given `password` when set. Answers the password it generated, if it made one.
   */
  ensureAdmin(wanted: { email?: string | undefined; password?: string | undefined }): Promise<GeneratedAdmin | null>;
  /** POST /auth/password/forgot: mails a reset link if an account has this e-mail (at most one a minute). */
  requestPasswordReset(email: string): Promise<void>;
  /** POST /auth/password/reset: throws invalid_token or password_too_common. */
  resetPassword(token: string, password: string): Promise<void>;
  /** POST /auth/password/change: throws wrong_password, no_password or password_too_common. */
  changePassword(caller: AuthUser, input: { currentPassword: string; newPassword: string }): Promise<void>;
  /** POST /auth/verify-email: throws invalid_token. */
  verifyEmail(token: string): Promise<void>;
  /** POST /auth/verify-email/resend: throws already_verified. */
  resendVerification(caller: AuthUser): Promise<void>;
  /** The account-prune job: deletes dead sessions, expired tokens and two-step challenges; answers how many of each. */
  pruneDead(): Promise<{ sessions: number; tokens: number; challenges: number }>;
}

export interface GeneratedAdmin {
  email: string;
  password: string;
}

export interface AccountsOptions {
  /** Sign-up and account care queue their mail through it; without one (tests of other parts) they throw. */
  mail?: AccountMail;
  now?: () => number;
}

/** ADMIN_PASSWORD obeys the rules of every chosen password; the message names the variable and the rule. */
function checkedAdminPassword(password: string): string {
  const rule =
    password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH
      ? `must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`
      : isCommonPassword(password)
        ? 'is too common (it is on the list of common passwords); choose another one'
        : undefined;
  if (rule) throw new Error(`ADMIN_PASSWORD ${rule}`);
  return password;
}

const noMail: AccountMail = {
  enqueue: () => Promise.reject(new Error('accounts: no mail service was given')),
  wake: () => undefined,
};

export function createAccountsService(db: Db, secret: string, options: AccountsOptions = {}): AccountsService {
  const now = options.now ?? Date.now;
  const sessions = createSessionService(db, secret, now);
  const care: AccountCareDeps = { db, mail: options.mail ?? noMail, now, sessionsChanged: sessions.forgetChecked };
  const twoFactor = createTwoFactorService({
    db,
    // Its own key (HKDF purpose), so a secret sealed here opens nowhere else.
    sealer: createSealer(secret, 'two-factor-secret'),
    hasher: createRecoveryCodeHasher(secret),
    now,
    sessionsChanged: sessions.forgetChecked,
  });

  async function changingUsers<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      sessions.forgetChecked();
    }
  }

  const staff = createStaff({ db, now, changingUsers });

  function requireOwnEmail(caller: AuthUser, email: string): void {
    if (email !== caller.email) throw forbidden('This e-mail is not yours');
  }

  const service: AccountsService = {
    sessions,
    twoFactor,
    signUp: (input) => signUp(db, care.mail, input, now()),
    logIn: (input) => logIn(db, input),
    findOrCreateUser: (input) => findOrCreateUser(db, input),
    findUserIdByEmail: async (email) => (await repo.findUserByEmail(db, email))?.id,
    listUsers: async () => (await repo.listUsers(db)).map(toUser),

    makeAdmin: (email, audit) => staff.makeAdmin(email, audit),
    removeAdmin: (email, audit) => staff.removeStaff(email, audit),
    listStaff: () => staff.list(),
    setStaffRole: (email, role, audit) => staff.setStaffRole(email, role, audit),
    removeStaff: (email, audit) => staff.removeStaff(email, audit),

    async adminCheck(caller, email) {
      if (email === caller.email) return adminCheckOf(caller.role);
      // Asking about someone else is the administrators' (the users row of B2B §15's table).
      if (!can(caller, 'admin.manage')) throw forbidden('You may only ask about your own account');
      return adminCheckOf((await repo.findUserByEmail(db, email))?.role);
    },

    requireOwnEmail,

    async updateOwnUser(caller, email, name) {
      requireOwnEmail(caller, email);
      if (name && name !== caller.name) await changingUsers(() => repo.updateUser(db, caller.id, { name }));
    },

    async ensureAdmin({ email: wantedEmail, password }) {
      const email = wantedEmail ?? (password || !(await repo.hasAdmin(db)) ? DEFAULT_ADMIN_EMAIL : undefined);
      if (!email) return null;
      const existing = await repo.findUserByEmail(db, email);
      if (existing && !password && existing.role !== 'admin' && existing.email_verified !== 1) {
        // Whoever signed this account up may not own the mailbox (B2B §7): promoting it as it is would make them admin.
        throw new Error(
          `ADMIN_EMAIL ${email} names an account whose e-mail address is not confirmed, so whoever signed it up would ` +
            'become an administrator. Confirm the address first (the link mailed at sign-up, or "Forgot your ' +
            'password?"), or set ADMIN_PASSWORD too, which gives the account that password and signs it out everywhere.',
        );
      }
      if (existing) {
        // Only a password the account does not already have is set (and checked against the rules: the one it has
        // passed them when it was set, and reading the 10,000 common passwords cost every restart about 10 ms). A restart
        // with the same one signs nobody out.
        const newHash =
          password !== undefined && !(await verifyPassword(existing.password_hash, password))
            ? await hashPassword(checkedAdminPassword(password))
            : null;
        await changingUsers(() =>
          db.transaction().execute(async (trx) => {
            await repo.setUserRole(trx, existing.id, 'admin');
            if (!newHash) return;
            // The operator vouches for the address (as for an administrator made here): it counts as confirmed.
            await repo.updateUser(trx, existing.id, { password_hash: newHash, email_verified: 1 });
            // Whoever knew the old password is signed out with it, and reset links mailed before no longer work.
            const at = new Date(now()).toISOString();
            await endAccountTokens(trx, existing.id, 'password-reset', at);
            await revokeUserSessions(trx, existing.id, at);
          }),
        );
        return null;
      }
      const chosen = password === undefined ? randomBytes(12).toString('base64url') : checkedAdminPassword(password);
      try {
        const passwordHash = await hashPassword(chosen);
        await createUser(db, { email, name: 'Administrator', passwordHash, role: 'admin', emailVerified: true });
      } catch (error) {
        // Another instance starting at the same moment created it first: promote it as above instead of failing.
        if (error instanceof AppError && error.code === 'email_taken') return service.ensureAdmin({ email, password });
        throw error;
      }
      return password ? null : { email, password: chosen };
    },

    requestPasswordReset: (email) => requestPasswordReset(care, email),
    resetPassword: (token, password) => resetPassword(care, token, password),
    changePassword: (caller, input) => changePassword(care, caller, input),
    verifyEmail: (token) => verifyEmail(care, token),
    resendVerification: (caller) => resendVerification(care, caller.id),

    async pruneDead() {
      const deletedSessions = await sessions.deleteDead();
      const tokens = await deleteExpiredAccountTokens(db, new Date(now()).toISOString());
      return { sessions: deletedSessions, tokens, challenges: await twoFactor.deleteExpiredChallenges() };
    },
  };
  return service;
}
