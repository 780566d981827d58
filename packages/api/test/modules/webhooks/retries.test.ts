// B2B §9's retries under a clock the test moves (both databases): a receiver that fails gets the same webhook-id with
// a fresh timestamp and signature on each attempt, on the schedule 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then the
// event is failed; an endpoint whose events all failed for 24 hours is disabled and every administrator is mailed.
// Ping sends one attempt now.
import type { WebhookDelivery } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrder } from '../orders/lifecycle/lifecycle-fixtures.js';
import { databases } from '../../helpers/databases.js';
import { call } from '../../helpers/test-app.js';
import { startReceiver, type Receiver } from './receiver.js';
import { createHookWorld, register, type HookWorld } from './webhook-fixtures.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const SCHEDULE = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];

describe.each(databases)('webhook retries (%s)', (kind) => {
  let w: HookWorld;
  let receiver: Receiver;

  beforeAll(async () => {
    w = await createHookWorld(kind);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await w.t.close();
    await receiver.close();
  });

  async function log(id: string): Promise<WebhookDelivery[]> {
    const res = await call(w.app, 'GET', `/api/admin/webhooks/${id}/deliveries`, w.admin);
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  it('retries a failing receiver with the same id and a fresh timestamp, and stops once it answers 2xx', async () => {
    const hook = await register(w.app, w.admin, receiver.url, ['order.created']);
    let failures = 2;
    receiver.answer = () => (failures-- > 0 ? 503 : 204);
    await placeOrder(w);
    await w.app.webhooks.deliverDue();
    expect(receiver.received).toHaveLength(1);
    // Not due yet a moment before the first delay has passed.
    w.clock.advance(SCHEDULE[0]! - 1);
    await w.app.webhooks.deliverDue();
    expect(receiver.received).toHaveLength(1);
    w.clock.advance(1);
    await w.app.webhooks.deliverDue();
    expect(receiver.received).toHaveLength(2);
    w.clock.advance(SCHEDULE[1]!);
    await w.app.webhooks.deliverDue();
    w.clock.advance(SCHEDULE[2]!);
    await w.app.webhooks.deliverDue();
    expect(receiver.received).toHaveLength(3);

    const [first, second, third] = receiver.received;
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(1);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    expect(Number(second!.timestamp) - Number(first!.timestamp)).toBe(5);
    expect(Number(third!.timestamp) - Number(second!.timestamp)).toBe(300);
    // Each attempt is signed for its own timestamp, as the library computes it.
    const { Webhook } = await import('standardwebhooks');
    for (const r of receiver.received) {
      expect(r.signature).toBe(new Webhook(hook.secret).sign(r.id, new Date(Number(r.timestamp) * 1000), r.body));
    }
    const attempts = await log(hook._id);
    expect(attempts.map((a) => [a.attempt, a.status, a.error])).toEqual([
      [3, 204, null],
      [2, 503, 'HTTP 503'],
      [1, 503, 'HTTP 503'],
    ]);
    expect(attempts[0]?.nextAttemptAt).toBeNull();
    expect(Date.parse(attempts[2]!.nextAttemptAt!) - Date.parse(attempts[2]!.at)).toBe(SCHEDULE[0]);
    expect(Date.parse(attempts[1]!.nextAttemptAt!) - Date.parse(attempts[1]!.at)).toBe(SCHEDULE[1]);
    await call(w.app, 'DELETE', `/api/admin/webhooks/${hook._id}`, w.admin);
    receiver.received.length = 0;
  });

  it('gives an event up after eight attempts and disables an endpoint that failed for 24 h, mailing the admins', async () => {
    const hook = await register(w.app, w.admin, receiver.url, ['*']);
    receiver.answer = () => 500;
    await placeOrder(w);
    await w.app.webhooks.deliverDue();
    for (const delay of SCHEDULE) {
      w.clock.advance(delay);
      await w.app.webhooks.deliverDue();
    }
    expect(receiver.received).toHaveLength(8);
    const attempts = await log(hook._id);
    expect(attempts.map((a) => a.attempt)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    const gaps = attempts
      .slice(1)
      .reverse()
      .map((a) => Date.parse(a.nextAttemptAt!) - Date.parse(a.at));
    expect(gaps).toEqual(SCHEDULE);
    expect(attempts[0]?.nextAttemptAt).toBeNull();
    const message = await w.app.db.selectFrom('webhook_messages').select('status').executeTakeFirstOrThrow();
    expect(message.status).toBe('failed');

    // The eighth attempt came 27 h 35 min after the first failure: the endpoint is off, the admin told once.
    const [listed] = (await call(w.app, 'GET', '/api/admin/webhooks', w.admin)).json<
      Array<{ enabled: boolean; disabledReason: string }>
    >();
    expect(listed?.enabled).toBe(false);
    expect(listed?.disabledReason).toMatch(/^every event failed for 24 hours/);
    const mails = await w.app.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'kind'])
      .where('kind', '=', 'webhook-disabled')
      .execute();
    expect(mails).toEqual([{ to_address: 'boss@example.com', kind: 'webhook-disabled' }]);

    // Disabled: new events are not recorded for it; enabled again, they are.
    await placeOrder(w);
    await w.app.webhooks.deliverDue();
    expect(receiver.received).toHaveLength(8);
    const enabled = await call(w.app, 'PATCH', `/api/admin/webhooks/${hook._id}`, w.admin, { enabled: true });
    expect(enabled.json()).toMatchObject({ enabled: true, disabledReason: null });
    receiver.answer = () => 200;
    await placeOrder(w);
    await w.app.webhooks.deliverDue();
    expect(receiver.received).toHaveLength(9);
    await call(w.app, 'DELETE', `/api/admin/webhooks/${hook._id}`, w.admin);
    receiver.received.length = 0;
  });

  it('does not disable an endpoint that delivered within the day', async () => {
    const hook = await register(w.app, w.admin, receiver.url, ['order.created']);
    receiver.answer = () => 500;
    await placeOrder(w);
    await w.app.webhooks.deliverDue();
    w.clock.advance(20 * HOUR);
    receiver.answer = () => 200;
    await placeOrder(w);
    await w.app.webhooks.deliverDue();
    receiver.answer = () => 500;
    w.clock.advance(5 * HOUR);
    await placeOrder(w);
    await w.app.webhooks.deliverDue();
    const [listed] = (await call(w.app, 'GET', '/api/admin/webhooks', w.admin)).json<Array<{ enabled: boolean }>>();
    expect(listed?.enabled).toBe(true);
    await call(w.app, 'DELETE', `/api/admin/webhooks/${hook._id}`, w.admin);
    receiver.received.length = 0;
  });

  it('pings now and logs it; 404 for an unknown endpoint', async () => {
    w.clock.reset();
    const hook = await register(w.app, w.admin, receiver.url, ['product.created']);
    receiver.answer = () => 200;
    const res = await call(w.app, 'POST', `/api/admin/webhooks/${hook._id}/ping`, w.admin);
    expect(res.statusCode).toBe(200);
    const ping: WebhookDelivery = res.json();
    expect(ping).toMatchObject({ type: 'ping', attempt: 1, status: 200, error: null, nextAttemptAt: null });
    expect(receiver.received).toHaveLength(1);
    const got = receiver.verify(hook.secret, receiver.received[0]!);
    expect(got).toMatchObject({ type: 'ping', data: { webhookId: hook._id } });
    expect(receiver.received[0]?.id).toBe(ping.eventId);
    expect(await log(hook._id)).toEqual([ping]);
    receiver.answer = () => 500;
    const failed = (await call(w.app, 'POST', `/api/admin/webhooks/${hook._id}/ping`, w.admin)).json<WebhookDelivery>();
    expect(failed).toMatchObject({ type: 'ping', status: 500, error: 'HTTP 500', nextAttemptAt: null });
    const missing = await call(w.app, 'POST', '/api/admin/webhooks/0123456789abcdef01234567/ping', w.admin);
    expect(missing.statusCode).toBe(404);
    // Admins only.
    expect((await call(w.app, 'POST', `/api/admin/webhooks/${hook._id}/ping`, w.alice)).statusCode).toBe(403);
    expect((await call(w.app, 'GET', '/api/admin/webhooks', w.alice)).statusCode).toBe(403);
  });
});
