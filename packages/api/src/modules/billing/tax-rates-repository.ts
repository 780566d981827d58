// SQL of the tax-rate table (B2B §13): read it in the order it was sent, replace it whole in the caller's transaction.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../infra/db/schema.js';
import type { TaxRateRow } from './tax.js';

export async function readTaxRates(db: Kysely<Database>): Promise<TaxRateRow[]> {
  const rows = await db
    .selectFrom('tax_rates')
    .select(['country', 'region', 'rate_milli', 'name'])
    .orderBy('position')
    .execute();
  return rows.map((r) => ({ country: r.country, region: r.region || null, rateMilli: r.rate_milli, name: r.name }));
}

export async function replaceTaxRates(trx: Transaction<Database>, rows: readonly TaxRateRow[]): Promise<void> {
  await trx.deleteFrom('tax_rates').execute();
  if (rows.length === 0) return;
  await trx
    .insertInto('tax_rates')
    .values(
      rows.map((r, position) => ({
        position,
        country: r.country,
        region: r.region ?? '',
        rate_milli: r.rateMilli,
        name: r.name,
      })),
    )
    .execute();
}
