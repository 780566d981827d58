// A local stand-in for the Stripe API calls the adapter makes (create, retrieve and cancel a PaymentIntent; create and
// list refunds), so the REAL `stripe` SDK can be exercised offline. It answers like api.stripe.com (form-encoded
// requests, JSON objects, idempotent replays of any POST, resource_missing and payment_intent_unexpected_state errors)
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
  cancellation_reason: string | null;
  livemode: false;
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
}

export interface StripeStandIn {
  port: number;
  requests: RecordedRequest[];
  intents: Map<string, StandInIntent>;
  /** Every refund made, in order. */
  refunds: StandInRefund[];
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

const stripeError = (code: string, message: string, param?: string, extra: Record<string, unknown> = {}) => ({
  error: { type: 'invalid_request_error', code, message, ...(param ? { param } : {}), ...extra },
});

interface Reply {
  status: number;
  body: unknown;
}

/** Statuses Stripe lets an intent be cancelled from. */
const CANCELABLE = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, StandInIntent>();
  const replies = new Map<string, Reply>();
  const refunds: StandInRefund[] = [];

  function createIntent(form: Record<string, string>): Reply {
    const amount = Number(form.amount);
    if (amount > MAX_AMOUNT) {
      return {
        status: 400,
        body: stripeError('amount_too_large', 'Amount must be no more than $999,999.99', 'amount'),
      };
    }
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
      cancellation_reason: null,
      livemode: false,
    };
    intents.set(id, intent);
    return { status: 200, body: intent };
  }

  function cancelIntent(id: string): Reply {
    const intent = intents.get(id);
    if (!intent)
      return { status: 404, body: stripeError('resource_missing', `No such payment_intent: '${id}'`, 'intent') };
    if (!CANCELABLE.includes(intent.status)) {
      // Stripe's refusal names the state and carries the intent as it is, so the caller learns it was charged.
      const message =
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent ` +
        `with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`;
      return {
        status: 400,
        body: stripeError('payment_intent_unexpected_state', message, undefined, { payment_intent: { ...intent } }),
      };
    }
    intent.status = 'canceled';
    intent.cancellation_reason = 'requested_by_customer';
    return { status: 200, body: intent };
  }

  function createRefund(form: Record<string, string>): Reply {
    const id = form.payment_intent ?? '';
    const intent = intents.get(id);
    if (!intent) {
      return {
        status: 404,
        body: stripeError('resource_missing', `No such payment_intent: '${id}'`, 'payment_intent'),
      };
    }
    if (intent.status !== 'succeeded') {
      const message = `This PaymentIntent (${id}) does not have a successful charge to refund.`;
      return { status: 400, body: stripeError('charge_not_refundable', message, 'payment_intent') };
    }
    const refunded = refunds.filter((r) => r.payment_intent === id).reduce((sum, r) => sum + r.amount, 0);
    const amount = form.amount === undefined ? intent.amount - refunded : Number(form.amount);
    if (refunded >= intent.amount) {
      const message = `Charge ch_${id.slice(3)} has already been refunded.`;
      return { status: 400, body: stripeError('charge_already_refunded', message) };
    }
    if (!(amount > 0) || amount > intent.amount - refunded) {
      const message = `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge.`;
      return { status: 400, body: stripeError('amount_too_large', message, 'amount') };
    }
    const refund: StandInRefund = {
      id: `re_${token()}`,
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: id,
      status: 'succeeded',
    };
    refunds.push(refund);
    return { status: 200, body: refund };
  }

  /** The POST endpoints; null for a path the stand-in does not know. */
  function post(path: string, form: Record<string, string>): Reply | null {
    if (path === '/v1/payment_intents') return createIntent(form);
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (cancel?.[1]) return cancelIntent(cancel[1]);
    if (path === '/v1/refunds') return createRefund(form);
    return null;
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      requests.push({ method: req.method ?? '', path, headers: req.headers, form });

      // Stripe replays whatever a POST with the same Idempotency-Key answered first, without doing it again.
      const key = req.headers['idempotency-key'];
      if (req.method === 'POST') {
        const cached = typeof key === 'string' ? replies.get(key) : undefined;
        if (cached) return send(res, cached.status, cached.body, true);
        const reply = post(path, form);
        if (reply) {
          if (typeof key === 'string') replies.set(key, reply);
          return send(res, reply.status, reply.body);
        }
      }

      const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && retrieve?.[1]) {
        const intent = intents.get(retrieve[1]);
        if (intent) return send(res, 200, intent);
        return send(res, 404, stripeError('resource_missing', `No such payment_intent: '${retrieve[1]}'`, 'intent'));
      }
      if (req.method === 'GET' && path === '/v1/refunds') {
        const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
        const of = query.get('payment_intent');
        const data = refunds.filter((r) => !of || r.payment_intent === of).reverse();
        return send(res, 200, { object: 'list', url: '/v1/refunds', has_more: false, data });
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
    refunds,
    succeed(id) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      intent.status = 'succeeded';
    },
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
