// Companies (B2B §5): creating one, its members and roles, invites by mail, and the admin's payment terms and credit
// limits. Who may do what: an owner manages the company; every member reads it; the last owner can be neither demoted
// nor removed. The rules of orders for members (who sees an order, what a viewer may do) live in orders/ownership.ts
// and roles.ts.
import { changedFields, recordAudit, type AuditContext } from '../audit/index.js';
import {
  companyMessages,
  holdsWebAddress,
  type AdminCompany,
  type AdminCompanyPatch,
  type Company,
  type CompanyRole,
  type InvitePreview,
  type PendingInvite,
  taxMessages,
} from '@kestrel/shared';
import type { Db } from '../../infra/db/create-db.js';
import { newId } from '../../infra/db/ids.js';
import { isUniqueViolation } from '../../infra/db/unique-violation.js';
import { AppError, forbidden, notFound } from '../../infra/errors.js';
import { centsToDollars, dollarsToCents } from '../../infra/money.js';
import type { AuthUser } from '../accounts/index.js';
import type { MailService } from '../mail/index.js';
import { findMembership, type Membership } from './membership-repository.js';
import * as repo from './repository.js';
import { notInCompany, requireMember } from './roles.js';
import { listLocations, parseLocationIds } from './locations-repository.js';
import { hashInviteToken, sendInvite, type SentInvite } from './send-invite.js';

export interface CompaniesService {
  create(user: AuthUser, input: { name: string; taxId: string | null; billingAddress: string }): Promise<Company>;
  /** The caller's company as GET /api/companies/mine answers it; 404 without one. */
  mine(user: AuthUser): Promise<Company>;
  /** The caller's membership, or 404 'not in a company' (the company's order list). */
  requireMembership(user: AuthUser): Promise<Membership>;
  /** Owners with a confirmed e-mail; bounded per company and per address (send-invite.ts). */
  invite(
    user: AuthUser,
    input: { email: string; role: CompanyRole; spendingLimit: number | null },
  ): Promise<SentInvite>;
  /** The owner's edit of the name, tax id and billing address (by the create's rules); answers the company. */
  updateDetails(
    user: AuthUser,
    change: { name?: string | undefined; taxId?: string | null | undefined; billingAddress?: string | undefined },
  ): Promise<Company>;
  /** What an invite's link shows before accepting (public: the token is the credential). */
  preview(token: string): Promise<InvitePreview>;
  pendingInvites(user: AuthUser): Promise<PendingInvite[]>;
  revokeInvite(user: AuthUser, id: string): Promise<void>;
  accept(user: AuthUser, token: string): Promise<Company>;
  changeMember(
    user: AuthUser,
    userId: string,
    change: {
      role?: CompanyRole | undefined;
      spendingLimit?: number | null | undefined;
      locationIds?: string[] | null | undefined;
    },
  ): Promise<Company>;
  removeMember(user: AuthUser, userId: string): Promise<void>;
  adminList(): Promise<AdminCompany[]>;
  /** One company with its billing address and members, as GET /api/companies/mine answers it (admin; 404 unknown). */
  adminGet(id: string): Promise<Company>;
  /** `audit`: the staff caller or key, whose change is recorded in the update's transaction (B2B §15). */
  adminUpdate(id: string, patch: AdminCompanyPatch, audit: AuditContext | null): Promise<AdminCompany>;
}

/**
 * The open balances a company answer shows: billing's (modules/billing), handed in by app.ts so that companies, which
 * billing builds on, does not import it back.
 */
export interface CompanyBalances {
  balanceCents(companyId: string): Promise<number>;
  balancesCents(): Promise<Map<string, number>>;
}

export interface CompaniesDeps {
  db: Db;
  balances: CompanyBalances;
  mail: Pick<MailService, 'enqueue' | 'wake'>;
  /** Signed-in requests carry emailVerified from the next one on (accepting an invite confirms the address). */
  sessionsChanged: () => void;
  /** Every change to a company or its members: the order path's remembered memberships are read again. */
  membershipsChanged?: () => void;
  now?: () => number;
}

