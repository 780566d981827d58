// Placing an order: the one front door. Every order the shop takes comes through `createOrderPlacing`, which writes
// it by one of five paths. Each path takes each line's stock, records the order and its lines, counts it among the
// buyer's unpaid orders under MAX_OPEN_ORDERS, and queues its mail and webhook event, as one atomic step; a refusal
// (a line the orders service's `decide` refuses, the open-order limit, a company rule) writes nothing.
//
//   which order                            path              how, and why (ADR 008)
//   -------------------------------------  ----------------  ------------------------------------------------------
//   a company rule applies (a spending     company           One transaction on either database: lock the company,
//   limit, payment on account), or a                         then the buyer, then the products in id order; decide;
//   claim must share its transaction                         check the credit; write (company-write-repository.ts).
//   (an accepted quote)                                      Its outcome depends on the total and the balance.
//   any other order, SQLite                sqlite-step       One synchronous step of the group commit's transaction
//                                                            (infra/db/sqlite-group-commit.ts): nothing else runs
//                                                            between its read of the stock and its take.
//   any other order of one line,           one-line          Decided from this instance's remembered terms, one
//   PostgreSQL                                               statement; orders of the same product in flight go
//                                                            together as one (infra/db/postgres-group-commit.ts).
//   any other order of several lines,      several-lines     As one-line, on one queue for all such orders; when a
//   PostgreSQL                                               product is gone, its terms changed, a line is refused
//                                                            or the statement refused, it falls to `locked-lines`.
//   (several-lines' fallback)              locked-lines      One transaction that locks the buyer and its products
//                                                            in id order, decides on them as they are and names
//                                                            every refused line; at most two per product in flight
//                                                            (infra/db/row-gate.ts).
//
// So a 3-line PostgreSQL order of a buyer without company rules takes `several-lines`, and `locked-lines` only when
// its batch refused it. The columns every hot path writes are one list (placed-rows.ts).
import type { OpenDatabase } from '../../../infra/db/create-db.js';
import { createOrderBatches } from '../../../infra/db/postgres-group-commit.js';
import { createRowGate } from '../../../infra/db/row-gate.js';
import { groupCommit } from '../../../infra/db/sqlite-group-commit.js';
import type { MailService } from '../../mail/index.js';
import type { WebhooksService } from '../../webhooks/index.js';
import type { OrderBilling } from '../billing-port.js';
import type { CompanyPlacement } from '../company-rules.js';
import { numberYearOf, postgresOrderNumbers, type NextOrderNumber } from '../order-numbers.js';
import { createCompanyOrderWriter, type WithinOrder } from './company-write-repository.js';
import type {
  DecideLines,
  LineRequest,
  NumberedOrder,
  OrderWriterOptions,
  PendingOrder,
  PlacedEvent,
  PlacedOrder,
} from './placed-rows.js';
import { batchValues, type BatchedOrder } from './postgres-statements-repository.js';
import {
  createTermsCache,
  postgresDecidedLines,
  postgresLockedLines,
  postgresOneLine,
  type PostgresPlacing,
} from './postgres-write-repository.js';
import { sqliteOrderWrite } from './sqlite-write-repository.js';

export type { DecideLines, LineRequest, PendingOrder, PlacedEvent, PlacedOrder, ProductTerms } from './placed-rows.js';
export type { WithinOrder } from './company-write-repository.js';

export type PlacingPath = 'company' | 'sqlite-step' | 'one-line' | 'several-lines' | 'locked-lines';

export interface PlacingOptions extends Omit<OrderWriterOptions, 'mail' | 'webhooks'> {
  mail: Pick<MailService, 'insertSync' | 'prepare' | 'enqueue'>;
  webhooks: Pick<WebhooksService, 'insertSync' | 'insert'>;
  /** The credit check, due date and invoice number of an order on account (billing's, handed in by app.ts). */
  billing: OrderBilling;
}

