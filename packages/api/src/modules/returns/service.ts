// Returns (RMA, B2B §14, docs/product.md §43): a buyer asks delivered units back, the shop authorizes or rejects,
// then receives the goods, restocks what it chooses and credits what arrived. Each step is one transaction that takes
// the order's row first (repository.ts holdOrder), so two requests for the same units, or two receives of one return,
// run one after the other: the second sees the first committed and is refused (400 for units no longer returnable,
// 409 for a return no longer authorized). Mail to whoever asked, the `return.*` event and the audit entry are written
// in the same transaction; the outboxes are woken after the commit.
import {
  can,
  type Order,
  type Return,
  type ReturnReceive,
  type ReturnRequest,
  type ReturnsQuery,
  type ReturnStatus,
} from '@kestrel/shared';
import type { Transaction } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import { newId } from '../../infra/db/ids.js';
import type { Database } from '../../infra/db/schema.js';
import { transactionWithEvents } from '../../infra/db/transaction-with-events.js';
import { takeNextNumber } from '../../infra/db/year-counters.js';
import { AppError, forbidden, notFound } from '../../infra/errors.js';
import type { AuthUser } from '../accounts/index.js';
import { changedFields, recordAudit, type AuditContext } from '../audit/index.js';
import { findMembership, VIEWER_REFUSAL } from '../companies/index.js';
import { SELLER } from '../documents/index.js';
import type { MailService } from '../mail/index.js';
import { authorizeOrder, type OrderRow, type OrdersService } from '../orders/index.js';
import type { WebhooksService } from '../webhooks/index.js';
import type { ReturnCredit } from './credit-port.js';
import * as repo from './repository.js';
import { formatReturnNumber, toReturn } from './return-answer.js';
import { deliveriesOf, returnableUnits, type Returnable } from './return-window.js';

/** How many returns one list answers, newest first. */
export const RETURNS_LIST_LIMIT = 200;

export interface ReturnsDeps {
  db: Db;
  orders: Pick<OrdersService, 'findOrder' | 'toAnswer'>;
  mail: Pick<MailService, 'enqueue' | 'wake'>;
  webhooks: Pick<WebhooksService, 'subscribers' | 'event' | 'insert' | 'wake'>;
  credit: ReturnCredit;
  /** The catalogue hears of every stock move (restocked units). */
  stockMoved: () => void;
  /** RETURN_DAYS: whole days after a shipment's delivery its units may be asked back; 0: no returns. */
  returnDays: number;
  now?: () => Date;
}

export interface ReturnsService {
  request(user: AuthUser, orderId: string, body: ReturnRequest): Promise<Return>;
  list(user: AuthUser, query: ReturnsQuery): Promise<Return[]>;
  get(user: AuthUser, id: string): Promise<Return>;
  /** The shop's steps: their routes hold the permission (returns.decide; orders.ship to receive). */
  authorize(id: string, audit: AuditContext | null): Promise<Return>;
  reject(id: string, reason: string, audit: AuditContext | null): Promise<Return>;
  receive(id: string, body: ReturnReceive, audit: AuditContext | null): Promise<Return>;
}

interface LineRefusal {
  index: number;
  productId: string;
  message: string;
}

/** 400 naming every line that cannot be asked back or received as sent. */
export class ReturnLinesRefused extends AppError {
  constructor(message: string, lines: LineRefusal[]) {
    super(400, 'return_lines_invalid', message, { lines });
  }
}

const STATUS_WORDS: Record<ReturnStatus, string> = {
  requested: 'requested',
  authorized: 'authorized',
  rejected: 'rejected',
  received: 'received',
};

const invalidTransition = (status: ReturnStatus, action: string) =>
  new AppError(409, 'invalid_transition', `A return that is ${STATUS_WORDS[status]} cannot be ${action}`);

const ASK_REFUSAL = "Only the order's buyer, or its company's owners and buyers, can ask for a return";

