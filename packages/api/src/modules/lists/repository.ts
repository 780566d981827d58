// SQL of requisition lists (B2B §16): the lists, their lines (one per product), and the counts their limits read.
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, RequisitionListLinesTable, RequisitionListsTable } from '../../infra/db/schema.js';

type Executor = Kysely<Database>;
export type ListRow = Selectable<RequisitionListsTable>;
export type ListLineRow = Selectable<RequisitionListLinesTable>;
export type NewListLine = Insertable<RequisitionListLinesTable>;

export function findList(db: Executor, id: string): Promise<ListRow | undefined> {
  return db.selectFrom('requisition_lists').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The list's row, held until the transaction ends on PostgreSQL (SQLite runs one write transaction at a time). */
export async function lockList(trx: Executor, id: string, postgres: boolean): Promise<ListRow | undefined> {
  const read = trx.selectFrom('requisition_lists').selectAll().where('id', '=', id);
  return (postgres ? read.forUpdate() : read).executeTakeFirst();
}

export function linesOf(db: Executor, listId: string): Promise<ListLineRow[]> {
  return db
    .selectFrom('requisition_list_lines')
    .selectAll()
    .where('list_id', '=', listId)
    .orderBy('position')
    .execute();
}

/** The lines of these lists in one read, each list's in its order (My Lists prices them all at once). */
export function linesOfLists(db: Executor, listIds: string[]) {
  if (listIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('requisition_list_lines')
    .select(['list_id', 'product_id', 'quantity'])
    .where('list_id', 'in', listIds)
    .orderBy('list_id')
    .orderBy('position')
    .execute();
}

/** The caller's private lists and, in a company, its shared ones, with their line counts; latest change first. */
export function listsFor(db: Executor, userId: string, companyId: string | undefined) {
  return db
    .selectFrom('requisition_lists as l')
    .leftJoin('requisition_list_lines as ll', 'll.list_id', 'l.id')
    .select((eb) => [
      'l.id',
      'l.name',
      'l.created_by',
      'l.company_id',
      'l.updated_at',
      eb.fn.count<string | number | bigint>('ll.product_id').as('line_count'),
    ])
    .where((eb) =>
      eb.or([
        eb.and([eb('l.created_by', '=', userId), eb('l.company_id', 'is', null)]),
        ...(companyId ? [eb('l.company_id', '=', companyId)] : []),
      ]),
    )
    .groupBy(['l.id', 'l.name', 'l.created_by', 'l.company_id', 'l.updated_at'])
    .orderBy('l.updated_at', 'desc')
    .orderBy('l.id', 'desc')
    .execute();
}

export async function countPrivateLists(trx: Executor, userId: string): Promise<number> {
  const row = await trx
    .selectFrom('requisition_lists')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
    .where('created_by', '=', userId)
    .where('company_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countSharedLists(trx: Executor, companyId: string): Promise<number> {
  const row = await trx
    .selectFrom('requisition_lists')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertList(trx: Executor, row: ListRow, lines: NewListLine[]): Promise<void> {
  await trx.insertInto('requisition_lists').values(row).execute();
  if (lines.length > 0) await trx.insertInto('requisition_list_lines').values(lines).execute();
}

export async function updateList(trx: Executor, id: string, changes: Updateable<RequisitionListsTable>): Promise<void> {
  await trx.updateTable('requisition_lists').set(changes).where('id', '=', id).execute();
}

export async function deleteList(db: Executor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('requisition_list_lines').where('list_id', '=', id).execute();
    await trx.deleteFrom('requisition_lists').where('id', '=', id).execute();
  });
}

export async function replaceLines(trx: Executor, listId: string, lines: NewListLine[]): Promise<void> {
  await trx.deleteFrom('requisition_list_lines').where('list_id', '=', listId).execute();
  if (lines.length > 0) await trx.insertInto('requisition_list_lines').values(lines).execute();
}

/**
 * Adds lines: a product already on the list gets the quantities added up (keeping its place, taking the current SKU
 * and name), unless that would pass `max`. All or none; answers false when a line would have passed `max`.
 */
export async function addLines(trx: Executor, lines: NewListLine[], max: number): Promise<boolean> {
  if (lines.length === 0) return true;
  const result = await trx
    .insertInto('requisition_list_lines')
    .values(lines)
    .onConflict((oc) =>
      oc
        .columns(['list_id', 'product_id'])
        .doUpdateSet((eb) => ({
          quantity: eb('requisition_list_lines.quantity', '+', eb.ref('excluded.quantity')),
          sku: eb.ref('excluded.sku'),
          name: eb.ref('excluded.name'),
        }))
        .where((eb) => eb(eb('requisition_list_lines.quantity', '+', eb.ref('excluded.quantity')), '<=', max)),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === lines.length;
}
