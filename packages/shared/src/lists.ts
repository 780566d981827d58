// Requisition lists (B2B §16, issue #53): the parts a buyer reorders for each site or project, saved privately or
// shared with the company. The calls' bodies and answers and the messages people see, shared by the API
// (modules/lists) and the storefront's list screens.
import './zod-setup.js';
import { z } from 'zod';
import { MAX_NAME_LENGTH, MAX_QUANTITY, SINGLE_LINE_PATTERN } from './constants.js';
import { idSchema } from './id.js';
import { cartLineSchema, cartRejectedSchema, lineQuantitySchema } from './ordering.js';
import { MAX_NOTE_LENGTH, orderingMessages } from './ordering-rules.js';

export const MAX_LIST_NAME_LENGTH = 100;
/** A person keeps at most this many private lists, a company this many shared ones (B2B §16). */
export const MAX_PRIVATE_LISTS = 100;
export const MAX_SHARED_LISTS = 100;
/** A list holds at most this many lines (one per product). */
export const MAX_LIST_LINES = 500;
/** A line's note, like an order's. */
export const MAX_LIST_NOTE_LENGTH = MAX_NOTE_LENGTH;

export const listMessages = {
  notFound: 'List not found',
  nameInvalid: `name must be 1-${MAX_LIST_NAME_LENGTH} characters on one line`,
  sharedInvalid: 'shared must be true or false',
  sharedWithoutCompany: 'shared: true shares a list with your company, and you are in none',
  patchEmpty: 'send name or shared',
  noteInvalid: `note must be at most ${MAX_LIST_NOTE_LENGTH} characters`,
  tooManyPrivate: `You keep at most ${MAX_PRIVATE_LISTS} private lists: delete one first`,
  tooManyShared: `Your company keeps at most ${MAX_SHARED_LISTS} shared lists: delete one first`,
  tooManyLines: `A list holds at most ${MAX_LIST_LINES} lines`,
  /** Adding to a list line whose quantity would pass MAX_QUANTITY. */
  lineTooLarge: `A list line holds at most ${MAX_QUANTITY} of one product`,
  /** A viewer reads the company's shared lists but changes none of them. */
  viewerRefusal: 'Your company role is viewer: you can read its shared lists but not change them',
  /** Deleting a shared list is its creator's or an owner's; renaming or sharing one, too. */
  notCreatorOrOwner: "Only the list's creator or a company owner may do that",
  notOnList: 'is not on this list',
  productNotFound: orderingMessages.productNotFound,
} as const;

const nameSchema = z
  .string({ error: listMessages.nameInvalid })
  .trim()
  .min(1, listMessages.nameInvalid)
  .max(MAX_LIST_NAME_LENGTH, listMessages.nameInvalid)
  .regex(SINGLE_LINE_PATTERN, listMessages.nameInvalid);
const sharedSchema = z.boolean({ error: listMessages.sharedInvalid });

/** `POST /api/lists`: a new, empty list; `shared: true` shares it with the caller's company. */
export const listCreateSchema = z.object({ name: nameSchema, shared: sharedSchema.optional() });
export type ListCreate = z.input<typeof listCreateSchema>;

/** `POST /api/cart/list`: the cart saved as a new list (the cart stays as it is). */
export const saveCartAsListSchema = listCreateSchema;
export type SaveCartAsList = ListCreate;

/** `PATCH /api/lists/{id}`: rename, share or make private (the creator or an owner). */
export const listPatchSchema = z
  .object({ name: nameSchema.optional(), shared: sharedSchema.optional() })
  .refine((body) => body.name !== undefined || body.shared !== undefined, listMessages.patchEmpty);
export type ListPatch = z.input<typeof listPatchSchema>;

const noteSchema = z
  .string({ error: listMessages.noteInvalid })
  .trim()
  .max(MAX_LIST_NOTE_LENGTH, listMessages.noteInvalid)
  .optional()
  .transform((v) => (v ? v : null));

/**
 * A body's bound on `PUT /api/lists/{id}/lines`, so no request makes the shop read thousands of products; a list past
 * MAX_LIST_LINES but within it is the list's limit (409, B2B §16), judged by the service.
 */
export const MAX_LIST_LINES_SENT = MAX_LIST_LINES * 2;

/** `PUT /api/lists/{id}/lines`: the list's whole lines, in this order; every product must exist. */
export const listLinesPutSchema = z.object({
  lines: z
    .array(z.object({ productId: idSchema, quantity: lineQuantitySchema, note: noteSchema }), {
      error: 'lines must be a list',
    })
    .max(MAX_LIST_LINES_SENT, `at most ${MAX_LIST_LINES_SENT} lines in one request`)
    .refine(
      (lines) => new Set(lines.map((l) => l.productId)).size === lines.length,
      orderingMessages.oneLinePerProduct,
    ),
});
export type ListLinesPut = z.input<typeof listLinesPutSchema>;

/**
 * `POST /api/lists/{id}/lines`: lines by SKU, judged as the cart judges them (each on its own, refusals in
 * `rejected`); quantities of a product already on the list add up.
 */
export const listLinesAddSchema = z.object({
  lines: z
    .array(z.object({ sku: z.string().max(MAX_NAME_LENGTH), quantity: z.unknown() }), { error: 'lines must be a list' })
    .min(1, 'send at least one line')
    .max(MAX_LIST_LINES, `at most ${MAX_LIST_LINES} lines`),
});
export type ListLinesAdd = z.input<typeof listLinesAddSchema>;

/** `POST /api/lists/{id}/to-cart`: the whole list, or only these of its products (a long list in parts). */
export const listToCartSchema = z
  .object({
    productIds: idSchema
      .array()
      .min(1, 'productIds must name at least one product')
      .max(MAX_LIST_LINES, `productIds may name at most ${MAX_LIST_LINES} products`)
      .optional(),
  })
  // No body at all arrives as null: the whole list.
  .nullish();
export type ListToCart = z.input<typeof listToCartSchema>;

export const listLineSchema = cartLineSchema.extend({
  /** Kept when the product is deleted (its line then says so in `problem`). */
  productId: idSchema,
  note: z.string().nullable(),
  /** Dollars, priced now for the reader; null when the product is deleted. */
  unitPrice: z.number().nullable(),
  lineTotal: z.number().nullable(),
});
export type ListLine = z.infer<typeof listLineSchema>;

/** A list answer, priced now for the reader (contract prices included); `total` counts the lines without a problem. */
export const listSchema = z.object({
  _id: idSchema,
  name: z.string(),
  shared: z.boolean(),
  /** The company it is shared with; null for a private list. */
  companyId: z.string().nullable(),
  /** The creator's user id. */
  createdBy: z.string(),
  lines: listLineSchema.array(),
  total: z.number(),
  updatedAt: z.string(),
});
export type List = z.infer<typeof listSchema>;

/** The list after lines were added by SKU, with those that could not be (the cart's refusals: unknown SKU...). */
export const listWithRejectedSchema = listSchema.extend({ rejected: cartRejectedSchema.array() });
export type ListWithRejected = z.infer<typeof listWithRejectedSchema>;

/**
 * `GET /api/lists`: the caller's lists and the company's shared ones, without their lines (the list page reads those);
 * `total` is the list's own, priced now for the reader as `GET /api/lists/{id}` prices it.
 */
export const listSummarySchema = listSchema.omit({ lines: true }).extend({ lineCount: z.number().int() });
export type ListSummary = z.infer<typeof listSummarySchema>;
export const listSummariesSchema = listSummarySchema.array();
