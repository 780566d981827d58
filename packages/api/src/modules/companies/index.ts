// The companies module's public entry: what other modules and app.ts may use.
export { companyBalanceCents } from './balance-repository.js';
export {
  createMembershipReader,
  findMembership,
  findUserCompany,
  MEMBERSHIP_RECHECK_MS,
  type Membership,
  type MembershipReader,
} from './membership-repository.js';
export { requireMayAct, VIEWER_REFUSAL } from './roles.js';
export { companyRoutes } from './routes.js';
export { createCompaniesService, type CompaniesService } from './service.js';
// Credit (issue #25): the company lock, overdue orders and owners, read inside the caller's transaction.
export {
  allOpenAccountOrders,
  companyTerms,
  lockCompany,
  openAccountOrders,
  overdueAccountOrders,
  overdueCount,
  ownerEmails,
  type OpenAccountOrders,
} from './credit-repository.js';
// Ship-to locations (B2B §12).
export { locationRoutes } from './location-routes.js';
export { createLocationsService, type LocationsService } from './locations.js';
export { findLocation, listLocations, type LocationRow } from './locations-repository.js';
