// Who is in which company, as one read the other modules share (orders, prices, documents ask it; B2B §5).
import type { Db } from '../../infra/db/create-db.js';
import type { CompanyRole, PaymentTermsName } from '../../infra/db/schema.js';

export interface Membership {
  companyId: string;
  role: CompanyRole;
  /** Cents; null: no limit. */
  spendingLimitCents: number | null;
  paymentTerms: PaymentTermsName;
  /** Cents; null: no limit. */
  creditLimitCents: number | null;
}

/** The user's company and role, or undefined for a user in no company. */
export async function findMembership(db: Db, userId: string): Promise<Membership | undefined> {
  const row = await db
    .selectFrom('company_members as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select(['m.company_id', 'm.role', 'm.spending_limit_cents', 'c.payment_terms', 'c.credit_limit_cents'])
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    companyId: row.company_id,
    role: row.role,
    spendingLimitCents: row.spending_limit_cents,
    paymentTerms: row.payment_terms,
    creditLimitCents: row.credit_limit_cents,
  };
}
