// B2B §5: a member's contract price as the shared unit-price rule (unitPriceCents) takes it.
/** The contract price in cents for the shared unit-price rule, or undefined. */
export const contractCentsOf = (product: { contractPrice?: number | undefined }): number | undefined =>
  product.contractPrice === undefined ? undefined : Math.round(product.contractPrice * 100);
