// The one query behind GET /metrics' shop figures (shop-figures.ts caches it): a bounded read, off the event loop on
// SQLite (infra/db/bounded-read.ts).
import { sql } from 'kysely';
import { z } from 'zod';
import type { OpenDatabase } from '../db/create-db.js';
import { boundedRead } from '../db/bounded-read.js';

export interface ShopFigures {
  ordersByStatus: Map<string, number>;
  mailQueued: number;
  webhooksQueued: number;
}

/** Past this the read is stopped and the previous figures stay. */
const READ_BUDGET_MS = 5_000;

const rowsSchema = z.array(z.object({ kind: z.string(), key: z.string(), n: z.coerce.number() }));

export async function readFigures(database: OpenDatabase): Promise<ShopFigures> {
  // One round trip: orders grouped by status (the index orders_status_expires_at covers it), then the two outboxes'
  // queued rows (each by its (status, next_attempt_at) index).
  const query = sql`
    SELECT 'order' AS kind, status AS key, count(*) AS n FROM orders GROUP BY status
    UNION ALL SELECT 'mail' AS kind, 'queued' AS key, count(*) AS n FROM mail_outbox WHERE status = 'queued'
    UNION ALL SELECT 'webhook' AS kind, 'queued' AS key, count(*) AS n FROM webhook_messages WHERE status = 'queued'
  `.compile(database.db);
  const rows = rowsSchema.parse(await boundedRead(database, query, READ_BUDGET_MS));
  const figures: ShopFigures = { ordersByStatus: new Map(), mailQueued: 0, webhooksQueued: 0 };
  for (const row of rows) {
    if (row.kind === 'order') figures.ordersByStatus.set(row.key, row.n);
    else if (row.kind === 'mail') figures.mailQueued = row.n;
    else figures.webhooksQueued = row.n;
  }
  return figures;
}
