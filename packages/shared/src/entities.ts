// The records the API answers with (docs/product.md §15), as zod schemas so the OpenAPI description and the types come from one place.
import './zod-setup.js';
import { z } from 'zod';
import { orderB2BFieldsSchema } from './ordering.js';
import { roleSchema } from './staff-roles.js';

export { ID_PATTERN, idSchema, type Id } from './id.js';
import { idSchema } from './id.js';

export const priceBreakSchema = z.object({
  /** The smallest quantity this unit price applies to. */
  minQuantity: z.number().int(),
  /** Dollars per unit from that quantity on. */
  price: z.number(),
});
export type PriceBreak = z.infer<typeof priceBreakSchema>;

export const productSchema = z.object({
  _id: idSchema,
  name: z.string(),
  /** Dollars per unit. */
  price: z.number(),
  img: z.string(),
  /** The minimum order quantity. */
  quantity: z.number().int(),
  availableQuantity: z.number().int(),
  description: z.string(),
  /** Unique stock-keeping unit, e.g. KC-CPU-K7 (B2B §1). */
  sku: z.string(),
  category: z.string(),
  /** Orders come in whole packs of this many units. */
  packSize: z.number().int(),
  /** The most one order may take; null: only the stock limits it. */
  maxQuantity: z.number().int().nullable(),
  /** Volume prices, by increasing minQuantity and decreasing price. */
  priceBreaks: priceBreakSchema.array(),
  updatedAt: z.string(),
  /**
   * Only in answers to a member of a company with a contract price for this product (B2B §5): dollars per unit. The
   * unit price charged is the lower of it and the price break that applies (unitPriceCents).
   */
  contractPrice: z.number().optional(),
});
export type Product = z.infer<typeof productSchema>;

export const reviewSchema = z.object({
  _id: idSchema,
  name: z.string(),
  rating: z.number().int(),
  description: z.string(),
  image: z.string().optional(),
});
export type Review = z.infer<typeof reviewSchema>;

export const orderSchema = z
  .object({
    _id: idSchema,
    /** Null once the product itself has been deleted; the order keeps its item name. */
    productId: idSchema.nullable(),
    itemName: z.string(),
    inputQuantity: z.number().int(),
    /** Same as inputQuantity; Manage All Orders shows it under this name. */
    quantity: z.number().int(),
    email: z.string(),
    userName: z.string(),
    phone: z.string(),
    address: z.string(),
    /** The order total in dollars: unit price x quantity, computed by the server. */
    price: z.number(),
    paid: z.boolean(),
    transactionId: z.string().nullable(),
    createdAt: z.string(),
  })
  .extend(orderB2BFieldsSchema.shape);
export type Order = z.infer<typeof orderSchema>;

export const userSchema = z.object({
  _id: idSchema,
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  /** Whether the owner proved the mailbox (confirmation link, reset link or Google); B2B.md §7. */
  emailVerified: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const profileSchema = z.object({
  email: z.string(),
  userName: z.string(),
  phone: z.string(),
  education: z.string(),
  location: z.string(),
  linkedinprofile: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;
