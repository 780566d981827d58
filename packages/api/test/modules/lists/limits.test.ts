// The limits of requisition lists (B2B §16): 100 private lists per person, 100 shared per company; one more answers
// 409, also when two are created at the same moment (run 50 times), and also when a list changes sides.
import type { ListSummary } from '@kestrel/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../../src/infra/db/ids.js';
import { seedBulkProducts } from '../catalog/bulk-products.js';
import { databases } from '../../helpers/databases.js';
import { call, type SignedIn } from '../../helpers/test-app.js';
import { createList, createListWorld, putLines, type ListWorld } from './list-fixtures.js';

/** Writes `count` lists of `who` straight into the table (private, or shared with `companyId`). */
async function seedLists(w: ListWorld, who: SignedIn, count: number, companyId: string | null) {
  const at = new Date().toISOString();
  await w.t.app.db
    .insertInto('requisition_lists')
    .values(
      Array.from({ length: count }, (_, i) => ({
        id: newId(Date.now() - 10_000 + i),
        name: `Seeded ${i}`,
        created_by: who.id,
        company_id: companyId,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}

async function countLists(w: ListWorld, companyId: string | null, createdBy?: string) {
  let query = w.t.app.db.selectFrom('requisition_lists').select('id');
  query = companyId === null ? query.where('company_id', 'is', null) : query.where('company_id', '=', companyId);
  if (createdBy) query = query.where('created_by', '=', createdBy);
  return (await query.execute()).length;
}

describe.each(databases)('requisition list limits (%s)', (kind) => {
  let w: ListWorld;
  beforeEach(async () => {
    w = await createListWorld(kind);
  });
  afterEach(async () => w.t.close());

  it('keeps at most 100 private lists per person and 100 shared per company, each apart', async () => {
    await seedLists(w, w.free, 99, null);
    await createList(w, w.free, 'The hundredth');
    const one = await call(w.t.app, 'POST', '/api/lists', w.free, { name: 'One more' });
    expect(one.statusCode).toBe(409);
    expect(one.json()).toEqual({
      error: { code: 'too_many_lists', message: 'You keep at most 100 private lists: delete one first' },
    });
    // Shared lists are counted for the company, apart from anyone's private ones.
    await seedLists(w, w.limited, 99, w.companyId);
    await createList(w, w.free, 'Shared hundredth', true);
    const shared = await call(w.t.app, 'POST', '/api/lists', w.owner, { name: 'One more', shared: true });
    expect(shared.statusCode).toBe(409);
    expect(shared.json()).toEqual({
      error: { code: 'too_many_lists', message: 'Your company keeps at most 100 shared lists: delete one first' },
    });
    const fromCart = await call(w.t.app, 'PUT', '/api/cart', w.owner, { lines: [{ productId: w.cpu, quantity: 1 }] });
    expect(fromCart.statusCode).toBe(200);
    expect((await call(w.t.app, 'POST', '/api/cart/list', w.owner, { name: 'x', shared: true })).statusCode).toBe(409);
    // The owner still has room for private lists; the free buyer cannot move a shared list to their full private side.
    expect((await call(w.t.app, 'POST', '/api/lists', w.owner, { name: 'Mine' })).statusCode).toBe(201);
    const sharedOfFree = await w.t.app.db
      .selectFrom('requisition_lists')
      .select('id')
      .where('name', '=', 'Shared hundredth')
      .executeTakeFirstOrThrow();
    const unshare = await call(w.t.app, 'PATCH', `/api/lists/${sharedOfFree.id}`, w.free, { shared: false });
    expect(unshare.statusCode).toBe(409);
    expect(await countLists(w, null, w.free.id)).toBe(100);
    expect(await countLists(w, w.companyId)).toBe(100);
  });

  it('lets only one of two lists created at the same moment past the limit (50 runs)', async () => {
    await seedLists(w, w.free, 99, null);
    await seedLists(w, w.owner, 99, w.companyId);
    for (let run = 0; run < 50; run++) {
      const [a, b] = await Promise.all([
        call(w.t.app, 'POST', '/api/lists', w.free, { name: `A ${run}` }),
        call(w.t.app, 'POST', '/api/lists', w.free, { name: `B ${run}` }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      const [c, d] = await Promise.all([
        call(w.t.app, 'POST', '/api/lists', w.limited, { name: `C ${run}`, shared: true }),
        call(w.t.app, 'POST', '/api/lists', w.owner, { name: `D ${run}`, shared: true }),
      ]);
      expect([c.statusCode, d.statusCode].sort()).toEqual([201, 409]);
      expect(await countLists(w, null, w.free.id)).toBe(100);
      expect(await countLists(w, w.companyId)).toBe(100);
      for (const created of [a, b, c, d].filter((r) => r.statusCode === 201)) {
        const id = created.json<{ _id: string }>()._id;
        const owner = created === c || created === d ? w.owner : w.free;
        expect((await call(w.t.app, 'DELETE', `/api/lists/${id}`, owner)).statusCode).toBe(204);
      }
    }
  });

  it("totals 140 full lists on My Lists' read, past one query's parameter limit on either database", async () => {
    // 140 lists of 500 lines: 70,000 lines, more than PostgreSQL's 65,535 parameters in one query (SQLite's 32,766).
    await seedBulkProducts(w.t.app, 500);
    await seedLists(w, w.free, 100, null);
    await seedLists(w, w.owner, 40, w.companyId);
    const products = await w.t.app.db.selectFrom('products').select('id').where('sku', 'like', 'BULK-%').execute();
    const lists = await w.t.app.db.selectFrom('requisition_lists').select('id').execute();
    const rows = lists.flatMap((l) =>
      products.map((p, position) => ({
        list_id: l.id,
        product_id: p.id,
        position,
        sku: 'x',
        name: 'x',
        quantity: 10,
        note: null,
      })),
    );
    for (let at = 0; at < rows.length; at += 1_000) {
      await w.t.app.db
        .insertInto('requisition_list_lines')
        .values(rows.slice(at, at + 1_000))
        .execute();
    }
    const res = await call(w.t.app, 'GET', '/api/lists', w.free);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    // Part i costs $10 + i cents, 10 of each: 10 × (500 × $10 + $1,247.50) = $62,475 a list.
    const summaries = res.json<ListSummary[]>();
    expect(summaries).toHaveLength(140);
    expect(new Set(summaries.map((l) => [l.lineCount, l.total].join()))).toEqual(new Set(['500,62475']));
  });

  it('lets only one of two lines added at the same moment past 500 (50 runs)', async () => {
    await seedBulkProducts(w.t.app, 501);
    const bulk = await w.t.app.db
      .selectFrom('products')
      .select(['id', 'sku'])
      .where('sku', 'like', 'BULK-%')
      .orderBy('sku')
      .execute();
    const list = await createList(w, w.free, 'Almost full', true);
    const kept = bulk.slice(0, 499).map((p) => ({ productId: p.id, quantity: 10 }));
    await putLines(w, w.free, list._id, kept);
    const add = (who: typeof w.free, sku: string | undefined) =>
      call(w.t.app, 'POST', `/api/lists/${list._id}/lines`, who, { lines: [{ sku, quantity: 10 }] });
    for (let run = 0; run < 50; run++) {
      const [a, b] = await Promise.all([add(w.free, bulk[499]?.sku), add(w.limited, bulk[500]?.sku)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const count = await w.t.app.db
        .selectFrom('requisition_list_lines')
        .select('product_id')
        .where('list_id', '=', list._id)
        .execute();
      expect(count).toHaveLength(500);
      await putLines(w, w.free, list._id, kept);
    }
  });
});
