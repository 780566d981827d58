// The shop's own figures for GET /metrics (B2B §8): orders by status and the mail and webhook outboxes' depth. Counting
// 100,000 orders is a scan of an index, tens of milliseconds on SQLite, so it never runs on the event loop: one query
// through the bounded reader (off-loop on SQLite, statement_timeout on PostgreSQL; infra/db/bounded-read.ts), at most
// once every SHOP_FIGURES_CACHE_MS however many scrapers ask (scrapes meanwhile share the one read), and if a
// read fails or runs past its budget the last figures are served.
import type { OpenDatabase } from '../db/create-db.js';
import { readFigures, type ShopFigures } from './shop-figures-repository.js';

export type { ShopFigures } from './shop-figures-repository.js';

/** How long one read's figures are served: Prometheus scrapes every 15-60 s, and several may scrape at once. */
export const SHOP_FIGURES_CACHE_MS = 5_000;

export interface ShopFiguresSource {
  /** The cached figures, read afresh when older than `cacheMs`; null only when no read has ever succeeded. */
  get(): Promise<ShopFigures | null>;
}

export function shopFiguresSource(
  database: OpenDatabase,
  onError: (error: unknown) => void,
  cacheMs = SHOP_FIGURES_CACHE_MS,
  now: () => number = Date.now,
): ShopFiguresSource {
  let last: { figures: ShopFigures; at: number } | undefined;
  let reading: Promise<ShopFigures | null> | undefined;
  return {
    get() {
      if (last && now() - last.at < cacheMs) return Promise.resolve(last.figures);
      // One read at a time: every scrape that arrives meanwhile waits for the same one.
      reading ??= readFigures(database)
        .then(
          (figures) => {
            last = { figures, at: now() };
            return figures;
          },
          (error: unknown) => {
            onError(error);
            return last?.figures ?? null;
          },
        )
        .finally(() => (reading = undefined));
      return reading;
    },
  };
}