/** One order to place: its fields, its lines, the service's rule, its event, and its company rule or claim. */
export interface OrderToPlace {
  pending: PendingOrder;
  lines: LineRequest[];
  decide: DecideLines;
  event?: PlacedEvent | undefined;
  company?: CompanyPlacement | undefined;
  within?: WithinOrder | undefined;
}

export type PlaceOrder = (order: OrderToPlace) => Promise<PlacedOrder>;

/** The table above as code: the path an order starts on (`locked-lines` is only ever several-lines' fallback). */
export function pathOf(postgres: boolean, order: Pick<OrderToPlace, 'lines' | 'company' | 'within'>): PlacingPath {
  if (order.company || order.within) return 'company';
  if (!postgres) return 'sqlite-step';
  return order.lines.length === 1 ? 'one-line' : 'several-lines';
}

/**
 * Transactions of several lines that this instance lets PostgreSQL see at once per product (infra/db/row-gate.ts):
 * two keep a product's row busy (one commits while the next waits on its lock); more only add wake-ups.
 */
const WRITERS_PER_PRODUCT = 2;

/**
 * Every path of this database, each a complete way to place an order (the contract test forces each in turn);
 * `createOrderPlacing` chooses among them by `pathOf`. Paths the dialect has not are absent.
 */
export function createPlacingPaths(
  database: OpenDatabase,
  options: PlacingOptions,
): Partial<Record<PlacingPath, PlaceOrder>> {
  const { sqlite } = database;
  const pool = database.pg;
  // One allocator for every path, so numbers follow creation order across them (order-numbers.ts).
  const nextNumber: NextOrderNumber | undefined = pool ? postgresOrderNumbers(database.db) : undefined;
  const company = createCompanyOrderWriter(database, { ...options, nextNumber });
  const companyPath: PlaceOrder = (o) => company(o.pending, o.lines, o.decide, o.event, o.company, o.within);
  if (sqlite) {
    const step = groupCommit(database, sqlite, sqliteOrderWrite(sqlite, options));
    return { company: companyPath, 'sqlite-step': (o) => step(o.pending, o.lines, o.decide, o.event) };
  }
  if (!pool || !nextNumber) throw new Error('an open database is SQLite or PostgreSQL');
  const placing: PostgresPlacing = {
    database,
    pool,
    batches: createOrderBatches(pool, (rows: BatchedOrder[]) => batchValues(rows, options.maxOpenOrders)),
    known: createTermsCache(),
    options,
  };
  const gate = createRowGate(WRITERS_PER_PRODUCT);
  // Asked for before any await, so numbers follow the order in which the orders were created.
  const numbered = async (pending: PendingOrder): Promise<NumberedOrder> => {
    const number = nextNumber(numberYearOf(pending.created_at));
    return { ...pending, number: await number };
  };
  const locked = (order: NumberedOrder, o: OrderToPlace) =>
    gate(
      o.lines.map((l) => l.productId),
      () => postgresLockedLines(placing, order, o.lines, o.decide, o.event),
    );
  return {
    company: companyPath,
    'one-line': async (o) => {
      const order = await numbered(o.pending);
      const [only] = o.lines;
      if (!only || o.lines.length !== 1) throw new Error('the one-line path takes an order of one line');
      return postgresOneLine(placing, order, only, o.decide, o.event);
    },
    'several-lines': async (o) => {
      const order = await numbered(o.pending);
      return (await postgresDecidedLines(placing, order, o.lines, o.decide, o.event)) ?? locked(order, o);
    },
    'locked-lines': async (o) => locked(await numbered(o.pending), o),
  };
}

/** The front door: places each order by the path the table above gives it. */
export function createOrderPlacing(database: OpenDatabase, options: PlacingOptions): PlaceOrder {
  const paths = createPlacingPaths(database, options);
  const postgres = !database.sqlite;
  return (order) => {
    const path = paths[pathOf(postgres, order)];
    if (!path) throw new Error('no such placing path on this database');
    return path(order);
  };
}
