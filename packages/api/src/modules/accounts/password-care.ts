// Forgotten and changed passwords (B2B §7). A reset link proves the mailbox, so using one confirms the e-mail and ends
// every session of the account: whoever held it before (a guessed or leaked password, a pre-registered account) is
// out. A change keeps the session that made it and ends the others.
import { messages } from '@kestrel/shared';
import type { Db } from '../../infra/db/create-db.js';
import { AppError, unauthorized } from '../../infra/errors.js';
import { hashAccountToken } from './account-tokens.js';
import { endAccountTokens, useAccountToken } from './account-tokens-repository.js';
import { isCommonPassword } from './common-passwords.js';
import { commonPasswordError } from './identity.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { revokeUserSessions } from './sessions-repository.js';
import { queueTokenMailAtMostEveryMinute, type AccountMail } from './token-mail.js';
import { findUserByEmail, findUserById, updateUser } from './users-repository.js';

export const invalidTokenError = () => new AppError(400, 'invalid_token', messages.account.invalidToken);
export const wrongPasswordError = () => new AppError(400, 'wrong_password', messages.account.wrongCurrentPassword);

export interface AccountCareDeps {
  db: Db;
  mail: AccountMail;
  now: () => number;
  /** Called once sessions were revoked (the sessions service forgets what it checked). */
  sessionsChanged: () => void;
}

/**
 * Mails a reset link when an account has this e-mail and got none within the last minute; answers nothing either
 * way. A known e-mail costs a short transaction more than an unknown one (a few milliseconds, measured in
 * test/modules/accounts/password-reset.test.ts); sign-up's 409 says as much about who has an account.
 */
export async function requestPasswordReset({ db, mail, now }: AccountCareDeps, email: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (user) await queueTokenMailAtMostEveryMinute(db, mail, user, 'password-reset', now());
}

/** Sets a new password with a reset link's token: once, before it expires (one conditional update decides a race). */
export async function resetPassword(deps: AccountCareDeps, token: string, password: string): Promise<void> {
  // Before the token is spent, so a refused password leaves the link working.
  if (isCommonPassword(password)) throw commonPasswordError();
  const passwordHash = await hashPassword(password);
  const { db, now } = deps;
  const at = new Date(now()).toISOString();
  await db.transaction().execute(async (trx) => {
    const userId = await useAccountToken(trx, hashAccountToken(token), 'password-reset', at);
    if (!userId) throw invalidTokenError();
    await updateUser(trx, userId, { password_hash: passwordHash, email_verified: 1 });
    await endAccountTokens(trx, userId, 'password-reset', at);
    await revokeUserSessions(trx, userId, at);
  });
  deps.sessionsChanged();
}

/**
 * Changes the caller's password after checking the current one; the calling session stays, the others end, and
 * reset links mailed before no longer work (they would undo the change). Throws wrong_password for a wrong current
 * password (the route counts it like a failed sign-in) and no_password for an account that has none yet.
 */
export async function changePassword(
  deps: AccountCareDeps,
  caller: { id: string; sessionId: string },
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const { db, now } = deps;
  const user = await findUserById(db, caller.id);
  if (!user) throw unauthorized();
  if (!user.password_hash) throw new AppError(409, 'no_password', messages.account.noPasswordYet);
  if (isCommonPassword(input.newPassword)) throw commonPasswordError();
  if (!(await verifyPassword(user.password_hash, input.currentPassword))) throw wrongPasswordError();
  const passwordHash = await hashPassword(input.newPassword);
  const at = new Date(now()).toISOString();
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { password_hash: passwordHash });
    await endAccountTokens(trx, user.id, 'password-reset', at);
    await revokeUserSessions(trx, user.id, at, caller.sessionId);
  });
  deps.sessionsChanged();
}
