// B2B §13's tax service: the admin's rate table (read, replaced whole and audited), and the decision of an order's
// tax from it. The order path asks for every order, so the table is kept in memory: this process's PUT replaces it at
// once, and it is read again at most once a second so another instance's change is seen within that (as the order
// path's memberships are, companies/membership-repository.ts). Nothing is read per order.
import { taxMessages, type TaxRate, type TaxSettings } from '@kestrel/shared';
import { changedFields, recordAudit, type AuditContext } from '../audit/index.js';
import type { Db } from '../../infra/db/create-db.js';
import { AppError } from '../../infra/errors.js';
import { judgeTaxRateRows } from './tax-rate-rows.js';
import { readTaxRates, replaceTaxRates } from './tax-rates-repository.js';
import {
  decideTax,
  ratePercent,
  rateTableOf,
  type TaxDecision,
  type TaxRateRow,
  type TaxRateTable,
  type TaxSubject,
} from './tax.js';

export const TAX_RATES_RECHECK_MS = 1_000;

export interface TaxService {
  readonly shopCountry: string;
  readonly shopTaxId: string | undefined;
  settings(): TaxSettings;
  list(): Promise<TaxRate[]>;
  /** Replaces the whole table, all or nothing: 400 `tax_rates_invalid` with `error.rows` naming every bad row. */
  replace(values: readonly unknown[], audit: AuditContext | null): Promise<TaxRate[]>;
  /** The tax of an order to `subject`, from the table in memory. */
  decide(subject: TaxSubject): Promise<TaxDecision>;
}

export interface TaxDeps {
  db: Db;
  shopCountry: string;
  shopTaxId?: string | undefined;
  now?: () => number;
}

const answerOf = (row: TaxRateRow): TaxRate => ({
  country: row.country,
  region: row.region,
  rate: ratePercent(row.rateMilli),
  name: row.name,
});

export function createTaxService({ db, shopCountry, shopTaxId, now = Date.now }: TaxDeps): TaxService {
  let known: { table: TaxRateTable; atMs: number } | undefined;
  let reading: Promise<TaxRateTable> | undefined;
  // Bumped by every replace: a read that started before one must not be kept.
  let generation = 0;

  function table(): TaxRateTable | Promise<TaxRateTable> {
    if (known && now() - known.atMs < TAX_RATES_RECHECK_MS) return known.table;
    if (!reading) {
      const started = generation;
      const atMs = now();
      reading = readTaxRates(db)
        .then((rows) => {
          const read = rateTableOf(rows);
          if (started === generation) known = { table: read, atMs };
          return read;
        })
        .finally(() => {
          reading = undefined;
        });
    }
    return known?.table ?? reading;
  }

  return {
    shopCountry,
    shopTaxId,
    settings: () => ({ shopCountry, shopTaxId: shopTaxId ?? null }),

    async list() {
      return (await readTaxRates(db)).map(answerOf);
    },

    async replace(values, audit) {
      const verdict = judgeTaxRateRows(values);
      if ('problems' in verdict) {
        throw new AppError(400, 'tax_rates_invalid', taxMessages.rowsInvalid, { rows: verdict.problems });
      }
      const { rows } = verdict;
      await db.transaction().execute(async (trx) => {
        const before = await readTaxRates(trx);
        await replaceTaxRates(trx, rows);
        await recordAudit(trx, audit, {
          action: 'taxRates.replaced',
          targetType: 'taxRates',
          targetId: null,
          summary: `Replaced the tax rates (${rows.length} ${rows.length === 1 ? 'row' : 'rows'})`,
          changes: changedFields({ rates: before.map(answerOf) }, { rates: rows.map(answerOf) }),
        });
      });
      generation += 1;
      known = { table: rateTableOf(rows), atMs: now() };
      return rows.map(answerOf);
    },

    async decide(subject) {
      return decideTax(await table(), shopCountry, subject);
    },
  };
}
