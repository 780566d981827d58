// SQL of companies, members and invites (B2B §5). The rules are the service's; this only reads and writes rows.
import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import type {
  CompaniesTable,
  CompanyInvitesTable,
  CompanyRole,
  Database,
  PaymentTermsName,
} from '../../infra/db/schema.js';

type Executor = Kysely<Database>;
export type CompanyRow = Selectable<CompaniesTable>;
export type InviteRow = Selectable<CompanyInvitesTable>;

export interface MemberRow {
  user_id: string;
  email: string;
  name: string;
  role: CompanyRole;
  spending_limit_cents: number | null;
  /** B2B §12: JSON text of the allowed location ids; null: all. */
  location_ids?: string | null;
}

export function findCompany(db: Executor, id: string): Promise<CompanyRow | undefined> {
  return db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Members with their account's e-mail and name, owners first, then in the order they joined. */
export function membersOf(db: Executor, companyId: string): Promise<MemberRow[]> {
  return db
    .selectFrom('company_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'u.email', 'u.name', 'm.role', 'm.spending_limit_cents', 'm.location_ids'])
    .where('m.company_id', '=', companyId)
    .orderBy((eb) => eb.case().when('m.role', '=', 'owner').then(0).else(1).end())
    .orderBy('m.joined_at')
    .orderBy('m.user_id')
    .execute();
}

export function findMember(db: Executor, companyId: string, userId: string) {
  return db
    .selectFrom('company_members')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Takes the company's row lock for the rest of the transaction (a no-op write: PostgreSQL locks the row, SQLite the
 * database), so two owners changing members at once see each other's change: the last owner always stays.
 */
export async function lockCompany(trx: Executor, companyId: string): Promise<void> {
  await trx
    .updateTable('companies')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', companyId)
    .execute();
}

export async function countOwners(trx: Executor, companyId: string): Promise<number> {
  const row = await trx
    .selectFrom('company_members')
    .select((eb) => eb.fn.countAll<number | string>().as('owners'))
    .where('company_id', '=', companyId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.owners);
}

/** Pending invites: not accepted, not revoked, not expired at `at`; newest first. */
export function pendingInvites(db: Executor, companyId: string, at: string): Promise<InviteRow[]> {
  return db
    .selectFrom('company_invites')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Revokes the company's pending invites to `email` (a new invite replaces them). */
export async function revokeInvitesTo(trx: Executor, companyId: string, email: string, at: string): Promise<void> {
  await trx
    .updateTable('company_invites')
    .set({ revoked_at: at })
    .where('company_id', '=', companyId)
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes one pending invite of the company; answers whether it did. */
export async function revokeInvite(db: Db, companyId: string, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('company_invites')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The company's live (not accepted, not revoked) invite to `email`: at most one (migration 027's unique index). */
export function liveInviteTo(trx: Executor, companyId: string, email: string): Promise<InviteRow | undefined> {
  return trx
    .selectFrom('company_invites')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** A pending invite's role and limit change in place (a re-invite inside the no-mail window). */
export async function changeInviteTerms(
  trx: Executor,
  id: string,
  terms: { role: CompanyRole; spending_limit_cents: number | null },
): Promise<void> {
  await trx.updateTable('company_invites').set(terms).where('id', '=', id).execute();
}

export interface InvitesSince {
  count: number;
  /** The oldest counted invite's created_at, or null when none. */
  oldest: string | null;
}

/** Invites mailed since `since` (every row is one mail, revoked or not): by a company, or to an address. */
export async function invitesSince(
  trx: Executor,
  by: 'company_id' | 'email',
  value: string,
  since: string,
): Promise<InvitesSince> {
  const row = await trx
    .selectFrom('company_invites')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where(by, '=', value)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: row.oldest ?? null };
}

/** Whether the account's e-mail is confirmed, read now (not the session's memory of it). */
export async function emailConfirmed(db: Executor, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('email_verified').where('id', '=', userId).executeTakeFirst();
  return row?.email_verified === 1;
}

export interface InvitePreviewRow extends InviteRow {
  company_name: string;
  inviter_name: string | null;
}

/** An invite by its token's hash with its company's name and its inviter's name (null when that account is gone). */
export function findInvitePreview(db: Executor, hash: string): Promise<InvitePreviewRow | undefined> {
  return db
    .selectFrom('company_invites as i')
    .innerJoin('companies as c', 'c.id', 'i.company_id')
    .leftJoin('users as u', 'u.id', 'i.invited_by')
    .selectAll('i')
    .select(['c.name as company_name', 'u.name as inviter_name'])
    .where('i.token_hash', '=', hash)
    .executeTakeFirst();
}

/** The owner's edit of the company's details; answers whether the company exists. */
export async function updateDetails(
  db: Db,
  id: string,
  details: { name?: string; tax_id?: string | null; billing_address?: string; updated_at: string },
): Promise<boolean> {
  const result = await db.updateTable('companies').set(details).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findInviteByHash(db: Executor, hash: string): Promise<InviteRow | undefined> {
  return db.selectFrom('company_invites').selectAll().where('token_hash', '=', hash).executeTakeFirst();
}

/** Marks the invite used, only if it still is usable at `at`: of two accepts at once, one wins. */
export async function useInvite(trx: Executor, id: string, userId: string, at: string): Promise<boolean> {
  const result = await trx
    .updateTable('company_invites')
    .set({ accepted_at: at, accepted_by: userId })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface AdminCompanyRow extends CompanyRow {
  member_count: number | string;
}

/** Every company with its member count, by name; with `id`, that company only. */
export function listCompaniesWithCounts(db: Db, id?: string): Promise<AdminCompanyRow[]> {
  return db
    .selectFrom('companies as c')
    .$if(id !== undefined, (q) => q.where('c.id', '=', id ?? ''))
    .selectAll('c')
    .select((eb) =>
      eb
        .selectFrom('company_members as m')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .whereRef('m.company_id', '=', 'c.id')
        .as('member_count'),
    )
    .orderBy('c.name')
    .orderBy('c.id')
    .execute() as Promise<AdminCompanyRow[]>;
}

export async function insertCompany(
  trx: Executor,
  row: Omit<CompanyRow, 'payment_terms' | 'credit_limit_cents' | 'tax_exempt' | 'tax_exemption_id'>,
) {
  await trx.insertInto('companies').values(row).execute();
}

export async function insertMember(
  trx: Executor,
  row: {
    user_id: string;
    company_id: string;
    role: CompanyRole;
    spending_limit_cents: number | null;
    joined_at: string;
  },
) {
  await trx.insertInto('company_members').values(row).execute();
}

export async function insertInvite(trx: Executor, row: InviteRow) {
  await trx.insertInto('company_invites').values(row).execute();
}

/** The invite's link reached this mailbox: the account's e-mail is confirmed. */
export async function markEmailVerified(trx: Executor, userId: string) {
  await trx.updateTable('users').set({ email_verified: 1 }).where('id', '=', userId).execute();
}

export async function updateMember(
  trx: Executor,
  companyId: string,
  userId: string,
  change: { role?: CompanyRole; spending_limit_cents?: number | null },
) {
  await trx
    .updateTable('company_members')
    .set(change)
    .where('user_id', '=', userId)
    .where('company_id', '=', companyId)
    .execute();
}

export async function deleteMember(trx: Executor, companyId: string, userId: string) {
  await trx.deleteFrom('company_members').where('user_id', '=', userId).where('company_id', '=', companyId).execute();
}

/** Sets the admin's terms; answers whether the company exists. */
export async function updateTerms(
  db: Executor,
  id: string,
  terms: {
    payment_terms: PaymentTermsName;
    credit_limit_cents: number | null;
    tax_exempt: number;
    tax_exemption_id: string | null;
    updated_at: string;
  },
): Promise<boolean> {
  const result = await db.updateTable('companies').set(terms).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
