// SQL of punchout_connections (B2B §17): a connection is found by its id (OCI's address) or its cXML identity,
// never by its secret, which is kept only as a SHA-256.
import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import type { CompanyRole, Database, PunchoutConnectionsTable } from '../../infra/db/schema.js';

export type ConnectionRow = Selectable<PunchoutConnectionsTable>;
/** A connection with what the admin's list shows beside it. */
export type ListedConnection = ConnectionRow & { company_name: string; user_email: string };
type Executor = Kysely<Database>;

export async function insertConnection(db: Executor, row: ConnectionRow): Promise<void> {
  await db.insertInto('punchout_connections').values(row).execute();
}

function listed(db: Executor) {
  return db
    .selectFrom('punchout_connections')
    .innerJoin('companies', 'companies.id', 'punchout_connections.company_id')
    .innerJoin('users', 'users.id', 'punchout_connections.user_id')
    .selectAll('punchout_connections')
    .select(['companies.name as company_name', 'users.email as user_email']);
}

/** Every connection, oldest first. */
export function listConnections(db: Executor): Promise<ListedConnection[]> {
  return listed(db).orderBy('punchout_connections.id', 'asc').execute();
}

export function findListedConnection(db: Executor, id: string): Promise<ListedConnection | undefined> {
  return listed(db).where('punchout_connections.id', '=', id).executeTakeFirst();
}

export function findConnection(db: Executor, id: string): Promise<ConnectionRow | undefined> {
  return db.selectFrom('punchout_connections').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findCxmlConnection(db: Executor, identity: string): Promise<ConnectionRow | undefined> {
  return db
    .selectFrom('punchout_connections')
    .selectAll()
    .where('identity', '=', identity)
    .where('protocol', '=', 'cxml')
    .executeTakeFirst();
}

export async function deleteConnection(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('punchout_connections').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The member of `companyId` with this e-mail and their role, or undefined (no such user, or not a member). */
export function findMemberByEmail(
  db: Db,
  companyId: string,
  email: string,
): Promise<{ id: string; role: CompanyRole } | undefined> {
  return db
    .selectFrom('users')
    .innerJoin('company_members', 'company_members.user_id', 'users.id')
    .select(['users.id', 'company_members.role'])
    .where('users.email', '=', email)
    .where('company_members.company_id', '=', companyId)
    .executeTakeFirst();
}

export function findCompanyName(db: Db, companyId: string): Promise<string | undefined> {
  return db
    .selectFrom('companies')
    .select('name')
    .where('id', '=', companyId)
    .executeTakeFirst()
    .then((row) => row?.name);
}
