// A punch-out visit (B2B §17), from the system's setup to the transfer: the setup (cXML) or sign-in (OCI) makes a
// single-use start token valid 5 minutes; the start page exchanges it for a session of the connection's user,
// marked as punch-out and valid 8 hours; the transfer answers the page that posts the cart back, empties the cart and
// ends the session.
import { punchoutMessages, type PunchoutSession } from '@kestrel/shared';
import type { Db } from '../../infra/db/create-db.js';
import { newId } from '../../infra/db/ids.js';
import { AppError, forbidden, unauthorized } from '../../infra/errors.js';
import { dollarsToCents } from '../../infra/money.js';
import type { AuthUser, SessionService } from '../accounts/index.js';
import type { CartService } from '../cart/index.js';
import { orderMessage, type OrderMessageLine } from './cxml-documents.js';
import * as connections from './connections-repository.js';
import type { ItemOutLine } from './cxml-requests.js';
import { ociFields } from './oci-fields.js';
import { hashSecret, newSecret } from './secrets.js';
import { transferPage } from './transfer-page.js';
import * as repo from './visits-repository.js';

export const START_TOKEN_MS = 5 * 60_000;
export const PUNCHOUT_SESSION_MS = 8 * 60 * 60_000;

export interface VisitsDeps {
  db: Db;
  publicUrl: string;
  unspsc: string;
  sessions: Pick<SessionService, 'issueSession' | 'authenticate' | 'revoke'>;
  cart: Pick<CartService, 'getCart' | 'putCart' | 'addLines'>;
  now?: () => number;
}

/** Where a visit returns to and what its cart starts with. */
export interface VisitStart {
  connectionId: string;
  returnUrl: string;
  /** cXML's BuyerCookie; null for OCI. */
  buyerCookie: string | null;
  /** OCI's ~TARGET; null: _top. */
  target: string | null;
  /** An edit's lines; empty: the cart starts empty. */
  items: ItemOutLine[];
}

export interface Transfer {
  html: string;
  /** The origin the page's form posts to (the transfer answer's CSP allows it as a form-action). */
  returnOrigin: string;
}

export interface VisitsService {
  /** Answers the start page's address. */
  begin(start: VisitStart): Promise<string>;
  exchange(startToken: string, userAgent: string | undefined): Promise<PunchoutSession>;
  transfer(user: AuthUser): Promise<Transfer>;
  endSessionsOf(connectionId: string): Promise<void>;
}

export function createVisitsService(deps: VisitsDeps): VisitsService {
  const { db, publicUrl, unspsc, sessions, cart } = deps;
  const now = deps.now ?? Date.now;
  const host = new URL(publicUrl).host;

  return {
    async begin(start) {
      const at = now();
      const token = newSecret();
      await repo.insertVisit(db, {
        id: newId(at),
        connection_id: start.connectionId,
        start_hash: hashSecret(token),
        start_expires_at: new Date(at + START_TOKEN_MS).toISOString(),
        buyer_cookie: start.buyerCookie,
        return_url: start.returnUrl,
        target: start.target,
        cart_lines:
          start.items.length === 0
            ? null
            : JSON.stringify(start.items.map((i) => ({ sku: i.sku, quantity: i.quantity }))),
        created_at: new Date(at).toISOString(),
        started_at: null,
        session_id: null,
        ended_at: null,
      });
      return `${publicUrl}/punchout/start/${token}`;
    },

    async exchange(startToken, userAgent) {
      const visit = await repo.claimStart(db, hashSecret(startToken), new Date(now()).toISOString());
      if (!visit) throw new AppError(401, 'start_token_invalid', punchoutMessages.startTokenInvalid);
      const connection = await connections.findConnection(db, visit.connection_id);
      if (!connection) throw new AppError(401, 'start_token_invalid', punchoutMessages.startTokenInvalid);
      const token = await sessions.issueSession(connection.user_id, userAgent ?? null, {
        lifetimeMs: PUNCHOUT_SESSION_MS,
        punchoutId: visit.id,
      });
      const user = await sessions.authenticate(token);
      if (!user) throw unauthorized();
      await repo.setVisitSession(db, visit.id, user.sessionId);
      // A punch-out starts from what the system sent: nothing (create) or the lines it edits, never a cart left over.
      await cart.putCart(user, []);
      if (visit.cart_lines !== null) {
        const lines: Array<{ sku: string; quantity: number }> = JSON.parse(visit.cart_lines);
        await cart.addLines(user, lines);
      }
      return { token, connection: { name: connection.name, protocol: connection.protocol } };
    },

    async transfer(user) {
      if (user.punchoutId === undefined) throw forbidden(punchoutMessages.notPunchout);
      const visit = await repo.findVisit(db, user.punchoutId);
      const connection = visit ? await connections.findConnection(db, visit.connection_id) : undefined;
      if (!visit || !connection || visit.ended_at !== null) throw unauthorized();
      const current = await cart.getCart(user);
      if (current.lines.some((l) => l.problem !== null)) {
        throw new AppError(409, 'cart_has_problems', punchoutMessages.cartHasProblems);
      }
      // The cart's own prices (contract and volume prices included), net of tax.
      const lines: OrderMessageLine[] = current.lines.map((l) => ({
        sku: l.sku,
        productId: l.productId,
        name: l.name,
        quantity: l.quantity,
        unitCents: dollarsToCents(l.unitPrice),
      }));
      const fields: Array<[string, string]> =
        connection.protocol === 'cxml'
          ? [['cxml-urlencoded', orderMessage(host, visit.buyer_cookie ?? '', lines, unspsc, new Date(now()))]]
          : ociFields(lines);
      const html = transferPage(visit.return_url, visit.target ?? '_top', fields);
      // Once: a second transfer of the same session (a double click) finds it ended.
      if (!(await repo.endVisit(db, visit.id, new Date(now()).toISOString()))) throw unauthorized();
      await cart.putCart(user, []);
      await sessions.revoke(user.sessionId);
      return { html, returnOrigin: new URL(visit.return_url).origin };
    },

    async endSessionsOf(connectionId) {
      for (const sessionId of await repo.sessionsOfConnection(db, connectionId)) await sessions.revoke(sessionId);
    },
  };
}
