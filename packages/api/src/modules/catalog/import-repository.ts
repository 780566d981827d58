// SQL of the CSV import's staging rows (migration 013) and of the few set-based statements that apply them to the
// products table in one short transaction (docs/reliability.md, #24).
import { sql, type Insertable } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import type { ProductImportRowsTable } from '../../infra/db/schema.js';
import type { ProductRow } from './repository.js';

export type StagedRow = Insertable<ProductImportRowsTable>;

export async function stageRows(db: Db, rows: StagedRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('product_import_rows').values(rows).execute();
}

export async function dropStagedRows(db: Db, importId: string): Promise<void> {
  await db.deleteFrom('product_import_rows').where('import_id', '=', importId).execute();
}

/** Rows of imports that never finished (the process stopped mid-way): import ids are time-ordered, like every id. */
export async function dropStagedRowsBefore(db: Db, importIdBound: string): Promise<void> {
  await db.deleteFrom('product_import_rows').where('import_id', '<', importIdBound).execute();
}

/** Columns an import sets; a change of name or description also re-indexes the text search (its triggers). */
const TERMS = sql.raw(
  ['price_cents', 'img', 'min_quantity', 'available_quantity', 'category', 'pack_size', 'max_quantity', 'price_breaks']
    .map((c) => `${c} = s.${c}`)
    .join(', '),
);
/** The terms other than the stock: indexed columns among them, so a stock-only change is a statement of its own. */
const OTHER_TERM_DIFFERS = sql.raw(
  ['price_cents', 'img', 'min_quantity', 'category', 'pack_size', 'max_quantity', 'price_breaks']
    .map((c) => `products.${c} IS DISTINCT FROM s.${c}`)
    .join(' OR '),
);
const TEXT_DIFFERS = sql`(products.name <> s.name OR products.description <> s.description)`;

/**
 * Applies one import's staged rows, in the caller's transaction: new SKUs are inserted (a SKU another import created
 * meanwhile is left to the updates), then every product whose row differs from the file is set to it, the stock
 * included: set to the file's figure as this transaction finds the row, so a concurrent import of the same file finds
 * nothing left to change and no stock is created twice. Answers how many rows each step changed.
 */
export async function applyStagedRows(
  trx: Db,
  importId: string,
  updatedAt: string,
  { lockFirst }: { lockFirst: boolean },
): Promise<{ created: number; updated: number }> {
  const inserted = await sql`
    INSERT INTO products (id, name, price_cents, img, min_quantity, available_quantity, description, created_at, sku,
      category, pack_size, max_quantity, price_breaks, updated_at)
    SELECT s.id, s.name, s.price_cents, s.img, s.min_quantity, s.available_quantity, s.description, s.created_at, s.sku,
      s.category, s.pack_size, s.max_quantity, s.price_breaks, s.created_at
    FROM product_import_rows s
    WHERE s.import_id = ${importId} AND NOT EXISTS (SELECT 1 FROM products p WHERE p.sku = s.sku)
    ORDER BY s.id
    ON CONFLICT DO NOTHING`.execute(trx);
  // PostgreSQL: the rows are locked in id order first, the order the order write takes them in, so an import and
  // an order of several lines never wait for each other in a circle.
  if (lockFirst) {
    await sql`SELECT p.id FROM products p JOIN product_import_rows s ON s.sku = p.sku
      WHERE s.import_id = ${importId} ORDER BY p.id FOR UPDATE OF p`.execute(trx);
  }
  const texts = await sql`
    UPDATE products SET name = s.name, description = s.description, ${TERMS}, updated_at = ${updatedAt}
    FROM product_import_rows s
    WHERE s.import_id = ${importId} AND s.sku = products.sku AND ${TEXT_DIFFERS}`.execute(trx);
  const terms = await sql`
    UPDATE products SET ${TERMS}, updated_at = ${updatedAt}
    FROM product_import_rows s
    WHERE s.import_id = ${importId} AND s.sku = products.sku AND (${OTHER_TERM_DIFFERS})`.execute(trx);
  const stock = await sql`
    UPDATE products SET available_quantity = s.available_quantity, updated_at = ${updatedAt}
    FROM product_import_rows s
    WHERE s.import_id = ${importId} AND s.sku = products.sku AND products.available_quantity <> s.available_quantity`.execute(
    trx,
  );
  const count = (result: { numAffectedRows?: bigint }) => Number(result.numAffectedRows ?? 0);
  return { created: count(inserted), updated: count(texts) + count(terms) + count(stock) };
}

/** The products this import inserted (their ids are the staged rows' own), in id order. */
export function importedProducts(trx: Db, importId: string): Promise<ProductRow[]> {
  return trx
    .selectFrom('products')
    .selectAll()
    .where('id', 'in', trx.selectFrom('product_import_rows').select('id').where('import_id', '=', importId))
    .orderBy('id')
    .execute();
}

/** The existing products this import changed: named by a staged SKU and stamped with the import's update time. */
export function reimportedProducts(trx: Db, importId: string, updatedAt: string): Promise<ProductRow[]> {
  const staged = trx.selectFrom('product_import_rows').where('import_id', '=', importId);
  return trx
    .selectFrom('products')
    .selectAll()
    .where('sku', 'in', staged.select('sku'))
    .where('updated_at', '=', updatedAt)
    .where('id', 'not in', staged.select('id'))
    .orderBy('id')
    .execute();
}
