// The admin's product form (B2B §1): what its fields hold (text, as inputs give it), how they are checked (with the
// shared contract's own field schemas and product rules, so the form says what the server would), and which fields
// changed, since the edit sends only those.
import { z } from 'zod';
import {
  MAX_PRICE_BREAKS,
  catalogMessages,
  categorySchema,
  maxQuantitySchema,
  messages,
  packSizeSchema,
  priceBreaksInputSchema,
  productPatchSchema,
  productTermsProblem,
  skuSchema,
  type Product,
  type ProductPatch,
} from '@kestrel/shared';

export interface PriceBreakRow {
  minQuantity: string;
  price: string;
}

export interface ProductEditValues {
  name: string;
  description: string;
  price: string;
  img: string;
  quantity: string;
  packSize: string;
  /** '' = no maximum. */
  maxQuantity: string;
  category: string;
  sku: string;
  priceBreaks: PriceBreakRow[];
  /** Units to add (or, negative, remove); '' or 0 leaves the stock alone. */
  stockAdjustment: string;
}

export function toEditValues(product: Product): ProductEditValues {
  return {
    name: product.name,
    description: product.description,
    price: product.price.toFixed(2),
    img: product.img,
    quantity: String(product.quantity),
    packSize: String(product.packSize),
    maxQuantity: product.maxQuantity === null ? '' : String(product.maxQuantity),
    category: product.category,
    sku: product.sku,
    priceBreaks: product.priceBreaks.map((step) => ({
      minQuantity: String(step.minQuantity),
      price: step.price.toFixed(2),
    })),
    stockAdjustment: '',
  };
}

const patch = productPatchSchema.shape;
const breakRow = priceBreaksInputSchema.element.shape;

/** A number typed into a text box, checked by a schema of the contract; empty says `required`. */
function numberField<T>(schema: z.ZodType<T, number>, required: string) {
  return z.string().trim().min(1, required).transform(Number).pipe(schema);
}

/** The form's checks; `stock` is the stock the admin sees, so an adjustment below it is refused before sending. */
export function productEditSchema(stock: number) {
  return z
    .object({
      name: patch.name.unwrap(),
      description: patch.description.unwrap(),
      price: numberField(patch.price.unwrap(), messages.product.priceRequired),
      img: patch.img.unwrap().pipe(z.string().min(1, 'img is Required')),
      quantity: numberField(patch.quantity.unwrap(), messages.product.quantityInvalid),
      packSize: numberField(packSizeSchema, 'packSize is Required'),
      maxQuantity: z
        .string()
        .trim()
        .transform((v) => (v === '' ? null : Number(v)))
        .pipe(maxQuantitySchema),
      category: categorySchema,
      sku: skuSchema,
      priceBreaks: z
        .object({
          minQuantity: numberField(breakRow.minQuantity, 'quantity is Required'),
          price: numberField(breakRow.price, messages.product.priceRequired),
        })
        .array()
        .max(MAX_PRICE_BREAKS, catalogMessages.tooManyBreaks),
      stockAdjustment: z
        .string()
        .trim()
        .transform((v) => (v === '' ? 0 : Number(v)))
        .pipe(patch.stockAdjustment.unwrap())
        .refine((v) => stock + v >= 0, `The stock is ${stock}: at most ${stock} can be removed`),
    })
    .superRefine(
      (p, ctx) => {
        const problem = productTermsProblem(p);
        if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.path] });
      },
      // The rules across fields mean something only once every field is itself valid.
      { when: (payload) => payload.issues.length === 0 },
    );
}

export type ProductEdit = z.output<ReturnType<typeof productEditSchema>>;

/** Only what differs from the product as loaded (the stock adjustment when it is not 0). */
export function changedFields(product: Product, edit: ProductEdit): ProductPatch {
  const changes: ProductPatch = {};
  if (edit.name !== product.name) changes.name = edit.name;
  if (edit.description !== product.description) changes.description = edit.description;
  if (edit.price !== product.price) changes.price = edit.price;
  if (edit.img !== product.img) changes.img = edit.img;
  if (edit.quantity !== product.quantity) changes.quantity = edit.quantity;
  if (edit.packSize !== product.packSize) changes.packSize = edit.packSize;
  if (edit.maxQuantity !== product.maxQuantity) changes.maxQuantity = edit.maxQuantity;
  if (edit.category !== product.category) changes.category = edit.category;
  if (edit.sku !== product.sku) changes.sku = edit.sku;
  const sameBreaks =
    edit.priceBreaks.length === product.priceBreaks.length &&
    edit.priceBreaks.every(
      (step, i) =>
        step.minQuantity === product.priceBreaks[i]?.minQuantity && step.price === product.priceBreaks[i]?.price,
    );
  if (!sameBreaks) changes.priceBreaks = edit.priceBreaks;
  if (edit.stockAdjustment !== 0) changes.stockAdjustment = edit.stockAdjustment;
  return changes;
}
