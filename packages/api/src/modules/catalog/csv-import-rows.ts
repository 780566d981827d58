// Reads an uploaded catalogue CSV into products (B2B §1), a slice at a time so a 5 MB file never holds the event loop,
// and checks every row with the API's own rules: productCreateSchema (packages/shared), the same schema and messages
// as POST /api/service. The CSV adds only what text needs: a number written as text must look like one.
import {
  catalogMessages,
  messages,
  packSizeSchema,
  PRODUCTS_CSV_HEADER,
  productCreateSchema,
  skuSchema,
  type PriceBreak,
} from '@kestrel/shared';
import { AppError } from '../../infra/errors.js';
import { csvTextValue } from '../../infra/csv.js';
import { csvRecords, CsvSyntaxError } from '../../infra/csv-records.js';
import { yieldToIo } from '../../infra/yield-to-io.js';
import type { NewProduct } from './product-row.js';

/** B2B §1: the answer lists the first 1,000 bad rows and counts them all. */
export const MAX_LISTED_ROWS = 1_000;

type Column = (typeof PRODUCTS_CSV_HEADER)[number];
export type ImportedProduct = NewProduct & {
  sku: string;
  category: string;
  packSize: number;
  maxQuantity: number | null;
};

export interface ParsedRow {
  line: number;
  product: ImportedProduct;
  /** The row's minimum is above its stock: refused unless it leaves an existing product's minimum and stock as they are. */
  minAboveStock: boolean;
}

export interface RowMessage {
  line: number;
  message: string;
}

/** Every bad row counted, the first MAX_LISTED_ROWS (by line) kept: the report's size does not grow with the file. */
export class RowProblems {
  private kept: RowMessage[] = [];
  count = 0;

  add(line: number, message: string): void {
    this.count++;
    this.kept.push({ line, message });
    if (this.kept.length >= 2 * MAX_LISTED_ROWS) this.kept = this.listed();
  }

  listed(): RowMessage[] {
    return [...this.kept].sort((a, b) => a.line - b.line).slice(0, MAX_LISTED_ROWS);
  }

  error(): AppError {
    return invalid(`${this.count} row(s) of the file are not valid; nothing was changed`, this.listed(), this.count);
  }
}

export const invalid = (message: string, rows: RowMessage[], badRows = rows.length) =>
  new AppError(400, 'invalid_csv', message, { rows, badRows });

class RowProblem extends Error {}

function wholeNumber(value: string, column: string, min: number): number {
  const text = value.trim();
  if (!/^\d+$/.test(text)) throw new RowProblem(`${column} must be a whole number from ${min}`);
  return Number(text);
}

function dollars(value: string, column: string): number {
  const text = value.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) throw new RowProblem(`${column} must be an amount like 12.50`);
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

/** A row's fields as POST /api/service takes them, checked by its schema; throws the first problem's message. */
function checkRow(field: (column: Column) => string): Omit<ParsedRow, 'line'> {
  const sku = skuSchema.safeParse(field('sku'));
  if (!sku.success) throw new RowProblem(catalogMessages.skuInvalid);
  const packSize = packSizeSchema.safeParse(Number(field('packSize').trim() || '1'));
  if (!packSize.success) throw new RowProblem(catalogMessages.packSizeInvalid);
  const maxQuantity = field('maxQuantity').trim();
  const input = {
    sku: sku.data,
    name: field('name'),
    category: field('category'),
    price: dollars(field('price'), 'price'),
    quantity: wholeNumber(field('quantity'), 'quantity', 1),
    packSize: packSize.data,
    maxQuantity: maxQuantity === '' ? null : wholeNumber(maxQuantity, 'maxQuantity', 1),
    availableQuantity: wholeNumber(field('availableQuantity'), 'availableQuantity', 0),
    priceBreaks: priceBreaks(field('priceBreaks')),
    description: field('description'),
    img: field('img'),
  };
  let result = productCreateSchema.safeParse(input);
  let minAboveStock = false;
  if (!result.success) {
    const other = result.error.issues.find((issue) => issue.message !== messages.product.minAboveStock);
    if (other) throw new RowProblem(other.message);
    // Only the minimum above the stock: allowed when it leaves an existing product's minimum and stock as they are
    // (orders may have taken its stock below the minimum; its export must import back unchanged).
    minAboveStock = true;
    result = productCreateSchema.safeParse({ ...input, availableQuantity: input.quantity });
    if (!result.success) throw new RowProblem(messages.product.minAboveStock);
  }
  const p = result.data;
  return {
    product: {
      ...p,
      sku: sku.data,
      category: p.category ?? input.category,
      packSize: packSize.data,
      maxQuantity: input.maxQuantity,
      availableQuantity: input.availableQuantity,
    },
    minAboveStock,
  };
}

/** Rows checked between two pauses for other requests (a few milliseconds of work). */
const SLICE_ROWS = 500;

/**
 * Parses and checks the whole file: answers its rows, and the problems of the bad ones (a header that does not name
 * the columns throws at once). Nothing is read from or written to the database here.
 */
export async function readImportFile(text: string): Promise<{ rows: ParsedRow[]; problems: RowProblems }> {
  const problems = new RowProblems();
  const rows: ParsedRow[] = [];
  const lineOfSku = new Map<string, number>();
  let columns: Map<string, number> | null = null;
  let sinceYield = 0;
  try {
    // One kind of line break, so a file that mixes \r\n and \n counts its lines as an editor does.
    for (const { fields, line } of csvRecords(text.replace(/\r\n?/g, '\n'))) {
      if (++sinceYield === SLICE_ROWS) {
        sinceYield = 0;
        await yieldToIo();
      }
      if (columns === null) {
        columns = checkHeader(fields);
        continue;
      }
      if (fields.length !== columns.size) {
        problems.add(line, `expected ${columns.size} fields, found ${fields.length}`);
        continue;
      }
      const index = columns;
      try {
        const row = checkRow((column) => csvTextValue(fields[index.get(column) ?? -1] ?? ''));
        const earlier = lineOfSku.get(row.product.sku);
        if (earlier !== undefined) throw new RowProblem(`SKU ${row.product.sku} is already on line ${earlier}`);
        lineOfSku.set(row.product.sku, line);
        rows.push({ line, ...row });
      } catch (error) {
        if (!(error instanceof RowProblem)) throw error;
        problems.add(line, error.message);
      }
    }
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw invalid('The file is not valid CSV', [{ line: error.line, message: error.message }]);
    throw error;
  }
  return { rows, problems };
}

/** The header's columns by position; throws unless it names each column of PRODUCTS_CSV_HEADER once. */
function checkHeader(record: string[]): Map<string, number> {
  const columns = record.map((c) => c.trim());
  const missing = PRODUCTS_CSV_HEADER.filter((c) => !columns.includes(c));
  const unknown = columns.filter((c) => !PRODUCTS_CSV_HEADER.some((known) => known === c));
  if (missing.length > 0 || unknown.length > 0 || new Set(columns).size !== columns.length) {
    const message = `The header must name the columns ${PRODUCTS_CSV_HEADER.join(',')}`;
    throw invalid(message, [{ line: 1, message }]);
  }
  return new Map(columns.map((column, i) => [column, i]));
}
