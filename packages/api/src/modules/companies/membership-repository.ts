// Who is in which company, as one read the other modules share (orders, prices, documents ask it; B2B §5).
import type { UserCompany } from '@kestrel/shared';
import type { Db } from '../../infra/db/create-db.js';
import type { CompanyRole, PaymentTermsName } from '../../infra/db/schema.js';
import { parseLocationIds } from './locations-repository.js';

export interface Membership {
  companyId: string;
  role: CompanyRole;
  /** Cents; null: no limit. */
  spendingLimitCents: number | null;
  paymentTerms: PaymentTermsName;
  /** Cents; null: no limit. */
  creditLimitCents: number | null;
  /** B2B §12: the company has ship-to locations (then every order names one); read in the same query. */
  hasLocations?: boolean;
  /** B2B §12: the locations this member may order to; null: all. */
  locationIds?: string[] | null;
  /** B2B §13: what the company's orders are taxed by (read in the same query): its tax id and exemption. */
  tax?: { taxId: string | null; taxExempt: boolean; taxExemptionId: string | null };
}

/** The user's company and role, or undefined for a user in no company. */
export async function findMembership(db: Db, userId: string): Promise<Membership | undefined> {
  const row = await db
    .selectFrom('company_members as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select(['m.company_id', 'm.role', 'm.spending_limit_cents', 'c.payment_terms', 'c.credit_limit_cents'])
    .select(['m.location_ids', 'c.tax_id', 'c.tax_exempt', 'c.tax_exemption_id'])
    // B2B §12: whether the company has locations, in this same read (no round trip more on the order path).
    .select((eb) =>
      eb
        .exists(eb.selectFrom('company_locations as l').select('l.id').whereRef('l.company_id', '=', 'm.company_id'))
        .as('has_locations'),
    )
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    companyId: row.company_id,
    role: row.role,
    spendingLimitCents: row.spending_limit_cents,
    paymentTerms: row.payment_terms,
    creditLimitCents: row.credit_limit_cents,
    hasLocations: Boolean(Number(row.has_locations)),
    locationIds: parseLocationIds(row.location_ids),
    tax: {
      taxId: row.tax_id,
      taxExempt: Number(row.tax_exempt ?? 0) === 1,
      taxExemptionId: row.tax_exemption_id ?? null,
    },
  };
}

/** The user's company as the signed-in user's own record shows it (`GET /api/auth/me`), or null in none. */
export async function findUserCompany(db: Db, userId: string): Promise<UserCompany | null> {
  const row = await db
    .selectFrom('company_members as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select(['c.id', 'c.name', 'm.role'])
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
  return row ? { _id: row.id, name: row.name, role: row.role } : null;
}

/**
 * How long the order path trusts a membership it read (the sessions' bound, accounts/checked-sessions.ts): another
 * instance's change to a company or its members is seen at most this much later.
 */
export const MEMBERSHIP_RECHECK_MS = 1_000;
/** Past this many buyers the memory starts over. */
const REMEMBERED_MEMBERSHIP_LIMIT = 10_000;

/**
 * findMembership for the order path, where it ran before every order (one more PostgreSQL round trip and pool
 * checkout per order): a buyer's membership, or their being in no company, is read at most once a second. Every
 * change this process makes to companies or members forgets all of it at once (companies/service.ts), so this process
 * answers its own changes at once; another instance's, within MEMBERSHIP_RECHECK_MS, as it does a session's.
 */
export interface MembershipReader {
  find(userId: string): Promise<Membership | undefined>;
  forget(): void;
}

export function createMembershipReader(db: Db, now: () => number = Date.now): MembershipReader {
  const read = new Map<string, { membership: Membership | undefined; atMs: number }>();
  // Bumped by every forget(): a read that started before one must not be remembered.
  let generation = 0;
  return {
    async find(userId) {
      const at = now();
      const known = read.get(userId);
      if (known && at - known.atMs >= 0 && at - known.atMs < MEMBERSHIP_RECHECK_MS) return known.membership;
      const started = generation;
      const membership = await findMembership(db, userId);
      if (started === generation) {
        if (read.size >= REMEMBERED_MEMBERSHIP_LIMIT) read.clear();
        read.set(userId, { membership, atMs: at });
      }
      return membership;
    },
    forget() {
      generation++;
      read.clear();
    },
  };
}
