// B2B §13: the tax-rate table's payloads and the cart's totals. A row's own rules (the country and region lists, the
// rate's range and decimals, one row per place) are checked by the API row by row (billing/tax-rate-rows.ts), so
// that every bad row is named by its index at once; here only the shape every row is read from.
import './zod-setup.js';
import { z } from 'zod';

/** How many rows the table holds at most (a shop with every US state and EU member needs about 80). */
export const MAX_TAX_RATES = 500;
export const MAX_TAX_RATE = 30;
export const MAX_TAX_NAME_LENGTH = 40;
export const MAX_TAX_EXEMPTION_ID_LENGTH = 40;

export const taxRateSchema = z.object({
  country: z.string(),
  /** null: the row of the whole country. */
  region: z.string().nullable(),
  /** A percentage, 0-30, at most 3 decimals. */
  rate: z.number(),
  name: z.string(),
});
export type TaxRate = z.infer<typeof taxRateSchema>;

/** PUT /api/admin/tax-rates: the rows are read as sent and judged one by one (400 with `error.rows`). */
export const taxRatesPutSchema = z.object({
  rates: z
    .array(z.unknown(), { error: 'rates must be a list' })
    .max(MAX_TAX_RATES, `rates holds at most ${MAX_TAX_RATES} rows`),
});
export type TaxRatesPut = z.infer<typeof taxRatesPutSchema>;

export const taxRatesSchema = z.object({ rates: taxRateSchema.array() });
export type TaxRates = z.infer<typeof taxRatesSchema>;

/** GET /api/admin/tax-settings: what the admin's Tax page shows beside the table (the shop's configuration). */
export const taxSettingsSchema = z.object({ shopCountry: z.string(), shopTaxId: z.string().nullable() });
export type TaxSettings = z.infer<typeof taxSettingsSchema>;

/** A refused row of the table: its index in what was sent and why. */
export const taxRateRowErrorSchema = z.object({ index: z.number().int(), message: z.string() });
export type TaxRateRowError = z.infer<typeof taxRateRowErrorSchema>;
export const taxRatesErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), rows: taxRateRowErrorSchema.array().optional() }),
});

/** The tax fields of every order answer and of the cart's totals (dollars and percent). */
export const taxFieldsSchema = z.object({
  /** The sum of the lines' totals, net. */
  subtotal: z.number(),
  taxName: z.string().nullable(),
  /** Percent. */
  taxRate: z.number(),
  taxTotal: z.number(),
  reverseCharge: z.boolean(),
  taxExemptionId: z.string().nullable(),
});
export type TaxFields = z.infer<typeof taxFieldsSchema>;

/** POST /api/cart/totals: the caller's cart priced as an order of it would be, with its tax. */
export const cartTotalsSchema = taxFieldsSchema.extend({
  total: z.number(),
  /** Why the order would pay what it pays, when that is not the plain rate (exempt, reverse charge, or why not). */
  taxNote: z.string().nullable(),
});
export type CartTotals = z.infer<typeof cartTotalsSchema>;

export const taxMessages = {
  rowsInvalid: 'Some tax rates are invalid: see error.rows',
  exemptionRequired: 'taxExemptionId is required when taxExempt is true',
  exemptionWithoutExempt: 'taxExemptionId is only taken for a tax-exempt company (taxExempt: true)',
} as const;
