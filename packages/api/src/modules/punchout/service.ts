// Punch-out (B2B §17): the connections, the visits and the purchase orders, behind the systems' credentials. A cXML
// request names its connection by the Sender identity and proves it with the SharedSecret; OCI names it in the
// address and proves it with USERNAME (the connection's userEmail) and PASSWORD (its secret).
import type { Db } from '../../infra/db/create-db.js';
import { AppError, notFound } from '../../infra/errors.js';
import * as connections from './connections-repository.js';
import type { OrderRequest, SenderCredential, SetupRequest } from './cxml-requests.js';
import type { createOrderRequests, PlacedRequest } from './order-request.js';
import { secretMatches } from './secrets.js';
import type { VisitsService } from './visits.js';

export interface PunchoutService {
  /** Refuses (401) a Sender credential no cXML connection holds; the routes ask before reading the whole document. */
  checkSender(credential: SenderCredential): Promise<void>;
  setup(request: SetupRequest): Promise<string>;
  order(request: OrderRequest): Promise<PlacedRequest>;
  ociSignIn(
    connectionId: string,
    fields: { username: string; password: string; hookUrl: string; target: string | null },
  ): Promise<string>;
}

const wrongCredentials = () => new AppError(401, 'unauthorized', 'The identity or shared secret is wrong');

export function createPunchoutService(deps: {
  db: Db;
  visits: VisitsService;
  placeOrder: ReturnType<typeof createOrderRequests>;
}): PunchoutService {
  const { db, visits, placeOrder } = deps;

  async function cxmlConnection(credential: SenderCredential) {
    const connection = await connections.findCxmlConnection(db, credential.identity);
    if (!connection || !secretMatches(credential.sharedSecret, connection.secret_hash)) throw wrongCredentials();
    return connection;
  }

  return {
    async checkSender(credential) {
      await cxmlConnection(credential);
    },

    async setup(request) {
      const connection = await cxmlConnection(request.credential);
      return visits.begin({
        connectionId: connection.id,
        returnUrl: request.returnUrl,
        buyerCookie: request.buyerCookie,
        target: null,
        items: request.items,
      });
    },

    async order(request) {
      return placeOrder(await cxmlConnection(request.credential), request);
    },

    async ociSignIn(connectionId, fields) {
      const connection = /^[0-9a-f]{24}$/.test(connectionId)
        ? await connections.findListedConnection(db, connectionId)
        : undefined;
      if (!connection || connection.protocol !== 'oci') throw notFound('Punch-out connection');
      const userMatches = fields.username.trim().toLowerCase() === connection.user_email;
      if (!secretMatches(fields.password, connection.secret_hash) || !userMatches) {
        throw new AppError(401, 'unauthorized', 'USERNAME or PASSWORD is wrong');
      }
      return visits.begin({
        connectionId: connection.id,
        returnUrl: fields.hookUrl,
        buyerCookie: null,
        target: fields.target,
        items: [],
      });
    },
  };
}
