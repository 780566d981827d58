// E-mail/password accounts: sign-up, sign-in, and the user record other sign-in methods share.
import { messages, type User } from '@kestrel/shared';
import type { Db } from '../../infra/db/create-db.js';
import { newId } from '../../infra/db/ids.js';
import { isUniqueViolation } from '../../infra/db/unique-violation.js';
import { AppError } from '../../infra/errors.js';
import { findUserByEmail, insertUser, type UserRow } from './users-repository.js';
import { isCommonPassword } from './common-passwords.js';
import { hashPassword, verifyPassword } from './passwords.js';

export const INVALID_CREDENTIALS = 'Wrong e-mail or password';

export function toUser(row: Pick<UserRow, 'id' | 'email' | 'name' | 'role'>): User {
  return { _id: row.id, email: row.email, name: row.name, role: row.role };
}

export async function createUser(
  db: Db,
  input: { email: string; name: string; passwordHash: string | null; role?: UserRow['role'] },
): Promise<UserRow> {
  const row: UserRow = {
    id: newId(),
    email: input.email,
    name: input.name,
    password_hash: input.passwordHash,
    role: input.role ?? 'customer',
    created_at: new Date().toISOString(),
    open_orders: 0,
  };
  try {
    await insertUser(db, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'email_taken', 'An account with this e-mail already exists');
    throw error;
  }
  return row;
}

export async function signUp(db: Db, input: { name: string; email: string; password: string }): Promise<UserRow> {
  // Sign-up only: an existing account with a common password must still be able to sign in (and change it).
  if (isCommonPassword(input.password)) throw new AppError(400, 'password_too_common', messages.signup.passwordCommon);
  // Checked first so a taken e-mail answers quickly; the unique index still decides a race.
  if (await findUserByEmail(db, input.email)) {
    throw new AppError(409, 'email_taken', 'An account with this e-mail already exists');
  }
  return createUser(db, { email: input.email, name: input.name, passwordHash: await hashPassword(input.password) });
}

/** The same answer for an unknown e-mail and a wrong password, so sign-in does not reveal who has an account. */
export async function logIn(db: Db, input: { email: string; password: string }): Promise<UserRow> {
  const user = await findUserByEmail(db, input.email);
  const ok = await verifyPassword(user?.password_hash, input.password);
  if (!user || !ok) throw new AppError(401, 'invalid_credentials', INVALID_CREDENTIALS);
  return user;
}

/** For identity providers (Google): the user with this e-mail, created as a customer on first sign-in. */
export async function findOrCreateUser(db: Db, input: { email: string; name: string }): Promise<UserRow> {
  const existing = await findUserByEmail(db, input.email);
  if (existing) return existing;
  try {
    return await createUser(db, { email: input.email, name: input.name, passwordHash: null });
  } catch (error) {
    const raced = error instanceof AppError ? await findUserByEmail(db, input.email) : undefined;
    if (raced) return raced;
    throw error;
  }
}
