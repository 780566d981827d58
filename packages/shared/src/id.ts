// Record ids, apart so that every schema file can import them without a cycle.
import './zod-setup.js';
import { z } from 'zod';

/** `_id` values are opaque 24-character lowercase hex strings (time-ordered, so creation order sorts by id). */
export const ID_PATTERN = /^[0-9a-f]{24}$/;
export const idSchema = z.string().regex(ID_PATTERN, 'must be a 24-character id');
export type Id = z.infer<typeof idSchema>;
