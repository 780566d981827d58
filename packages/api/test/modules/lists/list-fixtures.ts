// The requisition list tests' world (B2B §16): issue #25's company world (an owner, two buyers, a viewer, an outsider
// in no company, the admin, a $10 CPU with 100,000 in stock) with a contract price of $8 on the CPU for the company,
// a part sold in packs (minimum 100, packs of 10, at most 500 an order, 1,000 in stock, $20, $18.50 from 200) and a
// $5 part with 5 in stock.
import type { List } from '@kestrel/shared';
import { expect } from 'vitest';
import { GEAR, createCompanyWorld, type CompanyWorld } from '../orders/company-ordering/fixtures.js';
import type { DatabaseKind } from '../../helpers/databases.js';
import { addProduct, call, type SignedIn } from '../../helpers/test-app.js';

export interface ListWorld extends CompanyWorld {
  gear: string;
  scarce: string;
}

export async function createListWorld(kind: DatabaseKind): Promise<ListWorld> {
  const w = await createCompanyWorld(kind, { paymentTerms: 'card', creditLimitCents: null });
  const gear = await addProduct(w.t.app, w.admin, GEAR);
  const scarce = await addProduct(w.t.app, w.admin, {
    name: 'Scarce',
    sku: 'KC-SCARCE-1',
    price: 5,
    quantity: 1,
    availableQuantity: 5,
  });
  const prices = await call(w.t.app, 'PUT', `/api/admin/companies/${w.companyId}/prices`, w.admin, {
    prices: [{ productId: w.cpu, price: 8 }],
  });
  expect(prices.statusCode, prices.body).toBe(200);
  return { ...w, gear, scarce };
}

/** Creates a list as `who`; answers it. */
export async function createList(w: ListWorld, who: SignedIn, name: string, shared = false): Promise<List> {
  const res = await call(w.t.app, 'POST', '/api/lists', who, { name, shared });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Replaces the list's lines as `who`; answers the list. */
export async function putLines(
  w: ListWorld,
  who: SignedIn,
  listId: string,
  lines: Array<{ productId: string; quantity: number; note?: string }>,
): Promise<List> {
  const res = await call(w.t.app, 'PUT', `/api/lists/${listId}/lines`, who, { lines });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The stored list and its lines, to show that a refused call changed nothing. */
export async function storedList(w: ListWorld, listId: string) {
  const list = await w.t.app.db.selectFrom('requisition_lists').selectAll().where('id', '=', listId).executeTakeFirst();
  const lines = await w.t.app.db
    .selectFrom('requisition_list_lines')
    .select(['product_id', 'quantity', 'note', 'position'])
    .where('list_id', '=', listId)
    .orderBy('position')
    .execute();
  return { list, lines };
}
