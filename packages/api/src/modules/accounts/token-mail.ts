// A mailed link's token and its message, written together inside the caller's transaction (the outbox, B2B §6): the
// token exists exactly when its mail is queued. The caller wakes delivery once the transaction has committed.
import type { Kysely } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import type { Database } from '../../infra/db/schema.js';
import { newId } from '../../infra/db/ids.js';
import type { MailService } from '../mail/index.js';
import {
  newAccountToken,
  RESET_TOKEN_MINUTES,
  TOKEN_LIFETIME_MS,
  TOKEN_MAIL_INTERVAL_MS,
  type TokenPurpose,
} from './account-tokens.js';
import { insertAccountToken, madeTokenSince } from './account-tokens-repository.js';
import { lockUserRow } from './users-repository.js';
import type { UserRow } from './users-repository.js';

/** What accounts need of the mail module. */
export type AccountMail = Pick<MailService, 'enqueue' | 'wake'>;

export async function queueTokenMail(
  trx: Kysely<Database>,
  mail: AccountMail,
  user: Pick<UserRow, 'id' | 'email' | 'name'>,
  purpose: TokenPurpose,
  at: number,
): Promise<void> {
  const { token, hash } = newAccountToken();
  const id = newId(at);
  await insertAccountToken(trx, {
    id,
    user_id: user.id,
    purpose,
    token_hash: hash,
    created_at: new Date(at).toISOString(),
    expires_at: new Date(at + TOKEN_LIFETIME_MS[purpose]).toISOString(),
    used_at: null,
  });
  await mail.enqueue(trx, {
    to: user.email,
    dedupeKey: `${purpose}:${id}`,
    content:
      purpose === 'password-reset'
        ? { kind: purpose, data: { name: user.name, token, validMinutes: RESET_TOKEN_MINUTES } }
        : { kind: purpose, data: { name: user.name, token } },
  });
}

/**
 * Queues a link mail unless the user got one of this purpose within TOKEN_MAIL_INTERVAL_MS (later asks send nothing),
 * then wakes delivery. The user row is locked first, so asks that arrive together still send one.
 */
export async function queueTokenMailAtMostEveryMinute(
  db: Db,
  mail: AccountMail,
  user: Pick<UserRow, 'id' | 'email' | 'name'>,
  purpose: TokenPurpose,
  at: number,
): Promise<void> {
  const queued = await db.transaction().execute(async (trx) => {
    await lockUserRow(trx, user.id);
    if (await madeTokenSince(trx, user.id, purpose, new Date(at - TOKEN_MAIL_INTERVAL_MS).toISOString())) return false;
    await queueTokenMail(trx, mail, user, purpose, at);
    return true;
  });
  if (queued) mail.wake();
}