function refusalOf(r: Returnable, returnDays: number): string {
  if (r.ok) return '';
  switch (r.reason) {
    case 'not_in_order':
      return 'this product is not in the order';
    case 'not_delivered':
      return 'no units of this product have been delivered yet';
    case 'window_closed':
      return `returns close ${returnDays} days after delivery`;
    case 'all_held':
      return 'every delivered unit of this product is already in a return';
  }
}

export function createReturnsService(deps: ReturnsDeps): ReturnsService {
  const { db, mail, webhooks, credit, returnDays } = deps;
  const now = deps.now ?? (() => new Date());

  async function answer(executor: Db, row: repo.ReturnRow): Promise<Return> {
    return toReturn(row, await repo.linesOfReturns(executor, [row.id]));
  }

  async function reread(id: string): Promise<repo.ReturnRow> {
    const row = await repo.findReturn(db, id);
    if (!row) throw notFound('Return');
    return row;
  }

  /** A return's event, with the return as it is in the transaction, for the endpoints that want it. */
  const returnEvents = {
    record: async (trx: Transaction<Database>, type: string, id: string): Promise<boolean> => {
      const endpointIds = await webhooks.subscribers(type, trx);
      if (endpointIds.length === 0) return false;
      const row = await repo.findReturn(trx, id);
      if (!row) return false;
      await webhooks.insert(trx, webhooks.event(type, await answer(trx, row), endpointIds));
      return true;
    },
    wake: () => webhooks.wake(),
  };

  /** Runs one step's transaction; records its event with the return as it then is; wakes the outboxes after. */
  async function step<T>(
    work: (trx: Transaction<Database>, record: (type: string, id: string) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    const result = await transactionWithEvents(db, returnEvents, work);
    mail.wake();
    return result;
  }

  /** The return if the caller may see it: whoever asked, a member of the order's company, staff reading orders. */
  async function visibleReturn(user: AuthUser, id: string): Promise<repo.ReturnRow> {
    const row = await repo.findReturn(db, id);
    if (!row) throw notFound('Return');
    if (row.user_id === user.id || can(user, 'orders.read')) return row;
    if (row.company_id !== null && (await findMembership(db, user.id))?.companyId === row.company_id) return row;
    throw notFound('Return');
  }

  /** Who may ask: the buyer of a personal order; in a company, its owners and buyers (viewers read only). */
  async function requireMayAsk(user: AuthUser, order: OrderRow): Promise<void> {
    const membership = await findMembership(db, user.id);
    if (membership?.role === 'viewer') throw forbidden(VIEWER_REFUSAL);
    const mayAsk = order.company_id === null ? order.user_id === user.id : membership?.companyId === order.company_id;
    if (!mayAsk) throw forbidden(ASK_REFUSAL);
  }

  function mailOf(row: repo.ReturnRow, event: 'requested' | 'authorized' | 'rejected' | 'received', units: number) {
    return {
      to: row.email,
      dedupeKey: `return-${event}:${row.id}`,
      content: {
        kind: 'return' as const,
        data: {
          event,
          returnId: row.id,
          returnNumber: row.number,
          orderId: row.order_id,
          orderNumber: row.order_number,
          recipientName: row.user_name,
          units,
          sendTo: event === 'authorized' ? [SELLER.name, ...SELLER.address] : null,
          reason: event === 'rejected' ? row.reject_reason : null,
          refundCents: event === 'received' ? Number(row.refund_total_cents) : null,
          creditNoteNumber: event === 'received' ? row.credit_note_number : null,
        },
      },
    };
  }

  /** Every line of the request judged against the order as delivered and the units other returns hold. */
  function judgeRequest(order: Order, held: Map<string, number>, body: ReturnRequest, at: Date): LineRefusal[] {
    const deliveries = deliveriesOf(order);
    const refusals: LineRefusal[] = [];
    body.lines.forEach((line, index) => {
      const inOrder = order.lines.some((l) => l.productId === line.productId);
      const r = returnableUnits(inOrder, deliveries.get(line.productId), held.get(line.productId) ?? 0, returnDays, at);
      if (!r.ok) refusals.push({ index, productId: line.productId, message: refusalOf(r, returnDays) });
      else if (line.quantity > r.units) {
        refusals.push({ index, productId: line.productId, message: `at most ${r.units} can be returned` });
      }
    });
    return refusals;
  }

  async function decide(
    id: string,
    to: 'authorized' | 'rejected',
    reason: string | null,
    audit: AuditContext | null,
  ): Promise<Return> {
    const action = to === 'authorized' ? 'authorized' : 'rejected';
    const row = await reread(id);
    if (row.status !== 'requested') throw invalidTransition(row.status, action);
    const at = now().toISOString();
    const done = await step(async (trx, record) => {
      const set = { status: to, updated_at: at, ...(to === 'rejected' ? { reject_reason: reason } : {}) };
      if (!(await repo.changeStatus(trx, id, 'requested', set))) return false;
      const after = { ...row, ...set };
      const units = (await repo.linesOfReturns(trx, [id])).reduce((sum, l) => sum + Number(l.quantity), 0);
      await mail.enqueue(trx, mailOf(after, to, units));
      await record(`return.${to}`, id);
      await recordAudit(trx, audit, {
        action: `return.${to}`,
        targetType: 'return',
        targetId: id,
        summary: `${to === 'authorized' ? 'Authorized' : 'Rejected'} return ${row.number}${reason ? `: ${reason}` : ''}`,
        changes: changedFields({ status: row.status }, { status: to }),
      });
      return true;
    });
    if (!done) throw invalidTransition((await reread(id)).status, action);
    return answer(db, await reread(id));
  }

  return {
    async request(user, orderId, body) {
      const order = await authorizeOrder(db, await deps.orders.findOrder(orderId), user, 'read');
      await requireMayAsk(user, order);
      if (returnDays === 0) {
        throw new ReturnLinesRefused(
          'This shop does not take returns',
          body.lines.map((l, index) => ({ index, productId: l.productId, message: 'returns are turned off' })),
        );
      }
      const answered = await deps.orders.toAnswer(order);
      const at = now();
      const created = await step(async (trx, record) => {
        if (!(await repo.holdOrder(trx, orderId))) throw notFound('Order');
        const refusals = judgeRequest(answered, await repo.heldUnits(trx, orderId), body, at);
        if (refusals.length > 0) throw new ReturnLinesRefused('Some lines cannot be returned', refusals);
        const id = newId(at.getTime());
        const stamp = at.toISOString();
        const year = at.getUTCFullYear();
        const row: repo.ReturnRow = {
          id,
          number: formatReturnNumber(year, await takeNextNumber(trx, 'return_counters', year)),
          order_id: orderId,
          order_number: order.number,
          user_id: user.id,
          email: user.email,
          user_name: user.name,
          company_id: order.company_id,
          status: 'requested',
          note: body.note ?? null,
          reject_reason: null,
          refund_total_cents: 0,
          credit_note_number: null,
          created_at: stamp,
          updated_at: stamp,
        };
        const lines = body.lines.map((line, lineNo) => {
          const ordered = answered.lines.find((l) => l.productId === line.productId);
          return {
            return_id: id,
            line_no: lineNo,
            product_id: line.productId,
            sku: ordered?.sku ?? '',
            name: ordered?.name ?? '',
            quantity: line.quantity,
            reason: line.reason,
          };
        });
        await repo.insertReturn(trx, row, lines);
        const units = body.lines.reduce((sum, l) => sum + l.quantity, 0);
        await mail.enqueue(trx, mailOf(row, 'requested', units));
        await record('return.requested', id);
        return row;
      });
      return answer(db, created);
    },

    async list(user, query) {
      let scope: repo.ReturnsScope = { all: true };
      if (!can(user, 'orders.read')) {
        scope = { userId: user.id, companyId: (await findMembership(db, user.id))?.companyId ?? null };
      }
      const rows = await repo.listReturns(db, scope, query, RETURNS_LIST_LIMIT);
      const lines = await repo.linesOfReturns(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((row) =>
        toReturn(
          row,
          lines.filter((l) => l.return_id === row.id),
        ),
      );
    },

    async get(user, id) {
      return answer(db, await visibleReturn(user, id));
    },

    authorize: (id, audit) => decide(id, 'authorized', null, audit),
    reject: (id, reason, audit) => decide(id, 'rejected', reason, audit),

    async receive(id, body, audit) {
      const row = await reread(id);
      const lines = await repo.linesOfReturns(db, [id]);
      const refusals: LineRefusal[] = [];
      body.lines.forEach((l, index) => {
        const line = lines.find((x) => x.product_id === l.productId);
        if (!line) refusals.push({ index, productId: l.productId, message: 'this product is not in the return' });
        else if (l.quantity > Number(line.quantity)) {
          refusals.push({ index, productId: l.productId, message: `at most ${line.quantity} were to be returned` });
        }
      });
      if (refusals.length > 0) throw new ReturnLinesRefused('Some lines cannot be received as sent', refusals);
      if (row.status !== 'authorized') throw invalidTransition(row.status, 'received');
      const at = now().toISOString();
      let stockMoved = false;
      const done = await step(async (trx, record) => {
        // The order's row first, as every change of its returns and its cancel take it; then the guarded change.
        await repo.holdOrder(trx, row.order_id);
        if (!(await repo.changeStatus(trx, id, 'authorized', { status: 'received', updated_at: at }))) return false;
        const received = lines.map((line) => {
          const said = body.lines.find((l) => l.productId === line.product_id);
          const units = said?.quantity ?? 0;
          return { line, units, restocked: said?.restock ? units : 0 };
        });
        for (const r of received) {
          await repo.recordReceived(trx, id, r.line.line_no, r.units, r.restocked);
          if (r.units > 0) await repo.addReturnedUnits(trx, row.order_id, r.line.product_id, r.units);
        }
        const credited = received
          .filter((r) => r.units > 0)
          .map((r) => ({ productId: r.line.product_id, quantity: r.units }));
        // The credit before the restock: the company's row (on account) before the products', as order writes lock them.
        const note =
          credited.length > 0
            ? await credit.creditOrder(trx, { orderId: row.order_id, lines: credited, reason: 'return', at })
            : null;
        await repo.recordCredit(trx, id, note?.total ?? 0, note?.creditNoteNumber ?? null);
        for (const r of [...received].sort((a, b) => (a.line.product_id < b.line.product_id ? -1 : 1))) {
          if (r.restocked > 0) {
            await repo.restock(trx, r.line.product_id, r.restocked);
            stockMoved = true;
          }
        }
        await repo.touchOrder(trx, row.order_id, at);
        const after = {
          ...row,
          status: 'received' as const,
          refund_total_cents: note?.total ?? 0,
          credit_note_number: note?.creditNoteNumber ?? null,
        };
        const units = received.reduce((sum, r) => sum + r.units, 0);
        await mail.enqueue(trx, mailOf(after, 'received', units));
        await record('return.received', id);
        await recordAudit(trx, audit, {
          action: 'return.received',
          targetType: 'return',
          targetId: id,
          summary: `Received return ${row.number}: ${units} unit(s), ${received.reduce((s, r) => s + r.restocked, 0)} restocked`,
          changes: {
            status: ['authorized', 'received'],
            creditNoteNumber: [null, after.credit_note_number],
          },
        });
        return true;
      }).finally(() => {
        if (stockMoved) deps.stockMoved();
      });
      if (!done) throw invalidTransition((await reread(id)).status, 'received');
      // A card refund that fails now stays due: billing's sweep pays it later.
      await credit.afterCredit?.(row.order_id).catch(() => undefined);
      return answer(db, await reread(id));
    },
  };
}
