// Paged lists' query fields (`page` from 1, `pageSize` 1-max), one wording for every list that pages: the order
// search (B2B §11) and the quotes (B2B §10).
import './zod-setup.js';
import { z } from 'zod';

const pageMessage = 'page must be a whole number from 1';

export const pageNumberSchema = z.coerce
  .number({ error: pageMessage })
  .int(pageMessage)
  .min(1, pageMessage)
  .max(1_000_000, 'page is too large');

export function pageSizeSchema(max: number) {
  const message = `pageSize must be a whole number from 1 to ${max}`;
  return z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);
}
