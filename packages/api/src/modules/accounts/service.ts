// Accounts: who a user is (sign-up, sign-in, Google), their sessions, and their role. Owns the sessions service and
// so its memory of checked sessions: every write here that a signed-in request reads (role, name, password) makes
// that memory forget, in one place (`changingUsers`).
import { randomBytes } from 'node:crypto';
import type { User } from '@kestrel/shared';
import type { Db } from '../../infra/db/create-db.js';
import { AppError, forbidden, notFound } from '../../infra/errors.js';
import { createUser, findOrCreateUser, logIn, signUp, toUser } from './identity.js';
import { hashPassword } from './passwords.js';
import { createSessionService, type AuthUser, type SessionService } from './sessions.js';
import * as repo from './users-repository.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

export interface AccountsService {
  sessions: SessionService;
  signUp(input: { name: string; email: string; password: string }): Promise<repo.UserRow>;
  logIn(input: { email: string; password: string }): Promise<repo.UserRow>;
  /** For identity providers (Google): the user with this e-mail, created as a customer on first sign-in. */
  findOrCreateUser(input: { email: string; name: string }): Promise<repo.UserRow>;
  findUserIdByEmail(email: string): Promise<string | undefined>;
  listUsers(): Promise<User[]>;
  /** Promotes a user; answers 0 when they already were an admin. */
  makeAdmin(email: string): Promise<number>;
  /** Callers may ask about themselves; admins about anyone. */
  isAdmin(caller: AuthUser, email: string): Promise<boolean>;
  /** The one "your own e-mail" check: a path or query naming someone else is refused. */
  requireOwnEmail(caller: AuthUser, email: string): void;
  /** PUT /user/{email}: keeps the record of the signed-in user up to date (its name, never its role). */
  updateOwnUser(caller: AuthUser, email: string, name: string | undefined): Promise<void>;
  /**
   * The start-up administrator: `email` (default: admin@example.com when there is no admin yet, or when a password is
   * given) is created or promoted, and given `password` when set. Answers the password it generated, if it made one.
   */
  ensureAdmin(wanted: { email?: string | undefined; password?: string | undefined }): Promise<GeneratedAdmin | null>;
}

export interface GeneratedAdmin {
  email: string;
  password: string;
}

export function createAccountsService(db: Db, secret: string, now: () => number = Date.now): AccountsService {
  const sessions = createSessionService(db, secret, now);

  async function changingUsers<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      sessions.forgetChecked();
    }
  }

  function requireOwnEmail(caller: AuthUser, email: string): void {
    if (email !== caller.email) throw forbidden('This e-mail is not yours');
  }

  const service: AccountsService = {
    sessions,
    signUp: (input) => signUp(db, input),
    logIn: (input) => logIn(db, input),
    findOrCreateUser: (input) => findOrCreateUser(db, input),
    findUserIdByEmail: async (email) => (await repo.findUserByEmail(db, email))?.id,
    listUsers: async () => (await repo.listUsers(db)).map(toUser),

    async makeAdmin(email) {
      const user = await repo.findUserByEmail(db, email);
      if (!user) throw notFound('User');
      // Their signed-in requests carry the role from here on.
      return changingUsers(() => repo.setUserRole(db, user.id, 'admin'));
    },

    async isAdmin(caller, email) {
      if (email === caller.email) return caller.role === 'admin';
      if (caller.role !== 'admin') throw forbidden('You may only ask about your own account');
      const user = await repo.findUserByEmail(db, email);
      return user?.role === 'admin';
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
      if (existing) {
        await changingUsers(async () => {
          await repo.setUserRole(db, existing.id, 'admin');
          if (password) await repo.updateUser(db, existing.id, { password_hash: await hashPassword(password) });
        });
        return null;
      }
      const chosen = password ?? randomBytes(12).toString('base64url');
      try {
        await createUser(db, { email, name: 'Administrator', passwordHash: await hashPassword(chosen), role: 'admin' });
      } catch (error) {
        // Another instance starting at the same moment created it first: promote it as above instead of failing.
        if (error instanceof AppError && error.code === 'email_taken') return service.ensureAdmin({ email, password });
        throw error;
      }
      return password ? null : { email, password: chosen };
    },
  };
  return service;
}
