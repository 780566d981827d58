// The admin's CSV of the catalogue (B2B §1): an export that an import of the same file leaves unchanged, and an
// import that creates or updates by SKU, all rows or none, naming every bad row by its line in the file.
import {
  catalogMessages,
  categorySchema,
  MAX_QUANTITY,
  packSizeSchema,
  PRODUCTS_CSV_HEADER,
  productTermsProblem,
  SINGLE_LINE_PATTERN,
  singleLineMessage,
  skuSchema,
  type CsvImportPreview,
  type PriceBreak,
} from '@kestrel/shared';
import { parse } from 'csv-parse/sync';
import type { OpenDatabase } from '../../infra/db/create-db.js';
import { isUniqueViolation } from '../../infra/db/unique-violation.js';
import { AppError } from '../../infra/errors.js';
import { csvMoney as money, csvText, csvTextValue } from '../../infra/csv.js';
import { dollarsToCents } from '../../infra/money.js';
import { newProductRow, parsePriceBreaks, storePriceBreaks, type NewProduct } from './product-row.js';
import * as repo from './repository.js';
import type { CatalogService } from './service.js';

type Column = (typeof PRODUCTS_CSV_HEADER)[number];
type CsvRecord = Record<Column, string>;
/** A row's field by column name, wherever the file put that column. */
type Field = (column: Column) => string;

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

interface ParsedRow {
  line: number;
  product: NewProduct & { sku: string; category: string; packSize: number; maxQuantity: number | null };
}

class RowProblem extends Error {}

function wholeNumber(
  value: string,
  column: string,
  { min, allowEmpty = false }: { min: number; allowEmpty?: boolean },
) {
  if (allowEmpty && value.trim() === '') return null;
  const n = Number(value.trim());
  if (value.trim() === '' || !Number.isInteger(n) || n < min || n > MAX_QUANTITY) {
    throw new RowProblem(`${column} must be a whole number from ${min}${allowEmpty ? ', or empty' : ''}`);
  }
  return n;
}

function dollars(value: string, column: string): number {
  const text = value.trim();
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text) || Number(text) <= 0) {
    throw new RowProblem(`${column} must be an amount like 12.50`);
  }
  return Number(text);
}

function priceBreaks(value: string): PriceBreak[] {
  if (value.trim() === '') return [];
  return value.split('|').map((step) => {
    const match = /^\s*(\d+)\s*:\s*(\S+)\s*$/.exec(step);
    if (!match?.[1] || !match[2]) throw new RowProblem('priceBreaks must look like 500:85.00|1000:80.00');
    return { minQuantity: Number(match[1]), price: dollars(match[2], 'a price break') };
  });
}

function required(value: string, column: string, max: number): string {
  const text = value.trim();
  if (text === '' || text.length > max) throw new RowProblem(`${column} is required (at most ${max} characters)`);
  return text;
}

/** A quoted CSV field may hold line breaks; a product's name may not (it goes into mail and invoices). */
function singleLine(text: string, column: string): string {
  if (!SINGLE_LINE_PATTERN.test(text)) throw new RowProblem(singleLineMessage(column));
  return text;
}

function parseRow(field: Field): ParsedRow['product'] {
  const sku = skuSchema.safeParse(field('sku'));
  if (!sku.success) throw new RowProblem(catalogMessages.skuInvalid);
  const category = categorySchema.safeParse(field('category'));
  if (!category.success) throw new RowProblem(catalogMessages.categoryInvalid);
  const packSize = packSizeSchema.safeParse(Number(field('packSize').trim() || '1'));
  if (!packSize.success) throw new RowProblem(catalogMessages.packSizeInvalid);
  const product = {
    sku: sku.data,
    name: singleLine(required(field('name'), 'name', 120), 'name'),
    category: category.data,
    price: dollars(field('price'), 'price'),
    quantity: wholeNumber(field('quantity'), 'quantity', { min: 1 }) ?? 1,
    packSize: packSize.data,
    maxQuantity: wholeNumber(field('maxQuantity'), 'maxQuantity', { min: 1, allowEmpty: true }),
    availableQuantity: wholeNumber(field('availableQuantity'), 'availableQuantity', { min: 0 }) ?? 0,
    priceBreaks: priceBreaks(field('priceBreaks')),
    description: required(field('description'), 'description', 2000),
    img: required(field('img'), 'img', 2048),
  };
  const problem = productTermsProblem(product);
  if (problem) throw new RowProblem(problem.message);
  return product;
}

const invalid = (message: string, rows: Array<{ line: number; message: string }>) =>
  new AppError(400, 'invalid_csv', message, { rows });

/** Parses and checks the whole file; throws 400 naming every bad row, so nothing is applied from a bad file. */
interface LocatedRecord {
  record: string[];
  /** `lines`: the line of the file the record ends on (csv-parse's `info` option; its types do not model it). */
  info: { lines: number };
}

function isLocatedRecord(value: unknown): value is LocatedRecord {
  return (
    typeof value === 'object' &&
    value !== null &&
    'record' in value &&
    Array.isArray(value.record) &&
    value.record.every((field) => typeof field === 'string') &&
    'info' in value &&
    typeof value.info === 'object' &&
    value.info !== null &&
    'lines' in value.info &&
    typeof value.info.lines === 'number'
  );
}

