// E-mail confirmation (B2B §7): sign-up mails a link (identity.ts), the link's page posts its token here, and a
// signed-in user whose mail went missing may ask for another. A confirmed e-mail is what lets Google sign-in enter
// a password account (identity.ts, findOrCreateUser).
import { messages } from '@kestrel/shared';
import { AppError, unauthorized } from '../../infra/errors.js';
import { hashAccountToken } from './account-tokens.js';
import { endAccountTokens, findAccountToken, useAccountToken } from './account-tokens-repository.js';
import { invalidTokenError, type AccountCareDeps } from './password-care.js';
import { queueTokenMailAtMostEveryMinute } from './token-mail.js';
import { findUserById, updateUser } from './users-repository.js';

type Deps = AccountCareDeps;

/**
 * Confirms the e-mail of the token's user. A token already used by a user who is confirmed answers alike (a second
 * click on the link is normal); an unknown or expired one is refused.
 */
export async function verifyEmail({ db, now, sessionsChanged }: Deps, token: string): Promise<void> {
  const hash = hashAccountToken(token);
  const at = new Date(now()).toISOString();
  const confirmed = await db.transaction().execute(async (trx) => {
    const userId = await useAccountToken(trx, hash, 'email-verification', at);
    if (!userId) return false;
    await updateUser(trx, userId, { email_verified: 1 });
    await endAccountTokens(trx, userId, 'email-verification', at);
    return true;
  });
  if (confirmed) {
    // Signed-in requests (GET /auth/me) carry the flag from the next one on.
    sessionsChanged();
    return;
  }
  const used = await findAccountToken(db, hash, 'email-verification');
  const owner = used?.used_at ? await findUserById(db, used.user_id) : undefined;
  if (owner?.email_verified !== 1) throw invalidTokenError();
}

/** Mails a new confirmation link, at most one a minute (later asks answer alike and send nothing). */
export async function resendVerification({ db, mail, now }: Deps, userId: string): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized();
  if (user.email_verified === 1) throw new AppError(409, 'already_verified', messages.account.alreadyVerified);
  await queueTokenMailAtMostEveryMinute(db, mail, user, 'email-verification', now());
}
