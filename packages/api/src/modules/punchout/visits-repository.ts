// SQL of punchout_visits (B2B §17): a visit is found by its start token's hash; each step is a guarded update, so a
// start token starts one session and a session transfers once, whatever arrives at the same moment.
import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import type { Database, PunchoutVisitsTable } from '../../infra/db/schema.js';

export type VisitRow = Selectable<PunchoutVisitsTable>;
type Executor = Kysely<Database>;

export async function insertVisit(db: Db, row: VisitRow): Promise<void> {
  await db.insertInto('punchout_visits').values(row).execute();
}

/**
 * Claims the visit of an unused, unexpired start token; answers it, or undefined when there is none (unknown, used
 * or expired). The update is the claim: of two exchanges at once, one finds started_at already set.
 */
export async function claimStart(db: Db, startHash: string, at: string): Promise<VisitRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('punchout_visits')
      .set({ started_at: at })
      .where('start_hash', '=', startHash)
      .where('started_at', 'is', null)
      .where('start_expires_at', '>', at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return undefined;
    return trx.selectFrom('punchout_visits').selectAll().where('start_hash', '=', startHash).executeTakeFirst();
  });
}

export async function setVisitSession(db: Db, id: string, sessionId: string): Promise<void> {
  await db.updateTable('punchout_visits').set({ session_id: sessionId }).where('id', '=', id).execute();
}

export function findVisit(db: Executor, id: string): Promise<VisitRow | undefined> {
  return db.selectFrom('punchout_visits').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Ends a visit once; answers whether this call did. */
export async function endVisit(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('punchout_visits')
    .set({ ended_at: at })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The sessions a connection's visits became (to revoke them when it is deleted). */
export async function sessionsOfConnection(db: Db, connectionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('punchout_visits')
    .select('session_id')
    .where('connection_id', '=', connectionId)
    .where('session_id', 'is not', null)
    .where('ended_at', 'is', null)
    .execute();
  return rows.flatMap((r) => (r.session_id === null ? [] : [r.session_id]));
}
