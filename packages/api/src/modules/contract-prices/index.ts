// Contract prices' public entry (B2B §5): the admin calls, and what the catalogue, cart and orders ask of a member.
export { contractPriceRoutes } from './routes.js';
export {
  createContractPricesService,
  memberPricesOfRequest,
  type ContractPricesService,
  type MemberPrices,
} from './service.js';
