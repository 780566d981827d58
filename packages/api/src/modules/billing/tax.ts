// B2B §13: the one computation of an order's tax, for every way of ordering, the cart's totals and the documents.
// Prices are net; the tax goes on top. The rate is a percentage with at most 3 decimals, kept as an integer number of
// thousandths of a percent (`rateMilli`: 8.875% is 8875), so the tax of a subtotal is integer arithmetic on cents:
// subtotal × rateMilli / 100 000, rounded half up.
import { countryName } from '@kestrel/shared/ship-to';
import { isEuMember, isVatNumberOf } from './vat-number.js';

/** The sentence an exempt order carries on its documents and the checkout says before it is placed. */
export const exemptionNote = (taxExemptionId: string) => `Tax exempt: exemption certificate ${taxExemptionId}.`;

/** A row of the rate table as the computation reads it. */
export interface TaxRateRow {
  country: string;
  /** null: the country's own row. */
  region: string | null;
  rateMilli: number;
  name: string;
}

/** The rate table keyed for lookup (`tax-rates.ts` builds it once per change). */
export type TaxRateTable = ReadonlyMap<string, TaxRateRow>;

export const rateKey = (country: string, region: string | null) => `${country}|${region ?? ''}`;

export function rateTableOf(rows: readonly TaxRateRow[]): TaxRateTable {
  return new Map(rows.map((row) => [rateKey(row.country, row.region), row]));
}

/** What the tax of an order depends on besides its subtotal. */
export interface TaxSubject {
  /** The order's ship-to country and region; null: none (the shop's country applies). */
  shipTo: { country: string; region: string | null } | null;
  /** The buyer's company, when they order in one. */
  company?: { taxId: string | null; taxExempt: boolean; taxExemptionId: string | null } | undefined;
}

/** The tax decided for an order, before its subtotal is known (the write decides the prices). */
export interface TaxDecision {
  rateMilli: number;
  /** null when no rate applies (no row, exempt, reverse charge). */
  name: string | null;
  reverseCharge: boolean;
  taxExemptionId: string | null;
  /** The country whose rate applied: the ship-to's, else the shop's. */
  country: string;
  /**
   * Why the order pays what it pays, when that is not the plain rate: its exemption, its reverse charge, or why a
   * company ordering across an EU border does not qualify for the reverse charge (the checkout says it, B2B §13).
   */
  note: string | null;
}

/**
 * The rate of an order: none when its company is exempt, or under EU reverse charge (the shop and the ship-to in two
 * different member states, the company's tax id a well-formed VAT number of the ship-to's); else the table's row of
 * the ship-to's country and region, else of its country alone; an order without a ship-to takes the shop country's row
 * without region; no row (or a row of 0%): 0.
 */
export function decideTax(table: TaxRateTable, shopCountry: string, subject: TaxSubject): TaxDecision {
  const country = subject.shipTo?.country ?? shopCountry;
  const company = subject.company;
  const none = { rateMilli: 0, name: null, reverseCharge: false, taxExemptionId: null, country, note: null };
  if (company?.taxExempt) {
    return {
      ...none,
      taxExemptionId: company.taxExemptionId,
      note: company.taxExemptionId === null ? null : exemptionNote(company.taxExemptionId),
    };
  }
  const crossBorderEu = country !== shopCountry && isEuMember(shopCountry) && isEuMember(country);
  if (company && crossBorderEu && company.taxId && isVatNumberOf(country, company.taxId)) {
    return { ...none, reverseCharge: true, note: 'Reverse charge: your company accounts for the VAT.' };
  }
  const refused =
    company && crossBorderEu
      ? `The reverse charge does not apply: ${
          company.taxId
            ? `${company.taxId} is not a well-formed ${countryName(country)} VAT number`
            : 'your company has no VAT number on record'
        }.`
      : null;
  const region = subject.shipTo?.region ?? null;
  const row = (region !== null ? table.get(rateKey(country, region)) : undefined) ?? table.get(rateKey(country, null));
  // A row of 0% taxes nothing: answered as no row (taxName null), the same on the order and in the cart's totals.
  const rated = { ...none, note: refused };
  return row && row.rateMilli > 0 ? { ...rated, rateMilli: row.rateMilli, name: row.name } : rated;
}

/** Whether the decision must be recorded on the order (anything but "no tax at all"). */
export function isTaxed(decision: TaxDecision): boolean {
  return decision.rateMilli > 0 || decision.reverseCharge || decision.taxExemptionId !== null;
}

/** The tax of `subtotalCents` at `rateMilli`, in cents, rounded half up (exact for any subtotal: BigInt). */
export function taxCents(subtotalCents: number, rateMilli: number): number {
  if (rateMilli === 0 || subtotalCents === 0) return 0;
  return Number((BigInt(subtotalCents) * BigInt(rateMilli) + 50_000n) / 100_000n);
}

/** The percentage the answers show (8875 → 8.875). */
export const ratePercent = (rateMilli: number) => rateMilli / 1000;

/**
 * The tax a credit credits: the credited subtotal's tax, rounded half up; the credit that leaves nothing of the order
 * (`creditedSubtotalCents` reaches what remained) credits exactly the tax still uncredited, so the rounding of partial
 * credits never leaves a cent behind or credits one too many.
 */
export function creditedTaxCents(
  order: { subtotalCents: number; taxCents: number; rateMilli: number },
  already: { subtotalCents: number; taxCents: number },
  creditedSubtotalCents: number,
): number {
  const remainingTax = order.taxCents - already.taxCents;
  if (already.subtotalCents + creditedSubtotalCents >= order.subtotalCents) return remainingTax;
  return Math.min(remainingTax, taxCents(creditedSubtotalCents, order.rateMilli));
}