function parseFile(text: string): ParsedRow[] {
  let records: LocatedRecord[];
  try {
    // One kind of line break, so a file that mixes \r\n and \n still counts its lines as an editor does.
    const lines = text.replace(/\r\n?/g, '\n');
    const parsed: unknown[] = parse(lines, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true });
    records = parsed.filter(isLocatedRecord);
  } catch (error) {
    const line = error instanceof Error && 'lines' in error && typeof error.lines === 'number' ? error.lines : 1;
    throw invalid('The file is not valid CSV', [{ line, message: error instanceof Error ? error.message : 'not CSV' }]);
  }
  const [header, ...body] = records;
  const columns = header?.record.map((c) => c.trim()) ?? [];
  const missing = PRODUCTS_CSV_HEADER.filter((c) => !columns.includes(c));
  const unknown = columns.filter((c) => !PRODUCTS_CSV_HEADER.some((known) => known === c));
  if (missing.length > 0 || unknown.length > 0 || new Set(columns).size !== columns.length) {
    const message = `The header must name the columns ${PRODUCTS_CSV_HEADER.join(',')}`;
    throw invalid(message, [{ line: 1, message }]);
  }
  const problems: Array<{ line: number; message: string }> = [];
  const rows: ParsedRow[] = [];
  const lineOfSku = new Map<string, number>();
  for (const { record, info } of body) {
    // info.lines is the line the record ends on; a quoted field may span lines, so count from its end.
    const line = info.lines - (record.join('').split('\n').length - 1);
    if (record.length !== columns.length) {
      problems.push({ line, message: `expected ${columns.length} fields, found ${record.length}` });
      continue;
    }
    try {
      const product = parseRow((column) => csvTextValue(record[columns.indexOf(column)] ?? ''));
      const earlier = lineOfSku.get(product.sku);
      if (earlier !== undefined) throw new RowProblem(`SKU ${product.sku} is already on line ${earlier}`);
      lineOfSku.set(product.sku, line);
      rows.push({ line, product });
    } catch (error) {
      if (!(error instanceof RowProblem)) throw error;
      problems.push({ line, message: error.message });
    }
  }
  if (problems.length > 0)
    throw invalid(`${problems.length} row(s) of the file are not valid; nothing was changed`, problems);
  if (rows.length === 0)
    throw invalid('The file has no product rows', [{ line: 1, message: 'no rows after the header' }]);
  return rows;
}

/** The columns of an existing product an imported row would change. */
function changedFields(row: repo.ProductRow, p: ParsedRow['product']): string[] {
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

export interface ProductsCsvDeps {
  database: OpenDatabase;
  catalog: Pick<CatalogService, 'writing'>;
  now?: () => number;
}

/** Checks the file, then (unless dryRun) applies it in one transaction: creates new SKUs, updates changed ones. */
export async function importProductsCsv(
  { database, catalog, now = Date.now }: ProductsCsvDeps,
  text: string,
  { dryRun }: { dryRun: boolean },
): Promise<CsvImportPreview> {
  const rows = parseFile(text);
  const existing = new Map(
    (
      await repo.findProductsBySkus(
        database.db,
        rows.map((r) => r.product.sku),
      )
    ).map((row) => [row.sku, row]),
  );
  const preview: CsvImportPreview = { created: 0, updated: 0, unchanged: 0, changes: [] };
  for (const { line, product } of rows) {
    const row = existing.get(product.sku);
    const fields = row ? changedFields(row, product) : [];
    if (!row) preview.created++;
    else if (fields.length > 0) preview.updated++;
    else preview.unchanged++;
    if (!row || fields.length > 0)
      preview.changes.push({ line, sku: product.sku, action: row ? 'update' : 'create', fields });
  }
  if (dryRun || preview.changes.length === 0) return preview;

  const at = now();
  const updatedAt = new Date(at).toISOString();
  await catalog
    .writing(() =>
      database.db.transaction().execute(async (trx) => {
        let offset = 0;
        for (const { product } of rows) {
          const row = existing.get(product.sku);
          if (!row) {
            await repo.insertProduct(trx, newProductRow(product, at + offset++));
            continue;
          }
          if (changedFields(row, product).length === 0) continue;
          // Stock moves by the difference from what was read, so orders placed meanwhile are not undone.
          const adjustment = product.availableQuantity - row.available_quantity;
          const updated = await repo.updateProduct(
            trx,
            row.id,
            {
              name: product.name,
              category: product.category,
              price_cents: dollarsToCents(product.price),
              min_quantity: product.quantity,
              pack_size: product.packSize,
              max_quantity: product.maxQuantity,
              price_breaks: storePriceBreaks(product.priceBreaks ?? []),
              description: product.description,
              img: product.img,
              updated_at: updatedAt,
            },
            adjustment,
            undefined,
          );
          if (!updated)
            throw new AppError(409, 'stock_below_zero', `The stock of ${product.sku} changed meanwhile; import again`);
        }
      }),
    )
    .catch((error: unknown) => {
      if (isUniqueViolation(error))
        throw new AppError(409, 'sku_taken', 'A SKU of the file was created meanwhile; import again');
      throw error;
    });
  return preview;
}
