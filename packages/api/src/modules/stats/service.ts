// The admin's figures (B2B §8): the range rules (docs/product.md, "Admin stats"), money in dollars to the exact cent
// from integer cents, and every day and status present so a chart and its table need no gaps filled.
import {
  BUDGET_EXCEEDED,
  DEFAULT_STATS_DAYS,
  LOW_STOCK_LIMIT,
  MAX_STATS_DAYS,
  ORDER_STATUSES,
  STATS_FIRST_DAY,
  TOP_PRODUCTS_LIMIT,
  type AdminStats,
  type AdminStatsQuery,
  type OrderStatus,
} from '@kestrel/shared';
import type { OpenDatabase } from '../../infra/db/create-db.js';
import { withinBudget } from '../../infra/db/bounded-read.js';
import { AppError } from '../../infra/errors.js';
import * as repo from './repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The least time each of the figures' reads gets: an administrator's report of a year may take longer than a shopper's
 * search (SEARCH_BUDGET_MS, 800 ms), and it is still bounded and read off the event loop. A year of 100,000 orders
 * ran past 800 ms on a busy machine (bench/results/history.md, "The admin's figures").
 */
export const STATS_MIN_BUDGET_MS = 5_000;

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const startOf = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
const maxDay = (a: string, b: string) => (a > b ? a : b);

/** Whole cents as dollars: exact to the cent, as an order's total is answered. */
const dollars = (cents: bigint) => Number(cents) / 100;

const owedFigures = (owed: { cents: bigint; orders: bigint; companies: bigint }) => ({
  total: dollars(owed.cents),
  orders: Number(owed.orders),
  companies: Number(owed.companies),
});

const badRange = (message: string) => new AppError(400, 'validation_error', message);

export interface StatsService {
  stats(query: AdminStatsQuery): Promise<AdminStats>;
}

export interface StatsDeps {
  database: OpenDatabase;
  /** How long each of the figures' reads may run: SEARCH_BUDGET_MS, at least STATS_MIN_BUDGET_MS. */
  budgetMs: number;
  now?: () => number;
}

/**
 * The days asked for: `to` defaults to today (UTC), `from` to DEFAULT_STATS_DAYS days ending on `to` but never before
 * STATS_FIRST_DAY (the schema holds given days to STATS_FIRST_DAY..STATS_LAST_DAY; a default stays within them too).
 */
export function statsDays(query: AdminStatsQuery, now: number): { from: string; to: string; days: string[] } {
  const to = query.to ?? dayOf(now);
  const from = query.from ?? maxDay(STATS_FIRST_DAY, dayOf(startOf(to) - (DEFAULT_STATS_DAYS - 1) * DAY_MS));
  if (from > to) throw badRange('"from" must not be after "to"');
  const span = Math.round((startOf(to) - startOf(from)) / DAY_MS) + 1;
  if (span > MAX_STATS_DAYS) {
    throw badRange(`The range may be at most ${MAX_STATS_DAYS} days; this one is ${span}`);
  }
  const days = Array.from({ length: span }, (_, i) => dayOf(startOf(from) + i * DAY_MS));
  return { from, to, days };
}

/** Figures past their budget: 503 `stats_timeout`, which the storefront shows at once rather than retrying. */
const STATS_TIMEOUT = {
  code: BUDGET_EXCEEDED.stats,
  message: 'These figures took too long and were stopped. Try a shorter range.',
};

export function createStatsService({ database, budgetMs: asked, now = Date.now }: StatsDeps): StatsService {
  const budgetMs = Math.max(asked, STATS_MIN_BUDGET_MS);
  return {
    async stats(query) {
      const { from, to, days } = statsDays(query, now());
      const range = { from: `${from}T00:00:00.000Z`, before: `${dayOf(startOf(to) + DAY_MS)}T00:00:00.000Z` };
      // One after another: the SQLite reader answers one read at a time anyway, and each read's budget starts when
      // it is sent, so all at once would spend the last one's budget waiting.
      const revenue = await withinBudget(repo.revenueByDay(database, range, budgetMs), STATS_TIMEOUT);
      const statuses = await withinBudget(repo.ordersByStatus(database, range, budgetMs), STATS_TIMEOUT);
      const top = await withinBudget(repo.topProducts(database, range, TOP_PRODUCTS_LIMIT, budgetMs), STATS_TIMEOUT);
      const low = await withinBudget(repo.lowStock(database, LOW_STOCK_LIMIT, budgetMs), STATS_TIMEOUT);
      const today = dayOf(now());
      const owed = await withinBudget(repo.receivables(database, today, budgetMs), STATS_TIMEOUT);

      const centsByDay = new Map(revenue.map((r) => [r.day, r.cents]));
      const ordersByStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
      for (const row of statuses) {
        if (row.status in ordersByStatus) ordersByStatus[row.status as OrderStatus] = Number(row.count);
      }
      return {
        revenue: days.map((day) => ({ day, total: dollars(centsByDay.get(day) ?? 0n) })),
        taxTotal: dollars(revenue.reduce((sum, r) => sum + r.tax, 0n)),
        ordersByStatus,
        topProducts: top.map((p) => ({
          productId: p.product_id,
          name: p.name,
          units: Number(p.units),
          revenue: dollars(p.cents),
        })),
        lowStock: low.map((p) => ({
          productId: p.id,
          name: p.name,
          availableQuantity: p.available_quantity,
          quantity: p.min_quantity,
        })),
        receivables: { asOf: today, open: owedFigures(owed.open), overdue: owedFigures(owed.overdue) },
      };
    },
  };
}
