// Contract prices' reads and writes (B2B §5, company_prices of migration 020). Money in cents.
import type { Transaction } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import type { Database } from '../../infra/db/schema.js';

/** Ids per IN list: well under SQLite's and PostgreSQL's bound on parameters. */
const CHUNK = 500;

export interface PriceRow {
  product_id: string;
  price_cents: number;
}

export async function companyExists(db: Db, companyId: string): Promise<boolean> {
  const row = await db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst();
  return row !== undefined;
}

/** The company's prices with the product each is for (a deleted product's price is not shown: it is never read). */
export function listPrices(db: Db, companyId: string) {
  return db
    .selectFrom('company_prices as cp')
    .innerJoin('products as p', 'p.id', 'cp.product_id')
    .select(['cp.product_id', 'cp.price_cents', 'cp.updated_at', 'p.sku', 'p.name', 'p.price_cents as list_cents'])
    .where('cp.company_id', '=', companyId)
    .orderBy('p.sku')
    .execute();
}

/** Of `ids`, those that are products. */
export async function existingProductIds(db: Db, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let at = 0; at < ids.length; at += CHUNK) {
    const rows = await db
      .selectFrom('products')
      .select('id')
      .where('id', 'in', ids.slice(at, at + CHUNK))
      .execute();
    for (const row of rows) found.add(row.id);
  }
  return found;
}

/** SKU -> product id, for the SKUs that are products. */
export async function productIdsBySku(db: Db, skus: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let at = 0; at < skus.length; at += CHUNK) {
    const rows = await db
      .selectFrom('products')
      .select(['id', 'sku'])
      .where('sku', 'in', skus.slice(at, at + CHUNK))
      .execute();
    for (const row of rows) found.set(row.sku, row.id);
  }
  return found;
}

/** Replaces the company's whole list in one transaction: readers see the old list or the new one, never half. */
export type PriceListRow = Awaited<ReturnType<typeof listPrices>>[number];

/**
 * Replaces the company's list in one transaction; `witness` (the audit trail's entry) runs in it last, with the list
 * as it was before.
 */
export async function replacePrices(
  db: Db,
  companyId: string,
  prices: PriceRow[],
  at: string,
  witness?: (trx: Transaction<Database>, before: PriceListRow[]) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = witness ? await listPrices(trx, companyId) : [];
    await trx.deleteFrom('company_prices').where('company_id', '=', companyId).execute();
    for (let i = 0; i < prices.length; i += CHUNK / 4) {
      await trx
        .insertInto('company_prices')
        .values(prices.slice(i, i + CHUNK / 4).map((p) => ({ company_id: companyId, ...p, updated_at: at })))
        .execute();
    }
    await witness?.(trx, before);
  });
}

/** The company of `userId` and its prices (every one, or those of `productIds`); undefined: in no company. */
export async function pricesOfMember(
  db: Db,
  userId: string,
  productIds?: string[],
): Promise<{ companyId: string; prices: PriceRow[]; stamp: string } | undefined> {
  const member = await db
    .selectFrom('company_members')
    .select('company_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!member) return undefined;
  let query = db
    .selectFrom('company_prices')
    .select(['product_id', 'price_cents', 'updated_at'])
    .where('company_id', '=', member.company_id);
  if (productIds) query = query.where('product_id', 'in', productIds);
  const rows = await query.execute();
  // What the list of this company was built from: a PUT rewrites every updated_at and may change the count.
  let latest = '';
  let sum = 0;
  for (const row of rows) {
    if (row.updated_at > latest) latest = row.updated_at;
    sum += row.price_cents;
  }
  return {
    companyId: member.company_id,
    prices: rows.map((r) => ({ product_id: r.product_id, price_cents: r.price_cents })),
    stamp: `${rows.length}:${latest}:${sum}`,
  };
}

/** The order write's one read: the buyer's contract prices of these products (none for a user in no company). */
export function memberPricesFor(db: Db, userId: string, productIds: string[]): Promise<PriceRow[]> {
  return db
    .selectFrom('company_members as m')
    .innerJoin('company_prices as cp', 'cp.company_id', 'm.company_id')
    .select(['cp.product_id', 'cp.price_cents'])
    .where('m.user_id', '=', userId)
    .where('cp.product_id', 'in', productIds)
    .execute();
}
