// SQL of the account_tokens table (account-tokens.ts says what a token is). Every function takes the executor, so a
// token is written and used inside the transaction of the change it goes with.
import type { Kysely, Selectable } from 'kysely';
import type { AccountTokensTable, Database } from '../../infra/db/schema.js';
import type { TokenPurpose } from './account-tokens.js';

export type AccountTokenRow = Selectable<AccountTokensTable>;
type Executor = Kysely<Database>;

export async function insertAccountToken(db: Executor, row: AccountTokenRow): Promise<void> {
  await db.insertInto('account_tokens').values(row).execute();
}

/** Whether a token of this purpose was made for the user after `since` (the mail throttle). */
export async function madeTokenSince(db: Executor, userId: string, purpose: TokenPurpose, since: string) {
  const row = await db
    .selectFrom('account_tokens')
    .select('id')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Uses a token: one conditional update (not used, not expired), so of two racing uses exactly one succeeds.
 * Answers the token's user, or undefined when it is unknown, used or expired.
 */
export async function useAccountToken(
  db: Executor,
  hash: string,
  purpose: TokenPurpose,
  at: string,
): Promise<string | undefined> {
  const row = await db
    .updateTable('account_tokens')
    .set({ used_at: at })
    .where('token_hash', '=', hash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

export function findAccountToken(db: Executor, hash: string, purpose: TokenPurpose) {
  return db
    .selectFrom('account_tokens')
    .selectAll()
    .where('token_hash', '=', hash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/** Ends every outstanding token of this purpose of the user (a newer link, or the change it was for, replaced them). */
export async function endAccountTokens(db: Executor, userId: string, purpose: TokenPurpose, at: string) {
  await db
    .updateTable('account_tokens')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * Deletes tokens past their expiry (the account-prune job). Used ones stay until then: a second click on a
 * confirmation link still finds its token and answers as the first did.
 */
export async function deleteExpiredAccountTokens(db: Executor, at: string): Promise<number> {
  const result = await db.deleteFrom('account_tokens').where('expires_at', '<=', at).executeTakeFirst();
  return Number(result.numDeletedRows);
}
