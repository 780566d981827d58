// A large catalogue seeded in bulk with SQL (multi-row inserts of 1,000 rows), for the volume tests of #24.
import type { FastifyInstance } from 'fastify';
import { newId } from '../../../src/infra/db/ids.js';

const CHUNK = 1_000;

/** Inserts `count` products with SKUs BULK-000001..., stock 100, min 10, oldest first. */
export async function seedBulkProducts(app: FastifyInstance, count: number, start = Date.now() - count): Promise<void> {
  for (let from = 0; from < count; from += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, count - from) }, (_, k) => {
      const i = from + k;
      const at = new Date(start + i).toISOString();
      return {
        id: newId(start + i),
        name: `Part ${i}`,
        price_cents: 1_000 + (i % 5_000),
        img: '/p.png',
        min_quantity: 10,
        available_quantity: 100,
        description: `Bulk ${i}.`,
        created_at: at,
        sku: `BULK-${String(i).padStart(6, '0')}`,
        category: `Cat ${i % 7}`,
        pack_size: 1,
        max_quantity: i % 3 === 0 ? null : 5_000,
        price_breaks: i % 2 === 0 ? '[{"minQuantity":500,"priceCents":900}]' : '[]',
        updated_at: at,
      };
    });
    await app.database.db.insertInto('products').values(rows).execute();
  }
}
