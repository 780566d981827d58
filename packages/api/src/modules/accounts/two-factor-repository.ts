// SQL of two-step sign-in: the secret row (two_factor, migration 031), the recovery codes and the sign-in challenges
// (migration 034). Each "use" is one conditional update, so two requests racing with the same code or challenge
// cannot both win.
import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import type { Database, TwoFactorTable } from '../../infra/db/schema.js';

type Executor = Kysely<Database>;
export type TwoFactorRow = Selectable<TwoFactorTable>;

export function findTwoFactor(db: Executor, userId: string): Promise<TwoFactorRow | undefined> {
  return db.selectFrom('two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Whether two-step sign-in is on for the user (one primary-key read). */
export async function isTwoFactorOn(db: Executor, userId: string): Promise<boolean> {
  const row = await db.selectFrom('two_factor').select('enabled_at').where('user_id', '=', userId).executeTakeFirst();
  return Boolean(row?.enabled_at);
}

/**
 * A new secret for a setup not finished yet; never over one that is on (answers false then). One upsert, so two setups
 * racing for a new account (two tabs) both succeed and the later one's secret is kept, as a later setup would be.
 */
export async function saveSetup(db: Executor, userId: string, secretSealed: string, at: string): Promise<boolean> {
  const result = await db
    .insertInto('two_factor')
    .values({ user_id: userId, secret_sealed: secretSealed, enabled_at: null, last_step: null, created_at: at })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ secret_sealed: secretSealed, created_at: at, last_step: null })
        .where('two_factor.enabled_at', 'is', null),
    )
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/**
 * Records `step` as the last accepted code, only if it is later than the last one (RFC 6238 §5.2: a code works once);
 * `enableAt` also turns two-step sign-in on (only if it was off). Answers whether it did.
 */
export async function acceptStep(db: Executor, userId: string, step: number, enableAt?: string): Promise<boolean> {
  let query = db
    .updateTable('two_factor')
    .set(enableAt ? { last_step: step, enabled_at: enableAt } : { last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]));
  query = enableAt ? query.where('enabled_at', 'is', null) : query.where('enabled_at', 'is not', null);
  return (await query.executeTakeFirst()).numUpdatedRows > 0n;
}

/** Turns two-step sign-in off: the secret, the recovery codes and any pending challenge go. */
export async function deleteTwoFactor(db: Executor, userId: string): Promise<boolean> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_factor_challenges').where('user_id', '=', userId).execute();
  const result = await db.deleteFrom('two_factor').where('user_id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function replaceRecoveryCodes(db: Executor, userId: string, hashes: string[]): Promise<void> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_factor_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
    .execute();
}

/** Spends one unused recovery code; answers whether it was one. */
export async function useRecoveryCode(db: Executor, userId: string, hash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertChallenge(
  db: Executor,
  row: { id_hash: string; user_id: string; created_at: string; expires_at: string },
): Promise<void> {
  await db
    .insertInto('two_factor_challenges')
    .values({ ...row, used_at: null })
    .execute();
}

export function findChallenge(db: Executor, idHash: string) {
  return db
    .selectFrom('two_factor_challenges')
    .innerJoin('users', 'users.id', 'two_factor_challenges.user_id')
    .select([
      'two_factor_challenges.user_id',
      'two_factor_challenges.expires_at',
      'two_factor_challenges.used_at',
      'users.email',
    ])
    .where('two_factor_challenges.id_hash', '=', idHash)
    .executeTakeFirst();
}

/** Spends a live challenge; answers whether it was unused and unexpired at `at`. */
export async function useChallenge(db: Executor, idHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_challenges')
    .set({ used_at: at })
    .where('id_hash', '=', idHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The account-prune job: challenges past their five minutes (used or not) can never serve again. */
export async function deleteExpiredChallenges(db: Db, at: string): Promise<number> {
  const result = await db.deleteFrom('two_factor_challenges').where('expires_at', '<=', at).executeTakeFirst();
  return Number(result.numDeletedRows);
}
