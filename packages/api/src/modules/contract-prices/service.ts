// Contract prices (B2B §5): an administrator sets a company's prices; its members see them beside the list price and
// pay the lower of the contract price and the price break that applies (the rule itself is shared's unitPriceCents,
// the one owner of the unit price). PUT and the CSV import replace the company's whole list.
import {
  contractPriceMessages,
  MAX_CONTRACT_PRICES,
  MAX_PRICE_DOLLARS,
  MIN_PRICE_DOLLARS,
  type ContractPrices,
} from '@kestrel/shared';
import type { Db } from '../../infra/db/create-db.js';
import { csvRecords, CsvSyntaxError } from '../../infra/csv-records.js';
import { AppError, notFound } from '../../infra/errors.js';
import { LIST_CACHE_TTL_MS } from '../../infra/http/list-cache.js';
import { centsToDollars } from '../../infra/money.js';
import { bearerToken } from '../accounts/index.js';
import * as repo from './repository.js';
import { changedFields, recordAudit, type AuditContext } from '../audit/index.js';

/** Row errors listed in a refused CSV answer at most (error.badRows counts them all), as the products import does. */
export const MAX_LISTED_ROWS = 1_000;
const CSV_HEADER = 'sku,price';
const PRICE_TEXT = /^\d{1,7}(\.\d{1,2})?$/;

/** A member's company and its prices (cents by product id); `stamp` changes whenever the list does. */
export interface MemberPrices {
  companyId: string;
  prices: ReadonlyMap<string, number>;
  stamp: string;
}

