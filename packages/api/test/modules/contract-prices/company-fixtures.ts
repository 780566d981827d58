// A company and its members written straight into the tables of migration 020: the company calls are another
// module's (co-core); contract prices only need the rows.
import type { FastifyInstance } from 'fastify';

export async function addCompany(
  app: FastifyInstance,
  id: string,
  members: Array<{ userId: string; role: 'owner' | 'buyer' | 'viewer' }>,
): Promise<void> {
  const at = new Date().toISOString();
  await app.db
    .insertInto('companies')
    .values({ id, name: `Company ${id}`, tax_id: null, billing_address: '1 Works Rd', created_at: at, updated_at: at })
    .execute();
  for (const m of members) {
    await app.db
      .insertInto('company_members')
      .values({ user_id: m.userId, company_id: id, role: m.role, spending_limit_cents: null, joined_at: at })
      .execute();
  }
}