const dollarsOrNull = (cents: number | null) => (cents === null ? null : centsToDollars(cents));
const centsOrNull = (dollars: number | null) => (dollars === null ? null : dollarsToCents(dollars));

const lastOwner = () => new AppError(409, 'last_owner', companyMessages.lastOwner);
const alreadyInCompany = () => new AppError(409, 'already_in_company', companyMessages.alreadyInCompany);
const invalidInvite = () => new AppError(400, 'invalid_invite', companyMessages.inviteInvalid);
const inviteExpired = () => new AppError(400, 'invite_expired', companyMessages.inviteExpired);

/** What the admin's PATCH sets of a company (B2B §5's terms, §13's exemption). */
type CompanySettings = Pick<repo.CompanyRow, 'payment_terms' | 'credit_limit_cents'> & {
  tax_exempt?: number | undefined;
  tax_exemption_id?: string | null | undefined;
};

const exemptionOf = (row: CompanySettings) => ({
  taxExempt: Number(row.tax_exempt ?? 0) === 1,
  taxExemptionId: row.tax_exemption_id ?? null,
});

/**
 * The settings after `patch` (every field optional): exempt needs a certificate id, sent now or kept; not exempt
 * keeps none, and an id sent for a company that is not exempt is refused rather than silently dropped.
 */
function settingsAfter(before: CompanySettings, patch: AdminCompanyPatch) {
  const exempt = patch.taxExempt ?? Number(before.tax_exempt ?? 0) === 1;
  const exemptionId = exempt ? (patch.taxExemptionId ?? before.tax_exemption_id ?? null) : null;
  if (exempt && exemptionId === null) throw new AppError(400, 'validation_error', taxMessages.exemptionRequired);
  if (!exempt && patch.taxExemptionId !== undefined) {
    throw new AppError(400, 'validation_error', taxMessages.exemptionWithoutExempt);
  }
  return {
    payment_terms: patch.paymentTerms ?? before.payment_terms,
    credit_limit_cents: patch.creditLimit === undefined ? before.credit_limit_cents : centsOrNull(patch.creditLimit),
    tax_exempt: exempt ? 1 : 0,
    tax_exemption_id: exemptionId,
  };
}

