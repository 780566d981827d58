// A local stand-in for the two Stripe API calls the adapter makes, so the REAL `stripe` SDK can be exercised offline.
// It answers like api.stripe.com (form-encoded requests, JSON objects, idempotent replays, resource_missing errors)
// and records every request so tests can assert exactly what left the shop.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
}

export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: null;
  livemode: false;
}

export interface StripeStandIn {
  port: number;
  requests: RecordedRequest[];
  intents: Map<string, StandInIntent>;
  /** What Stripe.js confirming a good card would do to the intent. */
  succeed(id: string): void;
  close(): Promise<void>;
}

/** Stripe's largest charge in USD: $999,999.99. */
const MAX_AMOUNT = 99_999_999;

const token = () => randomBytes(12).toString('hex');

function send(res: ServerResponse, status: number, body: unknown, replayed = false): void {
  res.writeHead(status, { 'content-type': 'application/json', ...(replayed ? { 'idempotent-replayed': 'true' } : {}) });
  res.end(JSON.stringify(body));
}

const stripeError = (code: string, message: string, param?: string) => ({
  error: { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) },
});

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, StandInIntent>();
  const replies = new Map<string, { status: number; body: unknown }>();

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      requests.push({ method: req.method ?? '', path, headers: req.headers, form });

      if (req.method === 'POST' && path === '/v1/payment_intents') {
        const key = req.headers['idempotency-key'];
        const cached = typeof key === 'string' ? replies.get(key) : undefined;
        if (cached) return send(res, cached.status, cached.body, true);
        const amount = Number(form.amount);
        let reply: { status: number; body: unknown };
        if (amount > MAX_AMOUNT) {
          reply = {
            status: 400,
            body: stripeError('amount_too_large', 'Amount must be no more than $999,999.99', 'amount'),
          };
        } else {
          const id = `pi_${token()}`;
          const metadata: Record<string, string> = {};
          for (const [k, v] of Object.entries(form)) {
            const m = /^metadata\[(.+)\]$/.exec(k);
            if (m?.[1]) metadata[m[1]] = v;
          }
          const intent: StandInIntent = {
            id,
            object: 'payment_intent',
            amount,
            currency: form.currency ?? '',
            status: 'requires_payment_method',
            client_secret: `${id}_secret_${token()}`,
            metadata,
            last_payment_error: null,
            livemode: false,
          };
          intents.set(id, intent);
          reply = { status: 200, body: intent };
        }
        if (typeof key === 'string') replies.set(key, reply);
        return send(res, reply.status, reply.body);
      }

      const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && retrieve?.[1]) {
        const intent = intents.get(retrieve[1]);
        if (intent) return send(res, 200, intent);
        return send(res, 404, stripeError('resource_missing', `No such payment_intent: '${retrieve[1]}'`, 'intent'));
      }
      send(res, 404, stripeError('resource_missing', `Unrecognized request URL (${req.method}: ${path})`));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = server.address();
  if (!address || typeof address === 'string') throw new Error('stand-in did not get a TCP port');

  return {
    port: address.port,
    requests,
    intents,
    succeed(id) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      intent.status = 'succeeded';
    },
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
