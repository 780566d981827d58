// B2B §13 on the order path: the billing module decides an order's tax from its ship-to and the buyer's company (as
// the membership read carries it: no read more per order); this maps the decision to the columns the order keeps,
// so a later change of the rate table leaves a placed order as it was. The tax itself is computed on the decided
// subtotal where the order's rows are made (placing/placed-rows.ts rowsOf).
import type { TaxDecision, TaxService } from '../billing/index.js';
import type { Membership } from '../companies/index.js';
import type { PendingOrder } from './placing/index.js';
import type { ShipToCopy } from './ship-to.js';

export type TaxColumns = Required<
  Pick<PendingOrder, 'tax_rate_milli' | 'tax_name' | 'reverse_charge' | 'tax_exemption_id' | 'tax_country'>
>;

export function taxColumnsOf(decision: TaxDecision): TaxColumns {
  return {
    tax_rate_milli: decision.rateMilli,
    tax_name: decision.name,
    reverse_charge: decision.reverseCharge ? 1 : 0,
    tax_exemption_id: decision.taxExemptionId,
    tax_country: decision.country,
  };
}

/** The tax of an order to `shipTo` by a member of `membership`'s company (or none); undefined without a tax service. */
export function decideOrderTax(
  tax: Pick<TaxService, 'decide'> | undefined,
  shipTo: ShipToCopy | null,
  membership: Membership | undefined,
): Promise<TaxDecision> | undefined {
  return tax?.decide({
    shipTo: shipTo ? { country: shipTo.ship_to_country, region: shipTo.ship_to_region } : null,
    company: membership?.tax,
  });
}
