// The Tax page's rows as typed: text in every cell, turned into the API's rows on save (a rate typed as "8.875"
// goes as the number 8.875; anything else goes as typed, so the server's message names what is wrong with it).
import type { TaxRate } from '@kestrel/shared';

export interface RowDraft {
  key: number;
  country: string;
  region: string;
  rate: string;
  name: string;
}

let nextKey = 0;
export const newRow = (rate?: TaxRate): RowDraft => ({
  key: nextKey++,
  country: rate?.country ?? '',
  region: rate?.region ?? '',
  rate: rate ? String(rate.rate) : '',
  name: rate?.name ?? '',
});

export function toPayload(rows: RowDraft[]): unknown[] {
  return rows.map((row) => {
    const rate = row.rate.trim();
    return {
      country: row.country.trim().toUpperCase(),
      ...(row.region.trim() ? { region: row.region.trim().toUpperCase() } : {}),
      rate: rate !== '' && Number.isFinite(Number(rate)) ? Number(rate) : rate,
      name: row.name,
    };
  });
}
