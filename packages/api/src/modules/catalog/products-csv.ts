// The admin's CSV of the catalogue (B2B §1): an export that an import of the same file leaves unchanged, and an
// import that creates or updates by SKU, all rows or none, naming every bad row by its line in the file.
import { recordAudit, type AuditContext } from '../audit/index.js';
import { messages, PRODUCTS_CSV_HEADER, type CsvImportPreview } from '@kestrel/shared';
import type { OpenDatabase } from '../../infra/db/create-db.js';
import { newId } from '../../infra/db/ids.js';
import { csvMoney as money, csvText } from '../../infra/csv.js';
import { dollarsToCents } from '../../infra/money.js';
import { yieldToIo } from '../../infra/yield-to-io.js';
import { invalid, readImportFile, type ImportedProduct, type ParsedRow } from './csv-import-rows.js';
import * as staging from './import-repository.js';
import { newProductRow, parsePriceBreaks, storePriceBreaks, toProduct } from './product-row.js';
import * as repo from './repository.js';
import type { CatalogService, CatalogWebhooks } from './service.js';
import type { Db } from '../../infra/db/create-db.js';

type Column = (typeof PRODUCTS_CSV_HEADER)[number];
type CsvRecord = Record<Column, string>;

function csvLine(row: repo.ProductRow): string {
  const record: CsvRecord = {
    sku: row.sku,
    name: row.name,
    category: row.category,
    price: money(row.price_cents),
    quantity: String(row.min_quantity),
    packSize: String(row.pack_size),
    maxQuantity: row.max_quantity === null ? '' : String(row.max_quantity),
    availableQuantity: String(row.available_quantity),
    priceBreaks: parsePriceBreaks(row.price_breaks)
      .map((b) => `${b.minQuantity}:${money(b.priceCents)}`)
      .join('|'),
    description: row.description,
    img: row.img,
  };
  return PRODUCTS_CSV_HEADER.map((column) => csvText(record[column])).join(',');
}

/** The whole catalogue as CSV text, read a page of rows at a time. */
export async function* exportProductsCsv(database: OpenDatabase): AsyncGenerator<string> {
  yield `${PRODUCTS_CSV_HEADER.join(',')}\r\n`;
  let after = '';
  for (;;) {
    const rows = await repo.productsAfter(database.db, after, 500);
    if (rows.length === 0) return;
    yield rows.map((row) => `${csvLine(row)}\r\n`).join('');
    after = rows[rows.length - 1]?.id ?? after;
  }
}

/** SKUs looked up per query: far below SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
const LOOKUP_CHUNK = 1_000;
/** Staged rows per insert (14 columns each). */
const STAGE_CHUNK = 500;
/** An import's staged rows left by a process that stopped mid-way are dropped by the next import after this long. */
const STALE_IMPORT_MS = 60 * 60 * 1000;

/** The columns of an existing product an imported row would change. */
function changedFields(row: repo.ProductRow, p: ImportedProduct): string[] {
  const fields: string[] = [];
  const same = (field: string, equal: boolean) => void (equal || fields.push(field));
  same('name', row.name === p.name);
  same('category', row.category === p.category);
  same('price', row.price_cents === dollarsToCents(p.price));
  same('quantity', row.min_quantity === p.quantity);
  same('packSize', row.pack_size === p.packSize);
  same('maxQuantity', row.max_quantity === p.maxQuantity);
  same('availableQuantity', row.available_quantity === p.availableQuantity);
  same('priceBreaks', row.price_breaks === storePriceBreaks(p.priceBreaks ?? []));
  same('description', row.description === p.description);
  same('img', row.img === p.img);
  return fields;
}

/** The products the file names, read a chunk of SKUs at a time. */
async function existingProducts(database: OpenDatabase, rows: ParsedRow[]): Promise<Map<string, repo.ProductRow>> {
  const found = new Map<string, repo.ProductRow>();
  for (let at = 0; at < rows.length; at += LOOKUP_CHUNK) {
    const skus = rows.slice(at, at + LOOKUP_CHUNK).map((r) => r.product.sku);
    for (const row of await repo.findProductsBySkus(database.db, skus)) found.set(row.sku, row);
    await yieldToIo();
  }
  return found;
}

