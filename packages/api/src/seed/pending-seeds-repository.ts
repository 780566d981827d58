// The seeds a database still waits for (migrations/025-pending-seeds.ts) and the lease of the instance doing one.
import type { Db } from '../infra/db/create-db.js';

/** Takes the seed for `ms` if it is pending and nobody holds it (or their lease ran out); answers whether it did. */
export async function claimSeed(db: Db, name: string, now: Date, ms: number): Promise<boolean> {
  const result = await db
    .updateTable('pending_seeds')
    .set({ claimed_until: new Date(now.getTime() + ms).toISOString() })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now.toISOString())]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function isSeedPending(db: Db, name: string): Promise<boolean> {
  return (
    (await db.selectFrom('pending_seeds').select('name').where('name', '=', name).executeTakeFirst()) !== undefined
  );
}

/** Lets the seed go without doing it, so the next start tries again. */
export async function releaseSeed(db: Db, name: string): Promise<void> {
  await db.updateTable('pending_seeds').set({ claimed_until: null }).where('name', '=', name).execute();
}

export async function seedDone(db: Db, name: string): Promise<void> {
  await db.deleteFrom('pending_seeds').where('name', '=', name).execute();
}

export async function hasAnyProduct(db: Db): Promise<boolean> {
  return (await db.selectFrom('products').select('id').limit(1).executeTakeFirst()) !== undefined;
}
