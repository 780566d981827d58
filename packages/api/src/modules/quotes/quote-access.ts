// Who may do what with a quote (B2B §10, docs/product.md §31, issue 47). A quote belongs to the company it was asked
// for; who may read it and act on it is decided by membership and role in that company NOW, never by having asked for
// it: a requester removed from the company, or gone to another, no longer sees it. A quote asked without a company is
// its requester's alone. Staff with quotes.manage (administrators, sales) read every quote and act as the shop.
import { can } from '@kestrel/shared';
import type { AuthUser } from '../accounts/index.js';
import type { Membership } from '../companies/index.js';
import type { QuoteRow } from './repository.js';

export interface QuoteAccess {
  /** May read it (GET, the list): the requester of a personal quote, a member of its company, an administrator. */
  sees: boolean;
  /** May act as the buyer (accept, decline, cancel, write as the buyer): an owner or buyer of its company, or the
   * requester of a personal quote. */
  buyerSide: boolean;
  /** A viewer of its company: reads only (403 to the buyer's steps). */
  viewer: boolean;
  admin: boolean;
  /**
   * The membership an accepted order is placed with: the accepting member's in the quote's company; undefined for a
   * personal quote, whose order is personal whatever company its requester has joined since.
   */
  placeWith: Membership | undefined;
}

/** Whether `membership` is in the quote's company now (a personal quote has none). */
export function inQuoteCompany(
  row: Pick<QuoteRow, 'company_id'>,
  membership: Pick<Membership, 'companyId'> | undefined,
): boolean {
  return row.company_id !== null && membership?.companyId === row.company_id;
}

export function quoteAccess(
  row: Pick<QuoteRow, 'user_id' | 'company_id'>,
  user: Pick<AuthUser, 'id' | 'role'>,
  membership: Membership | undefined,
): QuoteAccess {
  // The shop's side of every quote: staff with quotes.manage (B2B §15); anyone else as a customer.
  const admin = can(user, 'quotes.manage');
  const personal = row.company_id === null && row.user_id === user.id;
  const member = inQuoteCompany(row, membership);
  const viewer = member && membership?.role === 'viewer';
  return {
    sees: personal || member || admin,
    buyerSide: personal || (member && !viewer),
    viewer,
    admin,
    placeWith: member ? membership : undefined,
  };
}
