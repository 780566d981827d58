// GET /metrics (B2B §8; infra/observability/metrics-plugin.ts): exact request counts per route pattern, the bearer
// token, orders by status and the outbox and job queues on both databases, and the cache of the shop's figures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopFiguresSource } from '../../../src/infra/observability/shop-figures.js';
import { databases } from '../../helpers/databases.js';
import { resetMail } from '../../modules/mail/mail-fixtures.js';
import {
  addProduct,
  ADMIN,
  call,
  createTestApp,
  logIn,
  signUp,
  type SignedIn,
  type TestApp,
} from '../../helpers/test-app.js';
import { parseMetrics, valueOf, type Sample } from './prometheus-text.js';

const TOKEN = 'metrics-token-0123456789';

async function scrape(t: TestApp, headers: Record<string, string> = {}): Promise<Sample[]> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  return parseMetrics(res.body);
}

describe('GET /metrics: requests per route', () => {
  let t: TestApp;
  let productId: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {}, { metricsFiguresCacheMs: 0 });
    productId = await addProduct(t.app, await logIn(t.app, ADMIN.email, ADMIN.password));
    // The first scrape starts SQLite's off-loop reader process: here, not inside a test's time.
    await scrape(t);
  });
  afterAll(() => t.close());

  const count = (samples: Sample[], route: string, status: string, method = 'GET') =>
    valueOf(samples, 'http_requests_total', { method, route, status }) ?? 0;

  it('counts each request once under its route pattern, never its raw URL', async () => {
    const before = await scrape(t);
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ url: `/api/service/${productId}` })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ url: '/api/service/0123456789abcdef01234567' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/no-such-call/1' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/no-such-call/2' })).statusCode).toBe(404);
    const after = await scrape(t);

    expect(count(after, '/api/service/:id', '200') - count(before, '/api/service/:id', '200')).toBe(3);
    expect(count(after, '/api/service/:id', '404') - count(before, '/api/service/:id', '404')).toBe(1);
    // Unknown paths share one label.
    expect(count(after, 'unmatched', '404') - count(before, 'unmatched', '404')).toBe(2);
    expect(after.some((s) => s.labels.route?.includes(productId) || s.labels.route?.includes('no-such-call'))).toBe(
      false,
    );
    const histogram = (samples: Sample[], suffix: string, extra: Record<string, string> = {}) =>
      valueOf(samples, `http_request_duration_seconds_${suffix}`, {
        method: 'GET',
        route: '/api/service/:id',
        status_class: '2xx',
        ...extra,
      }) ?? 0;
    expect(histogram(after, 'count') - histogram(before, 'count')).toBe(3);
    expect(histogram(after, 'bucket', { le: '+Inf' }) - histogram(before, 'bucket', { le: '+Inf' })).toBe(3);
    expect(histogram(after, 'sum')).toBeGreaterThan(histogram(before, 'sum'));
  });

  it("counts the scrape itself on /metrics, and has the process's figures", async () => {
    const first = await scrape(t);
    const second = await scrape(t);
    expect(count(second, '/metrics', '200') - count(first, '/metrics', '200')).toBe(1);
    expect(valueOf(second, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(valueOf(second, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('is open without METRICS_TOKEN', async () => {
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { METRICS_TOKEN: TOKEN });
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const get = (authorization?: string) =>
    fetch(`${origin}/metrics`, authorization ? { headers: { authorization } } : {});

  it('answers 401 without the token or with a wrong one, 200 with it', async () => {
    const none = await get();
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect(await none.json()).toEqual({
      error: { code: 'unauthorized', message: 'GET /metrics needs the METRICS_TOKEN bearer token' },
    });
    expect((await get(`Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await get(`Bearer ${TOKEN.slice(0, -1)}`)).status).toBe(401);
    expect((await get(TOKEN)).status).toBe(401);
    expect((await get(`Basic ${TOKEN}`)).status).toBe(401);
    const ok = await get(`Bearer ${TOKEN}`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('# TYPE http_requests_total counter');
  });
});

describe.each(databases)('GET /metrics shop figures on %s', (kind) => {
  let t: TestApp;
  let ann: SignedIn;
  let productId: string;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { metricsFiguresCacheMs: 0 });
    const admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    ann = await signUp(t.app, 'Ann Buyer', 'ann@example.com');
    productId = await addProduct(t.app, admin, { name: 'NVMe SSD', price: 58.4, quantity: 10, availableQuantity: 500 });
  });
  afterAll(() => t.close());

  const place = async () => {
    const res = await call(t.app, 'POST', '/api/order', ann, {
      productId,
      inputQuantity: 10,
      phone: '+1 555 0100',
      address: '1 Main St',
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ insertedId: string }>().insertedId;
  };

  it('gives orders by status, read at scrape time', async () => {
    const empty = await scrape(t);
    expect(empty.filter((s) => s.name === 'kestrel_orders')).toEqual([]);
    const first = await place();
    await place();
    await place();
    expect((await call(t.app, 'POST', `/api/orders/${first}/cancel`, ann)).statusCode).toBe(200);
    const samples = await scrape(t);
    expect(samples.filter((s) => s.name === 'kestrel_orders')).toEqual([
      { name: 'kestrel_orders', labels: { status: 'cancelled' }, value: 1 },
      { name: 'kestrel_orders', labels: { status: 'pending' }, value: 2 },
    ]);
  });

  it('gives the mail outbox depth, the webhook outbox depth and each job queue', async () => {
    const before = await scrape(t);
    const queued = valueOf(before, 'kestrel_mail_outbox_queued');
    // Sign-up and order mail are queued already; nothing delivers them in an app that is not listening.
    expect(queued).toBe((await t.app.mail.queueDepth()).queued);
    await t.app.mail.send(resetMail('ada@example.com', 'reset:metrics-1'));
    await t.app.mail.send(resetMail('ada@example.com', 'reset:metrics-2'));
    const after = await scrape(t);
    expect(valueOf(after, 'kestrel_mail_outbox_queued')).toBe((queued ?? 0) + 2);
    expect(valueOf(after, 'kestrel_webhook_outbox_queued')).toBe(0);
    // The background engine starts with listening: every job is there, with nothing waiting.
    const jobs = after.filter((s) => s.name === 'kestrel_job_queue_depth');
    expect(jobs.map((s) => s.labels.job).sort()).toEqual(
      [
        'account-prune',
        'card-refunds',
        'mail-delivery',
        'order-expiry',
        'payment-sweep',
        'quote-expiry',
        'webhook-delivery',
      ].sort(),
    );
    expect(jobs.every((s) => s.value === 0)).toBe(true);
  });

  it('reads the figures at most once per cache period', async () => {
    let clock = 1_000_000;
    const errors: unknown[] = [];
    const source = shopFiguresSource(
      t.app.database,
      (e) => errors.push(e),
      5_000,
      () => clock,
    );
    const pending = async () => (await source.get())?.ordersByStatus.get('pending');
    const was = await pending();
    await place();
    clock += 4_999;
    expect(await pending()).toBe(was);
    clock += 1;
    expect(await pending()).toBe((was ?? 0) + 1);
    expect(errors).toEqual([]);
  });
});
