// The companies module's public entry: what other modules and app.ts may use.
export {
  createMembershipReader,
  findMembership,
  findUserCompany,
  MEMBERSHIP_RECHECK_MS,
  type Membership,
  type MembershipReader,
} from './membership-repository.js';
export { notInCompany, requireMayAct, requireMember, VIEWER_REFUSAL } from './roles.js';
export { companyRoutes } from './routes.js';
export { createCompaniesService, type CompaniesService, type CompanyBalances } from './service.js';
// Credit (issue #25): the company lock, terms and owners, read inside the caller's transaction.
export { companyTerms, lockCompany, ownerEmails } from './credit-repository.js';
// Ship-to locations (B2B §12).
export { locationRoutes } from './location-routes.js';
export { createLocationsService, type LocationsService } from './locations.js';
export { findLocation, listLocations, type LocationRow } from './locations-repository.js';
