// The address book's SQL (B2B §12): a person's entries in creation order, one of them the default.
import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import type { AddressBookEntriesTable, Database } from '../../infra/db/schema.js';

export type EntryRow = Selectable<AddressBookEntriesTable>;

export const listEntries = (db: Db, userId: string): Promise<EntryRow[]> =>
  db.selectFrom('address_book_entries').selectAll().where('user_id', '=', userId).orderBy('id').execute();

export const findEntry = (db: Db, userId: string, id: string): Promise<EntryRow | undefined> =>
  db
    .selectFrom('address_book_entries')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();

export async function countEntries(trx: Transaction<Database>, userId: string): Promise<number> {
  const row = await trx
    .selectFrom('address_book_entries')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Locks the owner's user row (PostgreSQL), so two adds or default moves of one person run one after the other. */
export async function lockOwner(trx: Transaction<Database>, userId: string, postgres: boolean): Promise<void> {
  if (!postgres) return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

export const insertEntry = (trx: Transaction<Database>, row: EntryRow) =>
  trx.insertInto('address_book_entries').values(row).execute();

export const updateEntry = (trx: Transaction<Database>, userId: string, id: string, set: Partial<EntryRow>) =>
  trx.updateTable('address_book_entries').set(set).where('user_id', '=', userId).where('id', '=', id).execute();

/** Makes `id` the one default of the person's entries. */
export async function moveDefault(trx: Transaction<Database>, userId: string, id: string): Promise<void> {
  await trx.updateTable('address_book_entries').set({ is_default: 0 }).where('user_id', '=', userId).execute();
  await updateEntry(trx, userId, id, { is_default: 1 });
}

export async function deleteEntry(trx: Transaction<Database>, userId: string, id: string): Promise<boolean> {
  const done = await trx
    .deleteFrom('address_book_entries')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(done.numDeletedRows) === 1;
}

/** The oldest remaining entry, which becomes the default when the default is deleted. */
export const oldestEntryId = async (trx: Transaction<Database>, userId: string): Promise<string | undefined> =>
  (
    await trx
      .selectFrom('address_book_entries')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('id')
      .executeTakeFirst()
  )?.id;