export interface ProductsCsvDeps {
  database: OpenDatabase;
  catalog: Pick<CatalogService, 'writing'>;
  /** product.created / product.updated events for what the import changed (B2B §9), written in its transaction. */
  webhooks?: CatalogWebhooks;
  now?: () => number;
}

/**
 * Records the import's product events in its transaction: one per product created or changed, for the endpoints
 * subscribed to each. Answers whether any was written (the delivery run is then woken after the commit).
 */
async function recordImportEvents(
  trx: Db,
  webhooks: CatalogWebhooks,
  importId: string,
  updatedAt: string,
): Promise<boolean> {
  let recorded = false;
  for (const type of ['product.created', 'product.updated'] as const) {
    const endpointIds = await webhooks.subscribers(type, trx);
    if (endpointIds.length === 0) continue;
    const rows =
      type === 'product.created'
        ? await staging.importedProducts(trx, importId)
        : await staging.reimportedProducts(trx, importId, updatedAt);
    for (const row of rows) await webhooks.insert(trx, webhooks.event(type, toProduct(row), endpointIds));
    recorded ||= rows.length > 0;
  }
  return recorded;
}

/**
 * Checks the file (every row, with the API's rules), then unless dryRun applies it: the rows that create or change a
 * product are staged in short slices, then applied by a few statements in one short transaction (all rows or none).
 */
export async function importProductsCsv(
  { database, catalog, webhooks, now = Date.now }: ProductsCsvDeps,
  text: string,
  { dryRun, audit }: { dryRun: boolean; audit: AuditContext | null },
): Promise<CsvImportPreview> {
  const { rows, problems } = await readImportFile(text);
  const existing = await existingProducts(database, rows);
  const preview: CsvImportPreview = { created: 0, updated: 0, unchanged: 0, changes: [] };
  const changed: ParsedRow[] = [];
  for (const parsed of rows) {
    const { line, product } = parsed;
    const row = existing.get(product.sku);
    // A minimum above the stock stands only where the row leaves an existing product's minimum and stock as they are.
    if (
      parsed.minAboveStock &&
      (!row || row.min_quantity !== product.quantity || row.available_quantity !== product.availableQuantity)
    ) {
      problems.add(line, messages.product.minAboveStock);
      continue;
    }
    const fields = row ? changedFields(row, product) : [];
    if (!row) preview.created++;
    else if (fields.length > 0) preview.updated++;
    else preview.unchanged++;
    if (!row || fields.length > 0) {
      preview.changes.push({ line, sku: product.sku, action: row ? 'update' : 'create', fields });
      changed.push(parsed);
    }
  }
  if (problems.count > 0) throw problems.error();
  if (rows.length === 0)
    throw invalid('The file has no product rows', [{ line: 1, message: 'no rows after the header' }]);
  if (dryRun || changed.length === 0) return preview;

  const at = now();
  const importId = newId(at);
  await staging.dropStagedRowsBefore(database.db, newId(at - STALE_IMPORT_MS));
  try {
    for (let from = 0; from < changed.length; from += STAGE_CHUNK) {
      const slice = changed.slice(from, from + STAGE_CHUNK).map(({ product }, k) => {
        const { updated_at: _updated, ...row } = newProductRow(product, at + from + k);
        return { ...row, import_id: importId };
      });
      await staging.stageRows(database.db, slice);
      await yieldToIo();
    }
    const updatedAt = new Date(at).toISOString();
    let evented = false;
    const applied = await catalog.writing(() =>
      database.db.transaction().execute(async (trx) => {
        const counts = await staging.applyStagedRows(trx, importId, updatedAt, { lockFirst: database.pg !== null });
        if (webhooks) evented = await recordImportEvents(trx, webhooks, importId, updatedAt);
        // One entry for the whole file: a table-wide change (targetId null, B2B §15).
        await recordAudit(trx, audit, {
          action: 'product.imported',
          targetType: 'product',
          targetId: null,
          summary: `Imported the catalogue CSV: ${counts.created} created, ${counts.updated} updated`,
          changes: null,
        });
        return counts;
      }),
    );
    if (evented) webhooks?.wake();
    return { ...preview, ...applied };
  } finally {
    await staging.dropStagedRows(database.db, importId);
  }
}
