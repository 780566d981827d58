// Every budget in one place, with where it comes from. Issue #7 sets the first group, issue #14 the catalogue's,
// issue #15 the multi-line order's, issue #18 start-up time and memory (see docs/performance.md).
import { pageWeightBudget } from '../../packages/web/scripts/page-weight-budget.js';

export const budgets = {
  /**
   * GET /api/service and GET /api/review, as a share of a raw node:http server replaying the same bytes (issue #27
   * raised it from 0.7, with metrics and request ids on).
   */
  readRatioToRaw: 0.9,
  ordersPerSecondSqlite: 1500,
  ordersPerSecondPostgres: 800,
  orderP99Ms: 50,
  /** POST /api/order on SQLite as a share of the bare node:http + HMAC + one SQLite transaction floor (#27: from 0.5). */
  orderRatioToFloor: 0.8,
  /**
   * The same order with three webhook endpoints subscribed to every event (issue #28): each order then stores three
   * events and makes three deliveries to receivers on the same two cores. Issue #28 asked to show the cost; the bench
   * held it to the single-line budget of the day, 0.5, and #27's rise to 0.8 was for the plain order only.
   */
  webhookOrderRatioToFloor: 0.5,
  /**
   * SPEC's POST /api/order with a one-off `shipTo` address as a share of the same order without one, alternated in one
   * run (issue #49: "within noise"; the ship-to order takes the plain transaction write, not the hot one-statement
   * write, so a little is expected).
   */
  shipToOrderRatio: 0.8,
  orderConnections: 50,
  /**
   * POST /api/orders (issue #15): an order of 5 lines over 8 shared products, its orders/s as a share of the
   * single-line POST /api/order's on the same database in the same run (50 connections, signed-in customers).
   */
  multiLineOrderRatio: 0.5,
  multiLineOrderLines: 5,
  multiLineOrderProducts: 8,

  /**
   * gzip (level 9) bytes of every script / stylesheet Chromium fetches for the home page until the network is quiet
   * (issue #18); 1 kB = 1000 bytes, as Vite reports sizes. The storefront owns this budget (its unit test holds every
   * build to it): packages/web/scripts/page-weight-budget.ts.
   */
  homeJsGzipBytes: pageWeightBudget.homeJsGzipBytes,
  homeCssGzipBytes: pageWeightBudget.homeCssGzipBytes,

  lighthousePerformance: 98,
  lighthouseAccessibility: 100,
  /**
   * 100 since the customer's /cart stopped asking for a company it is not in (its two 404s were logged as console
   * errors and held it at 96; every other page was at 100).
   */
  lighthouseBestPractices: 100,
  /** B2B §18 (issue 55): search engines read every page the bench audits, the product page among them. */
  lighthouseSeo: 100,

  /** Home page API cost with 100,000 products over the same with 100: time and bytes stay flat. */
  growthTimeRatio: 1.5,
  growthBytesRatio: 1.05,

  /**
   * GET /api/catalog (issue #14): the median of a one-word search, a SKU-prefix search and a category page with its
   * facets, at 100, 10,000 and 100,000 products, on either database; and each flat from 10,000 to 100,000 products.
   * Issue #25: the same budgets for the category page read by a member of a company with contract prices (a member's
   * catalogue read is priced for their company, so it gets its own line).
   */
  catalogMedianMs: 20,
  /** A product page's HTML for crawlers (B2B §18, issue 55): GET /products/{id}, median, at 100,000 products. */
  productPageMedianMs: 20,
  catalogGrowthRatio: 1.5,
  /**
   * Issue #24: each hostile search at 100,000 products answers (200, or 503 search_timeout) within 1 s, and
   * /api/health asked beside it within 100 ms on SQLite (on PostgreSQL for information).
   */
  hostileSearchMs: 1000,
  hostileHealthMs: 100,

  /**
   * GET /api/orders/search at 100,000 orders (issue #26), each call's median on either database: the admin's first
   * page of all orders, the admin's search for one PO number and a buyer's first page of their 10,000. The same bar as
   * a catalogue page: a list a person pages through should answer as fast as the catalogue they order from.
   */
  orderDeskMedianMs: 20,

  /** GET /api/admin/stats for a whole year at 100,000 orders (issue #27), median on either database. */
  statsYearMs: 1000,

  /**
   * SPEC's full order list, GET /api/order, at 100,000 orders (issue 47), on either database: the median time of a
   * read of the whole list, and the server's RSS growth while it answers. Built whole, 90,684 orders took 5.9 s and
   * lifted the server to 861 MiB; streamed, issue 47 allows +50 MiB, and the time is held to what the whole list took.
   */
  orderListMs: 6000,
  orderListRssGrowthMiB: 50,

  /**
   * Requisition lists (issue #53): GET of a company's shared 500-line list priced for a member, and to-cart of 100 of
   * its lines (the most a cart holds), each call's median on either database.
   */
  requisitionListMs: 50,

  /**
   * The audit trail (issue #52): GET /api/admin/audit's filtered page at 1,000,000 entries, the median of each filter
   * the Audit page offers, on either database.
   */
  auditPageMs: 20,

  /**
   * Issue #18, as a user measures them: `npm start` (NODE_ENV=production) to the first 200 on /api/health, on the same
   * data folder; the server process's RSS at idle after a start (a fresh folder's first start included) and at its
   * peak under the api part's load. Issue #27 tightened them (from 1,000 ms, 120 and 200 MiB) for a restart nobody
   * notices behind nginx.
   */
  restartMs: 500,
  idleRssMiB: 100,
  loadRssMiB: 150,
} as const;

/** Load-run shape shared by every throughput figure. */
export interface LoadShape {
  seconds: number;
  warmupSeconds: number;
  connections: number;
  /** Measured runs per server; the best counts (outside load only ever slows a run down). */
  rounds: number;
}

export const defaultLoadShape: LoadShape = {
  seconds: 5,
  warmupSeconds: 1,
  connections: budgets.orderConnections,
  rounds: 2,
};