export interface ContractPricesService {
  list(companyId: string): Promise<ContractPrices>;
  /** PUT: the company's whole list (404 unknown company, 400 naming an unknown product). */
  replace(
    companyId: string,
    prices: Array<{ productId: string; price: number }>,
    audit: AuditContext | null,
  ): Promise<ContractPrices>;
  /** The CSV import (`sku,price`), all rows or none: a bad file answers 400 with its bad rows and changes nothing. */
  importCsv(companyId: string, text: string, audit: AuditContext | null): Promise<ContractPrices>;
  /**
   * The caller's company prices for showing them (catalogue, product page): remembered for LIST_CACHE_TTL_MS, so a
   * member's reads cost one lookup in memory; undefined for a user in no company or a company without prices.
   */
  forMember(userId: string): Promise<MemberPrices | undefined>;
  /** The order's and the cart's read: read now, only the products asked about (cents by product id). */
  forOrder(userId: string, productIds: string[]): Promise<Map<string, number>>;
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** Members remembered at most: past it the memory is dropped whole (a cache, not a record). */
const MAX_REMEMBERED = 10_000;

export function createContractPricesService({ db, now = Date.now }: { db: Db; now?: () => number }) {
  const remembered = new Map<string, { value: MemberPrices | undefined; until: number }>();

  async function requireCompany(companyId: string) {
    if (!(await repo.companyExists(db, companyId))) throw notFound('Company');
  }

  async function list(companyId: string): Promise<ContractPrices> {
    await requireCompany(companyId);
    const rows = await repo.listPrices(db, companyId);
    return {
      prices: rows.map((r) => ({
        productId: r.product_id,
        sku: r.sku,
        name: r.name,
        listPrice: centsToDollars(r.list_cents),
        price: centsToDollars(r.price_cents),
        updatedAt: r.updated_at,
      })),
    };
  }

  async function store(
    companyId: string,
    rows: repo.PriceRow[],
    audit: AuditContext | null,
    how: string,
  ): Promise<ContractPrices> {
    await repo.replacePrices(db, companyId, rows, new Date(now()).toISOString(), async (trx, before) => {
      if (!audit) return;
      // One field per product whose price changed, named by SKU, in dollars: [before, after] (null: none).
      const after = await repo.listPrices(trx, companyId);
      const priced = (list: repo.PriceListRow[]) =>
        Object.fromEntries(list.map((p) => [`prices.${p.sku}`, centsToDollars(p.price_cents)]));
      await recordAudit(trx, audit, {
        action: 'company.prices_replaced',
        targetType: 'company',
        targetId: companyId,
        summary: `Replaced the contract prices ${how}: ${after.length} price(s)`,
        changes: changedFields(priced(before), priced(after)),
      });
    });
    // This instance's members see the change at once; other instances' within LIST_CACHE_TTL_MS.
    remembered.clear();
    return list(companyId);
  }

  const service: ContractPricesService = {
    list,

    async replace(companyId, prices, audit) {
      await requireCompany(companyId);
      const ids = prices.map((p) => p.productId);
      const found = await repo.existingProductIds(db, ids);
      const unknown = prices.findIndex((p) => !found.has(p.productId));
      if (unknown >= 0) {
        throw new AppError(
          400,
          'validation_error',
          `prices[${unknown}].productId: ${contractPriceMessages.unknownProduct(ids[unknown] ?? '')}`,
        );
      }
      return store(
        companyId,
        prices.map((p) => ({ product_id: p.productId, price_cents: cents(p.price) })),
        audit,
        'by hand',
      );
    },

    async importCsv(companyId, text, audit) {
      await requireCompany(companyId);
      const problems: Array<{ line: number; message: string }> = [];
      let badRows = 0;
      const problem = (line: number, message: string) => {
        badRows++;
        if (problems.length < MAX_LISTED_ROWS) problems.push({ line, message });
      };
      const parsed: Array<{ line: number; sku: string; priceCents: number }> = [];
      try {
        let header = true;
        for (const { fields, line } of csvRecords(text.replace(/\r\n?/g, '\n'))) {
          if (header) {
            header = false;
            if (fields.map((f) => f.trim().toLowerCase()).join(',') !== CSV_HEADER) {
              throw new AppError(400, 'invalid_csv', `The first line must be the header ${CSV_HEADER}`, {
                rows: [{ line, message: `expected the header ${CSV_HEADER}` }],
                badRows: 1,
              });
            }
            continue;
          }
          const [skuField = '', priceField = '', ...extra] = fields;
          const sku = skuField.trim().toUpperCase();
          const price = priceField.trim();
          if (extra.length > 0) problem(line, 'a row has two fields: sku,price');
          else if (!sku) problem(line, 'sku is empty');
          // The text has at most 2 decimals; the amount follows shared money.ts (at least one cent).
          else if (!PRICE_TEXT.test(price) || Number(price) < MIN_PRICE_DOLLARS || Number(price) > MAX_PRICE_DOLLARS)
            problem(line, contractPriceMessages.priceInvalid);
          else parsed.push({ line, sku, priceCents: Math.round(Number(price) * 100) });
        }
      } catch (error) {
        if (error instanceof CsvSyntaxError) {
          throw new AppError(400, 'invalid_csv', 'The file is not valid CSV', {
            rows: [{ line: error.line, message: error.message }],
            badRows: 1,
          });
        }
        throw error;
      }
      const ids = await repo.productIdsBySku(db, [...new Set(parsed.map((p) => p.sku))]);
      const seen = new Set<string>();
      const rows: repo.PriceRow[] = [];
      for (const row of parsed) {
        const id = ids.get(row.sku);
        if (!id) problem(row.line, contractPriceMessages.unknownSku(row.sku));
        else if (seen.has(id)) problem(row.line, `${row.sku}: ${contractPriceMessages.duplicate}`);
        else {
          seen.add(id);
          rows.push({ product_id: id, price_cents: row.priceCents });
        }
      }
      if (badRows === 0 && rows.length > MAX_CONTRACT_PRICES) problem(1, contractPriceMessages.tooMany);
      if (badRows > 0) {
        problems.sort((a, b) => a.line - b.line);
        throw new AppError(400, 'invalid_csv', `${badRows} row(s) of the file are not valid; nothing was changed`, {
          rows: problems,
          badRows,
        });
      }
      return store(companyId, rows, audit, 'from CSV');
    },

    async forMember(userId) {
      const at = now();
      const known = remembered.get(userId);
      if (known && known.until > at) return known.value;
      const read = await repo.pricesOfMember(db, userId);
      const value =
        read && read.prices.length > 0
          ? {
              companyId: read.companyId,
              prices: new Map(read.prices.map((p) => [p.product_id, p.price_cents])),
              stamp: read.stamp,
            }
          : undefined;
      if (remembered.size >= MAX_REMEMBERED) remembered.clear();
      remembered.set(userId, { value, until: at + LIST_CACHE_TTL_MS });
      return value;
    },

    async forOrder(userId, productIds) {
      if (productIds.length === 0) return new Map();
      const rows = await repo.memberPricesFor(db, userId, [...new Set(productIds)]);
      return new Map(rows.map((r) => [r.product_id, r.price_cents]));
    },
  };
  return service;
}

/**
 * Who is asking a public read, for the contract prices only: the user an earlier hook identified (an API key), else
 * the session of the bearer token. A missing, bad or expired token reads as anonymous: the catalogue is public.
 */
export function memberPricesOfRequest(
  sessions: { authenticate(token: string): Promise<{ id: string } | undefined> },
  prices: Pick<ContractPricesService, 'forMember'>,
) {
  return async (request: { user: { id: string } | null; headers: { authorization?: string | undefined } }) => {
    let userId = request.user?.id;
    if (!userId) {
      const token = bearerToken(request.headers.authorization);
      userId = token ? (await sessions.authenticate(token))?.id : undefined;
    }
    return userId ? prices.forMember(userId) : undefined;
  };
}
