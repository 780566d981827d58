// Requisition lists (B2B §16): private and company-shared lists of parts, priced now for the reader by the cart's own
// pricing, filled by product or by SKU as the cart is, and added to the cart through its public entry. Who may do what
// is list-access.ts; the limits (lists per person and company, lines per list) are counted under a lock in the same
// transaction as the write, so two requests at once cannot both pass them.
import {
  MAX_LIST_LINES,
  MAX_QUANTITY,
  listMessages,
  orderingMessages,
  type CartWithRejected,
  type List,
  type ListSummary,
  type ListWithRejected,
} from '@kestrel/shared';
import type { Db } from '../../infra/db/create-db.js';
import { newId } from '../../infra/db/ids.js';
import { AppError } from '../../infra/errors.js';
import { centsToDollars, dollarsToCents, sumCents } from '../../infra/money.js';
import type { AuthUser } from '../accounts/index.js';
import { judgeSkuLines, type CartService } from '../cart/index.js';
import type { CatalogService } from '../catalog/index.js';
import { findMembership, type Membership } from '../companies/index.js';
import { authorizeList, listNotFound, type ListAction } from './list-access.js';
import { roomFor } from './list-limits.js';
import * as repo from './repository.js';

export interface ListsService {
  create(user: AuthUser, body: { name: string; shared?: boolean | undefined }): Promise<List>;
  /** The cart's lines (of products that exist) saved as a new list; the cart stays as it is. */
  saveCart(user: AuthUser, body: { name: string; shared?: boolean | undefined }): Promise<List>;
  summaries(user: AuthUser): Promise<ListSummary[]>;
  get(user: AuthUser, id: string): Promise<List>;
  patch(user: AuthUser, id: string, body: { name?: string | undefined; shared?: boolean | undefined }): Promise<List>;
  remove(user: AuthUser, id: string): Promise<void>;
  putLines(
    user: AuthUser,
    id: string,
    lines: Array<{ productId: string; quantity: number; note: string | null }>,
  ): Promise<List>;
  addLines(user: AuthUser, id: string, lines: Array<{ sku: string; quantity: unknown }>): Promise<ListWithRejected>;
  toCart(user: AuthUser, id: string, productIds: string[] | undefined): Promise<CartWithRejected>;
}

export interface ListsDeps {
  db: Db;
  /** PostgreSQL takes row locks for the limits; SQLite runs one write transaction at a time already. */
  postgres: boolean;
  catalog: Pick<CatalogService, 'itemsByIds' | 'itemsBySkus'>;
  cart: Pick<CartService, 'price' | 'addProducts' | 'getCart'>;
}

/** Lines priced in one call for My Lists' totals: ten full lists, far below any query's parameter limit. */
const PRICING_SLICE = MAX_LIST_LINES * 10;

const tooManyLines = () => new AppError(409, 'too_many_lines', listMessages.tooManyLines);

