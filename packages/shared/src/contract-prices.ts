// Contract prices (B2B §5): an administrator's per-company prices. PUT replaces the company's whole list (PUT
// semantics: a product left out loses its contract price; an empty list removes them all).
import './zod-setup.js';
import { z } from 'zod';
import { MAX_PRICE_DOLLARS } from './constants.js';
import { idSchema } from './id.js';
import { positiveDollars } from './money.js';

/** More prices than a catalogue page holds would be a mistake, not a contract; the CSV import has the same bound. */
export const MAX_CONTRACT_PRICES = 10_000;

export const contractPriceMessages = {
  priceInvalid: `price must be a positive amount in dollars with at most two decimals, at most ${MAX_PRICE_DOLLARS}`,
  duplicate: 'a product appears more than once',
  tooMany: `at most ${MAX_CONTRACT_PRICES} contract prices`,
  unknownProduct: (productId: string) => `unknown product ${productId}`,
  unknownSku: (sku: string) => `unknown SKU ${sku}`,
} as const;

const contractDollars = positiveDollars(contractPriceMessages.priceInvalid);

export const contractPricesPutSchema = z.object({
  prices: z
    .object({ productId: idSchema, price: contractDollars })
    .array()
    .max(MAX_CONTRACT_PRICES, contractPriceMessages.tooMany)
    .refine((list) => new Set(list.map((p) => p.productId)).size === list.length, contractPriceMessages.duplicate),
});
export type ContractPricesPut = z.input<typeof contractPricesPutSchema>;

/** One contract price as the admin page shows it: the product's SKU, name and list price beside it. */
export const contractPriceSchema = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  listPrice: z.number(),
  price: z.number(),
  updatedAt: z.string(),
});
export type ContractPrice = z.infer<typeof contractPriceSchema>;
export const contractPricesSchema = z.object({ prices: contractPriceSchema.array() });
export type ContractPrices = z.infer<typeof contractPricesSchema>;