export function createCompaniesService({
  db,
  balances,
  mail,
  sessionsChanged,
  membershipsChanged = () => undefined,
  now = Date.now,
}: CompaniesDeps): CompaniesService {
  const iso = () => new Date(now()).toISOString();

  async function answer(companyId: string, missing = notInCompany): Promise<Company> {
    const [company, members, balance] = await Promise.all([
      repo.findCompany(db, companyId),
      repo.membersOf(db, companyId),
      balances.balanceCents(companyId),
    ]);
    if (!company) throw missing();
    return {
      _id: company.id,
      name: company.name,
      taxId: company.tax_id,
      billingAddress: company.billing_address,
      paymentTerms: company.payment_terms,
      creditLimit: dollarsOrNull(company.credit_limit_cents),
      balance: centsToDollars(balance),
      ...exemptionOf(company),
      members: members.map((m) => ({
        userId: m.user_id,
        email: m.email,
        name: m.name,
        role: m.role,
        spendingLimit: dollarsOrNull(m.spending_limit_cents),
        locationIds: parseLocationIds(m.location_ids),
      })),
    };
  }

  async function requireMembership(user: AuthUser): Promise<Membership> {
    return requireMember(await findMembership(db, user.id));
  }

  async function requireOwner(user: AuthUser): Promise<Membership> {
    const membership = await requireMembership(user);
    if (membership.role !== 'owner') throw forbidden(companyMessages.ownersOnly);
    return membership;
  }

  const toAdmin = (row: repo.AdminCompanyRow, balanceCents: number): AdminCompany => ({
    _id: row.id,
    name: row.name,
    taxId: row.tax_id,
    paymentTerms: row.payment_terms,
    creditLimit: dollarsOrNull(row.credit_limit_cents),
    balance: centsToDollars(balanceCents),
    memberCount: Number(row.member_count),
    createdAt: row.created_at,
    ...exemptionOf(row),
  });

  return {
    async create(user, input) {
      if (await findMembership(db, user.id)) throw alreadyInCompany();
      const at = iso();
      const id = newId(now());
      try {
        await db.transaction().execute(async (trx) => {
          await repo.insertCompany(trx, {
            id,
            name: input.name,
            tax_id: input.taxId,
            billing_address: input.billingAddress,
            created_at: at,
            updated_at: at,
          });
          await repo.insertMember(trx, {
            user_id: user.id,
            company_id: id,
            role: 'owner',
            spending_limit_cents: null,
            joined_at: at,
          });
        });
      } catch (error) {
        // Two creates at once by one user: the member row's key lets one through.
        if (isUniqueViolation(error)) throw alreadyInCompany();
        throw error;
      }
      membershipsChanged();
      return answer(id);
    },

    async mine(user) {
      return answer((await requireMembership(user)).companyId);
    },

    requireMembership,

    async invite(user, input) {
      const { companyId } = await requireOwner(user);
      // An unconfirmed account could be anyone's: it mails nobody in the company's name (issue #47).
      if (!(await repo.emailConfirmed(db, user.id))) {
        throw new AppError(403, 'email_unconfirmed', companyMessages.emailUnconfirmed);
      }
      const members = await repo.membersOf(db, companyId);
      if (members.some((m) => m.email.toLowerCase() === input.email)) {
        throw new AppError(409, 'already_member', companyMessages.alreadyMember);
      }
      const company = await repo.findCompany(db, companyId);
      if (!company) throw notInCompany();
      const sent = await sendInvite(
        db,
        mail,
        {
          companyId,
          companyName: company.name,
          inviter: { id: user.id, name: user.name },
          email: input.email,
          role: input.role,
          spendingLimitCents: centsOrNull(input.spendingLimit),
        },
        now(),
      );
      if (sent.mailed) mail.wake();
      return sent;
    },

    async updateDetails(user, change) {
      const { companyId } = await requireOwner(user);
      const found = await repo.updateDetails(db, companyId, {
        ...(change.name === undefined ? {} : { name: change.name }),
        ...(change.taxId === undefined ? {} : { tax_id: change.taxId }),
        ...(change.billingAddress === undefined ? {} : { billing_address: change.billingAddress }),
        updated_at: iso(),
      });
      if (!found) throw notInCompany();
      // The membership read carries the company's tax id (reverse charge, B2B §13): the next order must see this one.
      if (change.taxId !== undefined) membershipsChanged();
      return answer(companyId);
    },

    async preview(token) {
      const invite = await repo.findInvitePreview(db, hashInviteToken(token));
      if (!invite || invite.accepted_at !== null || invite.revoked_at !== null) throw invalidInvite();
      if (invite.expires_at <= iso()) throw inviteExpired();
      return {
        companyName: invite.company_name,
        // As in the mail (send-invite.ts): a name holding a web address is not shown.
        inviterName: invite.inviter_name !== null && !holdsWebAddress(invite.inviter_name) ? invite.inviter_name : null,
        role: invite.role,
        email: invite.email,
        expiresAt: invite.expires_at,
      };
    },

    async pendingInvites(user) {
      const { companyId } = await requireOwner(user);
      const rows = await repo.pendingInvites(db, companyId, iso());
      return rows.map((r) => ({
        _id: r.id,
        email: r.email,
        role: r.role,
        spendingLimit: dollarsOrNull(r.spending_limit_cents),
        createdAt: r.created_at,
        expiresAt: r.expires_at,
      }));
    },

    async revokeInvite(user, id) {
      const { companyId } = await requireOwner(user);
      if (!(await repo.revokeInvite(db, companyId, id, iso()))) throw notFound('Invite');
    },

    async accept(user, token) {
      const invite = await repo.findInviteByHash(db, hashInviteToken(token));
      const at = iso();
      if (!invite || invite.accepted_at !== null || invite.revoked_at !== null) throw invalidInvite();
      if (invite.expires_at <= at) throw inviteExpired();
      if (invite.email !== user.email.toLowerCase()) {
        throw new AppError(403, 'wrong_email', companyMessages.inviteWrongEmail);
      }
      if (await findMembership(db, user.id)) throw alreadyInCompany();
      try {
        const joined = await db.transaction().execute(async (trx) => {
          if (!(await repo.useInvite(trx, invite.id, user.id, at))) return false;
          await repo.insertMember(trx, {
            user_id: user.id,
            company_id: invite.company_id,
            role: invite.role,
            spending_limit_cents: invite.spending_limit_cents,
            joined_at: at,
          });
          // The link reached this mailbox: the address is confirmed (B2B §5).
          await repo.markEmailVerified(trx, user.id);
          return true;
        });
        if (!joined) throw invalidInvite();
      } catch (error) {
        if (isUniqueViolation(error)) throw alreadyInCompany();
        throw error;
      }
      sessionsChanged();
      membershipsChanged();
      return answer(invite.company_id);
    },

    async changeMember(user, userId, change) {
      const { companyId } = await requireOwner(user);
      await db.transaction().execute(async (trx) => {
        await repo.lockCompany(trx, companyId);
        const member = await repo.findMember(trx, companyId, userId);
        if (!member) throw notFound('Member');
        if (member.role === 'owner' && change.role !== undefined && change.role !== 'owner') {
          if ((await repo.countOwners(trx, companyId)) <= 1) throw lastOwner();
        }
        if (change.locationIds) {
          // B2B §12: only this company's own locations; another's id is refused, not kept.
          const own = new Set((await listLocations(trx, companyId)).map((l) => l.id));
          if (!change.locationIds.every((id) => own.has(id))) {
            throw new AppError(400, 'validation_error', "locationIds must name only your company's locations");
          }
        }
        await repo.updateMember(trx, companyId, userId, {
          ...(change.role === undefined ? {} : { role: change.role }),
          ...(change.spendingLimit === undefined ? {} : { spending_limit_cents: centsOrNull(change.spendingLimit) }),
          ...(change.locationIds === undefined
            ? {}
            : { location_ids: change.locationIds === null ? null : JSON.stringify(change.locationIds) }),
        });
      });
      membershipsChanged();
      return answer(companyId);
    },

    async removeMember(user, userId) {
      const { companyId } = await requireOwner(user);
      await db.transaction().execute(async (trx) => {
        await repo.lockCompany(trx, companyId);
        const member = await repo.findMember(trx, companyId, userId);
        if (!member) throw notFound('Member');
        if (member.role === 'owner' && (await repo.countOwners(trx, companyId)) <= 1) throw lastOwner();
        await repo.deleteMember(trx, companyId, userId);
      });
      membershipsChanged();
    },

    async adminList() {
      const rows = await repo.listCompaniesWithCounts(db);
      const owed = await balances.balancesCents();
      return rows.map((r) => toAdmin(r, owed.get(r.id) ?? 0));
    },

    adminGet(id) {
      return answer(id, () => notFound('Company'));
    },

    async adminUpdate(id, patch, audit) {
      await db.transaction().execute(async (trx) => {
        await repo.lockCompany(trx, id);
        const before = await repo.findCompany(trx, id);
        if (!before) throw notFound('Company');
        const shown = (t: CompanySettings) => ({
          paymentTerms: t.payment_terms,
          creditLimit: t.credit_limit_cents === null ? null : centsToDollars(t.credit_limit_cents),
          ...exemptionOf(t),
        });
        const after = settingsAfter(before, patch);
        if (!(await repo.updateTerms(trx, id, { ...after, updated_at: iso() }))) throw notFound('Company');
        const changes = changedFields(shown(before), shown(after));
        const taxOnly = changes !== null && Object.keys(changes).every((k) => k.startsWith('tax'));
        await recordAudit(trx, audit, {
          action: taxOnly ? 'company.tax_exemption_set' : 'company.terms_set',
          targetType: 'company',
          targetId: id,
          summary: taxOnly ? `Set the tax exemption of ${before.name}` : `Set the payment terms of ${before.name}`,
          changes,
        });
      });
      membershipsChanged();
      const [row] = await repo.listCompaniesWithCounts(db, id);
      if (!row) throw notFound('Company');
      return toAdmin(row, await balances.balanceCents(id));
    },
  };
}
