// The "Return items" form (B2B §14): every returnable line with a quantity (0 leaves it out) and a reason, and a note.
// The request's rules are the shared schema's; this adds only what the dialog knows, each line's most.
import { z } from 'zod';
import { returnRequestSchema, type ReturnRequest } from '@kestrel/shared';
import type { ReturnableLine } from './returnable';

const requestLine = returnRequestSchema.shape.lines.element;
const noLineMessage = returnRequestSchema.shape.lines.safeParse([]).error?.issues[0]?.message ?? 'choose a line';

export interface ReturnFormValues {
  lines: { productId: string; quantity: number; reason: string }[];
  note: string;
}

export function returnFormSchema(lines: readonly ReturnableLine[]) {
  return z
    .object({
      lines: z.array(
        z.object({
          productId: z.string(),
          quantity: z.number({ error: 'quantity must be a whole number' }),
          reason: z.string(),
        }),
      ),
      note: returnRequestSchema.shape.note,
    })
    .superRefine((values, ctx) => {
      values.lines.forEach((line, index) => {
        const max = lines[index]?.max ?? 0;
        if (line.quantity === 0) return;
        if (!Number.isInteger(line.quantity) || line.quantity < 0) {
          ctx.addIssue({
            code: 'custom',
            path: ['lines', index, 'quantity'],
            message: 'quantity must be a whole number',
          });
        } else if (line.quantity > max) {
          ctx.addIssue({
            code: 'custom',
            path: ['lines', index, 'quantity'],
            message: `at most ${max} can be returned`,
          });
        }
        const reason = requestLine.shape.reason.safeParse(line.reason);
        if (!reason.success) {
          ctx.addIssue({
            code: 'custom',
            path: ['lines', index, 'reason'],
            message: reason.error.issues[0]?.message ?? '',
          });
        }
      });
      if (!values.lines.some((line) => line.quantity > 0)) {
        ctx.addIssue({ code: 'custom', path: ['lines', 'root'], message: noLineMessage });
      }
    });
}

/** The request the form's values make: only the lines with units chosen. */
export function toReturnRequest(values: { lines: ReturnFormValues['lines']; note?: string }): ReturnRequest {
  return {
    lines: values.lines
      .filter((line) => line.quantity > 0)
      .map((line) => ({ productId: line.productId, quantity: line.quantity, reason: line.reason.trim() })),
    ...(values.note ? { note: values.note } : {}),
  };
}
