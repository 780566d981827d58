// SQL of punchout_orders (B2B §17): an OrderRequest's orderID claimed once per connection, and of what the order of
// such a request needs to know about its buyer (the user row, the profile's phone, the company's billing address).
import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import type { Database, UsersTable } from '../../infra/db/schema.js';

type Executor = Kysely<Database>;

export function findClaim(db: Executor, connectionId: string, orderRef: string): Promise<string | undefined> {
  return db
    .selectFrom('punchout_orders')
    .select('order_id')
    .where('connection_id', '=', connectionId)
    .where('order_ref', '=', orderRef)
    .executeTakeFirst()
    .then((row) => row?.order_id);
}

/** In the order's own transaction: a second claim of the same orderID fails on the primary key. */
export async function insertClaim(
  db: Executor,
  row: { connection_id: string; order_ref: string; order_id: string; created_at: string },
): Promise<void> {
  await db.insertInto('punchout_orders').values(row).execute();
}

export type Buyer = Pick<Selectable<UsersTable>, 'id' | 'email' | 'name' | 'role' | 'email_verified'> & {
  phone: string | null;
  billing_address: string;
};

/** The connection's user with their profile's phone and their company's billing address. */
export function findBuyer(db: Db, userId: string, companyId: string): Promise<Buyer | undefined> {
  return db
    .selectFrom('users')
    .innerJoin('companies', (join) => join.on('companies.id', '=', companyId))
    .leftJoin('profiles', 'profiles.user_id', 'users.id')
    .select([
      'users.id',
      'users.email',
      'users.name',
      'users.role',
      'users.email_verified',
      'profiles.phone',
      'companies.billing_address',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}
