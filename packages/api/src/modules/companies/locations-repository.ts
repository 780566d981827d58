// A company's ship-to locations (B2B §12), in creation order, one of them the default; and the members' limits to
// some of them (company_members.location_ids, JSON text).
import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import type { CompanyLocationsTable, Database } from '../../infra/db/schema.js';

export type LocationRow = Selectable<CompanyLocationsTable>;

export const listLocations = (db: Db, companyId: string): Promise<LocationRow[]> =>
  db.selectFrom('company_locations').selectAll().where('company_id', '=', companyId).orderBy('id').execute();

export const findLocation = (db: Db, companyId: string, id: string): Promise<LocationRow | undefined> =>
  db
    .selectFrom('company_locations')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

export async function countLocations(trx: Transaction<Database>, companyId: string): Promise<number> {
  const row = await trx
    .selectFrom('company_locations')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export const insertLocation = (trx: Transaction<Database>, row: LocationRow) =>
  trx.insertInto('company_locations').values(row).execute();

export const updateLocation = (trx: Transaction<Database>, companyId: string, id: string, set: Partial<LocationRow>) =>
  trx.updateTable('company_locations').set(set).where('company_id', '=', companyId).where('id', '=', id).execute();

export async function moveDefaultLocation(trx: Transaction<Database>, companyId: string, id: string): Promise<void> {
  await trx.updateTable('company_locations').set({ is_default: 0 }).where('company_id', '=', companyId).execute();
  await updateLocation(trx, companyId, id, { is_default: 1 });
}

export async function deleteLocation(trx: Transaction<Database>, companyId: string, id: string): Promise<void> {
  await trx.deleteFrom('company_locations').where('company_id', '=', companyId).where('id', '=', id).execute();
}

export const oldestLocationId = async (trx: Transaction<Database>, companyId: string) =>
  (
    await trx
      .selectFrom('company_locations')
      .select('id')
      .where('company_id', '=', companyId)
      .orderBy('id')
      .executeTakeFirst()
  )?.id;

/** The members limited to some locations, with their lists (JSON text). */
export const limitedMembers = (trx: Transaction<Database>, companyId: string) =>
  trx
    .selectFrom('company_members')
    .select(['user_id', 'location_ids'])
    .where('company_id', '=', companyId)
    .where('location_ids', 'is not', null)
    .execute();

export const setMemberLocations = (
  trx: Transaction<Database>,
  companyId: string,
  userId: string,
  ids: string[] | null,
) =>
  trx
    .updateTable('company_members')
    .set({ location_ids: ids === null ? null : JSON.stringify(ids) })
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .execute();

/** A member's stored limit as ids, or null for all (also when the column holds nothing readable). */
export function parseLocationIds(text: string | null | undefined): string[] | null {
  if (text === null || text === undefined) return null;
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : null;
}
