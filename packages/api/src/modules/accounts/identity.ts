// E-mail/password accounts: sign-up, sign-in, and the user record other sign-in methods share.
import { messages, type User } from '@kestrel/shared';
import type { Kysely } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import { newId } from '../../infra/db/ids.js';
import type { Database } from '../../infra/db/schema.js';
import { isUniqueViolation } from '../../infra/db/unique-violation.js';
import { AppError } from '../../infra/errors.js';
import { findUserByEmail, insertUser, type UserRow } from './users-repository.js';
import { isCommonPassword } from './common-passwords.js';
import { OidcSignInError } from './google/oidc-errors.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { queueTokenMail, type AccountMail } from './token-mail.js';

export const INVALID_CREDENTIALS = 'Wrong e-mail or password';

export function toUser(row: Pick<UserRow, 'id' | 'email' | 'name' | 'role' | 'email_verified'>): User {
  return { _id: row.id, email: row.email, name: row.name, role: row.role, emailVerified: row.email_verified === 1 };
}

export const commonPasswordError = () => new AppError(400, 'password_too_common', messages.signup.passwordCommon);

/** `emailVerified`: whether the mailbox is already proven (Google's verified e-mail, the start-up administrator). */
export async function createUser(
  db: Kysely<Database>,
  input: {
    email: string;
    name: string;
    passwordHash: string | null;
    role?: UserRow['role'];
    emailVerified?: boolean;
  },
): Promise<UserRow> {
  const row: UserRow = {
    id: newId(),
    email: input.email,
    name: input.name,
    password_hash: input.passwordHash,
    role: input.role ?? 'customer',
    created_at: new Date().toISOString(),
    open_orders: 0,
    email_verified: input.emailVerified ? 1 : 0,
  };
  try {
    await insertUser(db, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'email_taken', 'An account with this e-mail already exists');
    throw error;
  }
  return row;
}

/** A new account, unconfirmed: its confirmation mail is queued with the user row, in one transaction. */
export async function signUp(
  db: Db,
  mail: AccountMail,
  input: { name: string; email: string; password: string },
  at: number,
): Promise<UserRow> {
  // Sign-up only: an existing account with a common password must still be able to sign in (and change it).
  if (isCommonPassword(input.password)) throw commonPasswordError();
  // Checked first so a taken e-mail answers quickly; the unique index still decides a race.
  if (await findUserByEmail(db, input.email)) {
    throw new AppError(409, 'email_taken', 'An account with this e-mail already exists');
  }
  const passwordHash = await hashPassword(input.password);
  const user = await db.transaction().execute(async (trx) => {
    const row = await createUser(trx, { email: input.email, name: input.name, passwordHash });
    await queueTokenMail(trx, mail, row, 'email-verification', at);
    return row;
  });
  mail.wake();
  return user;
}

/** The same answer for an unknown e-mail and a wrong password, so sign-in does not reveal who has an account. */
export async function logIn(db: Db, input: { email: string; password: string }): Promise<UserRow> {
  const user = await findUserByEmail(db, input.email);
  const ok = await verifyPassword(user?.password_hash, input.password);
  if (!user || !ok) throw new AppError(401, 'invalid_credentials', INVALID_CREDENTIALS);
  return user;
}

/**
 * For identity providers (Google), whose e-mail is verified: the user with this e-mail, created verified as a customer
 * on first sign-in. An existing account whose e-mail nobody proved is refused: whoever signed it up may not own the
 * mailbox, and letting the mailbox's owner in would share the account with them (pre-account-takeover).
 */
export async function findOrCreateUser(db: Db, input: { email: string; name: string }): Promise<UserRow> {
  const existing = await findUserByEmail(db, input.email);
  if (existing) return enterable(existing);
  try {
    return await createUser(db, { email: input.email, name: input.name, passwordHash: null, emailVerified: true });
  } catch (error) {
    const raced = error instanceof AppError ? await findUserByEmail(db, input.email) : undefined;
    if (raced) return enterable(raced);
    throw error;
  }
}

function enterable(user: UserRow): UserRow {
  if (user.email_verified !== 1) {
    throw new OidcSignInError('verify_first', `the account ${user.id} has not confirmed its e-mail address`);
  }
  return user;
}
