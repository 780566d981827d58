// The companies module's public entry: what other modules may use.
export { findMembership, type Membership } from './membership-repository.js';
// Credit (issue #25): the company lock, open balance, overdue orders and owners, read inside the caller's transaction.
export {
  BALANCE_STATUSES,
  companyTerms,
  lockCompany,
  openAccountOrders,
  openBalanceCents,
  overdueCount,
  ownerEmails,
} from './credit-repository.js';