export function createListsService({ db, postgres, catalog, cart }: ListsDeps): ListsService {
  /** The list priced for `user`; `read` are its lines when the caller has them already. */
  async function priced(user: AuthUser, list: repo.ListRow, read?: repo.ListLineRow[]): Promise<List> {
    const rows = read ?? (await repo.linesOf(db, list.id));
    const { lines, total } = await cart.price(
      user.id,
      rows.map((r) => ({ productId: r.product_id, quantity: r.quantity })),
    );
    return {
      _id: list.id,
      name: list.name,
      shared: list.company_id !== null,
      companyId: list.company_id,
      createdBy: list.created_by,
      lines: rows.map((row, i) => {
        const line = lines[i];
        if (line) return { ...line, note: row.note };
        // A deleted product's line stays, named as it was, so whoever reads the list sees what to replace.
        return {
          productId: row.product_id,
          sku: row.sku,
          name: row.name,
          quantity: row.quantity,
          note: row.note,
          unitPrice: null,
          lineTotal: null,
          problem: listMessages.productNotFound,
        };
      }),
      total,
      updatedAt: list.updated_at,
    };
  }

  /**
   * Each list's total (dollars) as its GET prices it, for all of them with one read of their lines and one pricing of
   * a few thousand lines at a time: a line counts when the pricer finds its product and no problem with it, as in the
   * pricer's own total.
   */
  async function totalsOf(user: AuthUser, listIds: string[]): Promise<Map<string, number>> {
    const rows = await repo.linesOfLists(db, listIds);
    // A line's price depends on its own product and quantity alone, so the lines are priced in slices: 200 lists of
    // 500 lines would pass the databases' limit on one query's parameters (SQLite 32,766, PostgreSQL 65,535).
    const slices: Array<typeof rows> = [];
    for (let at = 0; at < rows.length; at += PRICING_SLICE) slices.push(rows.slice(at, at + PRICING_SLICE));
    const pricedSlices = await Promise.all(
      slices.map((slice) =>
        cart.price(
          user.id,
          slice.map((r) => ({ productId: r.product_id, quantity: r.quantity })),
        ),
      ),
    );
    const lines = pricedSlices.flatMap((p) => p.lines);
    const cents = new Map<string, number[]>();
    rows.forEach((row, i) => {
      const line = lines[i];
      if (!line || line.problem !== null) return;
      const list = cents.get(row.list_id) ?? [];
      list.push(dollarsToCents(line.lineTotal));
      cents.set(row.list_id, list);
    });
    return new Map([...cents].map(([id, values]) => [id, centsToDollars(Number(sumCents(values)))]));
  }

  /** The list and the caller's membership, once the caller may do `action` with it (else 404 or 403). */
  async function authorized(user: AuthUser, id: string, action: ListAction) {
    const [list, membership] = await Promise.all([repo.findList(db, id), findMembership(db, user.id)]);
    if (!list) throw listNotFound();
    authorizeList(list, user.id, membership, action);
    return { list, membership };
  }

  /**
   * As authorized, with the list's lines read beside the list and the membership (a 500-line list's read is the
   * heavy one: one round trip less), and dropped unread by anyone who may not see them.
   */
  async function readable(user: AuthUser, id: string) {
    const [list, membership, lines] = await Promise.all([
      repo.findList(db, id),
      findMembership(db, user.id),
      repo.linesOf(db, id),
    ]);
    if (!list) throw listNotFound();
    authorizeList(list, user.id, membership, 'read');
    return { list, lines };
  }

  /** Sharing a list with one's company: 400 for a person in none, 403 for a viewer (who changes no shared list). */
  function mayShare(user: AuthUser, membership: Membership | undefined): asserts membership is Membership {
    if (!membership) throw new AppError(400, 'validation_error', listMessages.sharedWithoutCompany);
    authorizeList({ created_by: user.id, company_id: membership.companyId }, user.id, membership, 'edit');
  }

  async function create(
    user: AuthUser,
    body: { name: string; shared?: boolean | undefined },
    lines: Array<{ productId: string; sku: string; name: string; quantity: number }>,
  ): Promise<List> {
    const shared = body.shared === true;
    const membership = await findMembership(db, user.id);
    if (shared) mayShare(user, membership);
    const id = newId();
    const at = new Date().toISOString();
    const row = await db.transaction().execute(async (trx) => {
      const companyId = await roomFor(trx, postgres, user.id, membership, shared);
      const list = { id, name: body.name, created_by: user.id, company_id: companyId, created_at: at, updated_at: at };
      await repo.insertList(
        trx,
        list,
        lines.map((l, position) => ({
          list_id: id,
          product_id: l.productId,
          position,
          sku: l.sku,
          name: l.name,
          quantity: l.quantity,
          note: null,
        })),
      );
      return list;
    });
    return priced(user, row);
  }

  /**
   * Runs `change` on the locked list, then marks it changed. The caller is authorized again against the locked row
   * (a list made private or deleted a moment ago is then 404), so no change rests on a read made before the lock.
   */
  async function changing(
    user: AuthUser,
    id: string,
    action: ListAction,
    change: (trx: Db, list: repo.ListRow) => Promise<void>,
  ) {
    return db.transaction().execute(async (trx) => {
      const list = await repo.lockList(trx, id, postgres);
      if (!list) throw listNotFound();
      authorizeList(list, user.id, await findMembership(trx, user.id), action);
      await change(trx, list);
      const updatedAt = new Date().toISOString();
      await repo.updateList(trx, id, { updated_at: updatedAt });
      return { ...list, updated_at: updatedAt };
    });
  }

  return {
    create: (user, body) => create(user, body, []),

    async saveCart(user, body) {
      const { lines } = await cart.getCart(user);
      if (lines.length === 0) throw new AppError(400, 'cart_empty', orderingMessages.cartEmpty);
      return create(
        user,
        body,
        lines.map(({ productId, sku, name, quantity }) => ({ productId, sku, name, quantity })),
      );
    },

    async summaries(user) {
      const membership = await findMembership(db, user.id);
      const rows = await repo.listsFor(db, user.id, membership?.companyId);
      const totals = await totalsOf(
        user,
        rows.map((r) => r.id),
      );
      return rows.map((r) => ({
        _id: r.id,
        name: r.name,
        shared: r.company_id !== null,
        companyId: r.company_id,
        createdBy: r.created_by,
        lineCount: Number(r.line_count),
        total: totals.get(r.id) ?? 0,
        updatedAt: r.updated_at,
      }));
    },

    async get(user, id) {
      const { list, lines } = await readable(user, id);
      return priced(user, list, lines);
    },

    async patch(user, id, body) {
      const { membership } = await authorized(user, id, 'manage');
      const row = await changing(user, id, 'manage', async (trx, list) => {
        const shared = body.shared ?? list.company_id !== null;
        let companyId = list.company_id;
        if (shared && list.company_id === null) mayShare(user, membership);
        if (shared !== (list.company_id !== null)) {
          // Made private, it is its creator's again (and counts among their lists); shared, the caller's company's.
          companyId = await roomFor(trx, postgres, list.created_by, membership, shared);
        }
        await repo.updateList(trx, id, {
          company_id: companyId,
          ...(body.name === undefined ? {} : { name: body.name }),
        });
        list.company_id = companyId;
        if (body.name !== undefined) list.name = body.name;
      });
      return priced(user, row);
    },

    async remove(user, id) {
      await authorized(user, id, 'manage');
      await repo.deleteList(db, id);
    },

    async putLines(user, id, lines) {
      await authorized(user, id, 'edit');
      // One more than the list holds is its limit (409, as adding by SKU answers), not a malformed body.
      if (lines.length > MAX_LIST_LINES) throw tooManyLines();
      const items = await catalog.itemsByIds(lines.map((l) => l.productId));
      const missing = lines.findIndex((l) => !items.has(l.productId));
      if (missing >= 0) {
        throw new AppError(400, 'validation_error', `lines[${missing}]: ${orderingMessages.productNotFound}`);
      }
      const row = await changing(user, id, 'edit', (trx) =>
        repo.replaceLines(
          trx,
          id,
          lines.flatMap((l, position) => {
            const item = items.get(l.productId);
            if (!item) return [];
            const line = { list_id: id, product_id: l.productId, position, sku: item.sku, name: item.name };
            return [{ ...line, quantity: l.quantity, note: l.note }];
          }),
        ),
      );
      return priced(user, row);
    },

    async addLines(user, id, lines) {
      await authorized(user, id, 'edit');
      const { accepted, rejected } = await judgeSkuLines(catalog, lines);
      // Two lines of one product are one line of their sum, as in the cart.
      const merged = new Map<string, (typeof accepted)[number]>();
      for (const line of accepted) {
        const seen = merged.get(line.productId);
        merged.set(line.productId, seen ? { ...seen, quantity: seen.quantity + line.quantity } : line);
      }
      const row = await changing(user, id, 'edit', async (trx) => {
        const existing = await repo.linesOf(trx, id);
        const onList = new Set(existing.map((l) => l.product_id));
        const fresh = [...merged.keys()].filter((productId) => !onList.has(productId));
        if (onList.size + fresh.length > MAX_LIST_LINES) throw tooManyLines();
        let next = existing.reduce((top, l) => Math.max(top, l.position + 1), 0);
        const rows = [...merged.values()].map((l) => ({
          list_id: id,
          product_id: l.productId,
          // A product already on the list keeps its place (the upsert leaves position as it is).
          position: onList.has(l.productId) ? 0 : next++,
          sku: l.sku,
          name: l.name,
          quantity: l.quantity,
          note: null,
        }));
        if (!(await repo.addLines(trx, rows, MAX_QUANTITY))) {
          throw new AppError(400, 'quantity_too_large', listMessages.lineTooLarge);
        }
      });
      return { ...(await priced(user, row)), rejected };
    },

    async toCart(user, id, productIds) {
      const { lines: rows } = await readable(user, id);
      const wanted = productIds ? new Set(productIds) : undefined;
      if (productIds) {
        const onList = new Set(rows.map((r) => r.product_id));
        const stray = productIds.findIndex((p) => !onList.has(p));
        if (stray >= 0) {
          throw new AppError(400, 'validation_error', `productIds[${stray}] ${listMessages.notOnList}`);
        }
      }
      return cart.addProducts(
        user,
        rows.flatMap((r, index) =>
          wanted && !wanted.has(r.product_id)
            ? []
            : [{ index, sku: r.sku, productId: r.product_id, quantity: r.quantity }],
        ),
      );
    },
  };
}
