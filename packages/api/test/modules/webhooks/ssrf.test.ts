// B2B §9's address rule on both databases: without WEBHOOK_ALLOW_PRIVATE a webhook url must reach a public address.
// Hosts that are or resolve to loopback, private, link-local or unique-local addresses are refused (400) when
// registered, and checked again when each attempt connects: a name that resolves to a public address at registration
// and to loopback later is refused at delivery. Name resolution is injected (no DNS offline). Redirects are never
// followed.
import type { LookupAddress } from 'node:dns';
import { createServer, isIP } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrder } from '../orders/lifecycle/lifecycle-fixtures.js';
import { databases } from '../../helpers/databases.js';
import { call } from '../../helpers/test-app.js';
import { systemOwnAddresses } from '../../../src/modules/webhooks/address-policy.js';
import { startReceiver, type Receiver } from './receiver.js';
import { createHookWorld, register, type HookWorld } from './webhook-fixtures.js';

/** The test's DNS: names the test points where it likes. */
const names = new Map<string, LookupAddress[]>();
const resolve = async (hostname: string): Promise<LookupAddress[]> => {
  const found = names.get(hostname);
  if (!found) throw new Error(`ENOTFOUND ${hostname}`);
  return found;
};

describe.each(databases)('webhook addresses (%s)', (kind) => {
  let w: HookWorld;
  let receiver: Receiver;

  beforeAll(async () => {
    w = await createHookWorld(kind, { allowPrivate: false, resolve });
    receiver = await startReceiver();
    names.set('localhost', [
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ]);
    names.set('loopback.example.test', [{ address: '127.0.0.1', family: 4 }]);
    names.set('mixed.example.test', [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ]);
    names.set('public.example.test', [{ address: '93.184.216.34', family: 4 }]);
    names.set('rebind.example.test', [{ address: '93.184.216.34', family: 4 }]);
    names.set('documentation.example.test', [{ address: '198.51.100.20', family: 4 }]);
  });
  afterAll(async () => {
    await w.t.close();
    await receiver.close();
  });

  it.each([
    ['http://localhost/hooks', 'localhost resolves to 127.0.0.1'],
    ['http://127.0.0.1:8080/hooks', '127.0.0.1 is not a public address'],
    ['http://[::1]/hooks', '::1 is not a public address'],
    ['http://10.1.2.3/hooks', '10.1.2.3 is not a public address'],
    ['https://192.168.1.20/hooks', '192.168.1.20 is not a public address'],
    ['http://172.20.0.1/hooks', '172.20.0.1 is not a public address'],
    ['http://169.254.169.254/latest/meta-data', '169.254.169.254 is not a public address'],
    ['http://[fc00::1]/hooks', 'fc00::1 is not a public address'],
    ['http://[fd12:3456::1]/hooks', 'fd12:3456::1 is not a public address'],
    ['http://[fe80::1]/hooks', 'fe80::1 is not a public address'],
    ['http://[::ffff:127.0.0.1]/hooks', '::ffff:7f00:1 is not a public address'],
    ['http://0.0.0.0/hooks', '0.0.0.0 is not a public address'],
    ['http://loopback.example.test/hooks', 'loopback.example.test resolves to 127.0.0.1'],
    ['http://mixed.example.test/hooks', 'mixed.example.test resolves to 10.0.0.7'],
    ['http://nowhere.example.test/hooks', 'nowhere.example.test does not resolve'],
    // Issue 47: every special-purpose range, and IPv6 forms carrying a refused IPv4 address.
    ['http://192.0.2.1/hooks', '192.0.2.1 is not a public address'],
    ['http://198.51.100.7/hooks', '198.51.100.7 is not a public address'],
    ['http://203.0.113.9/hooks', '203.0.113.9 is not a public address'],
    ['http://192.88.99.1/hooks', '192.88.99.1 is not a public address'],
    ['http://[2001:db8::1]/hooks', '2001:db8::1 is not a public address'],
    ['http://[2002:7f00:1::]/hooks', '2002:7f00:1:: is not a public address (it carries 127.0.0.1)'],
    ['http://[::127.0.0.1]/hooks', '::7f00:1 is not a public address (it carries 127.0.0.1)'],
    ['http://[::ffff:0:127.0.0.1]/hooks', '::ffff:0:7f00:1 is not a public address (it carries 127.0.0.1)'],
    ['http://documentation.example.test/hooks', 'documentation.example.test resolves to 198.51.100.20'],
    ['http://[fec0::1]/hooks', 'fec0::1 is not a public address'],
  ])('refuses %s', async (url, why) => {
    const res = await call(w.app, 'POST', '/api/admin/webhooks', w.admin, { url, events: ['*'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('webhook_url_not_allowed');
    expect(res.json().error.message).toContain(why);
    expect(res.json().error.message).toMatch(/^A webhook url must reach a public address: /);
    expect((await call(w.app, 'GET', '/api/admin/webhooks', w.admin)).json()).toEqual([]);
  });

  it("refuses one of this machine's own addresses, whatever its range", async () => {
    const [own] = systemOwnAddresses().filter((a) => a !== '127.0.0.1' && isIP(a) === 4);
    if (!own) throw new Error('this test needs a machine with an IPv4 address besides loopback');
    const res = await call(w.app, 'POST', '/api/admin/webhooks', w.admin, { url: `http://${own}/`, events: ['*'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(
      new RegExp(
        `^A webhook url must reach a public address: ${own.replaceAll('.', '\\.')} is (not a public address|an address of this server)`,
      ),
    );
  });

  it("makes no connection when the name is re-pointed at one of this machine's own addresses", async () => {
    // A listener on every interface, as a local service would be: it counts the connections it is offered.
    const [own] = systemOwnAddresses().filter((a) => a !== '127.0.0.1' && isIP(a) === 4);
    if (!own) throw new Error('this test needs a machine with an IPv4 address besides loopback');
    const connections: string[] = [];
    const listener = createServer((socket) => {
      connections.push(socket.remoteAddress ?? '');
      socket.destroy();
    });
    await new Promise<void>((done) => listener.listen(0, '0.0.0.0', done));
    const address = listener.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      names.set('own.example.test', [{ address: '93.184.216.34', family: 4 }]);
      const hook = await register(w.app, w.admin, `http://own.example.test:${port}/hooks`, ['order.created']);
      names.set('own.example.test', [{ address: own, family: 4 }]);
      await placeOrder(w);
      await w.app.webhooks.deliverDue();
      expect(connections).toEqual([]);
      const [attempt] = (await call(w.app, 'GET', `/api/admin/webhooks/${hook._id}/deliveries`, w.admin)).json<
        Array<{ status: number | null; error: string }>
      >();
      expect(attempt?.status).toBeNull();
      expect(attempt?.error).toMatch(
        new RegExp(`^own\\.example\\.test resolves to ${own.replaceAll('.', '\\.')}, which is`),
      );
      await call(w.app, 'DELETE', `/api/admin/webhooks/${hook._id}`, w.admin);
    } finally {
      await new Promise((done) => listener.close(done));
    }
  });

  it.each([['ftp://public.example.test/x'], ['file:///etc/passwd'], ['javascript:alert(1)'], ['not a url']])(
    'refuses %s as no http(s) url',
    async (url) => {
      const res = await call(w.app, 'POST', '/api/admin/webhooks', w.admin, { url, events: ['*'] });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('url must be an http:// or https:// address');
    },
  );

  it('refuses a change of url to a private address and bad event names', async () => {
    const hook = await register(w.app, w.admin, 'https://public.example.test/hooks', ['order.created']);
    const moved = await call(w.app, 'PATCH', `/api/admin/webhooks/${hook._id}`, w.admin, { url: 'http://10.0.0.1/' });
    expect(moved.statusCode).toBe(400);
    const badEvent = await call(w.app, 'PATCH', `/api/admin/webhooks/${hook._id}`, w.admin, { events: ['order.lost'] });
    expect(badEvent.statusCode).toBe(400);
    const [listed] = (await call(w.app, 'GET', '/api/admin/webhooks', w.admin)).json<
      Array<{ url: string; events: string[] }>
    >();
    expect(listed).toMatchObject({ url: 'https://public.example.test/hooks', events: ['order.created'] });
    await call(w.app, 'DELETE', `/api/admin/webhooks/${hook._id}`, w.admin);
  });

  it('checks the address again when an attempt connects: a name re-pointed at loopback is refused', async () => {
    // Public at registration...
    const port = new URL(receiver.url).port;
    const hook = await register(w.app, w.admin, `http://rebind.example.test:${port}/hooks`, ['order.created']);
    // ...and the receiver's loopback address by the time the event goes out.
    names.set('rebind.example.test', [{ address: '127.0.0.1', family: 4 }]);
    await placeOrder(w);
    await w.app.webhooks.deliverDue();
    expect(receiver.received).toHaveLength(0);
    const [attempt] = (await call(w.app, 'GET', `/api/admin/webhooks/${hook._id}/deliveries`, w.admin)).json<
      Array<{ status: number | null; error: string }>
    >();
    expect(attempt).toMatchObject({
      status: null,
      error: 'rebind.example.test resolves to 127.0.0.1, which is not a public address',
    });
    await call(w.app, 'DELETE', `/api/admin/webhooks/${hook._id}`, w.admin);
  });
});

describe.each(databases)('webhook redirects (%s)', (kind) => {
  it('records a redirect as a failed attempt and never follows it', async () => {
    const w = await createHookWorld(kind);
    const target = await startReceiver();
    const redirecting = await startReceiver();
    redirecting.answer = () => ({ status: 307, location: target.url });
    try {
      const hook = await register(w.app, w.admin, redirecting.url, ['order.created']);
      await placeOrder(w);
      await w.app.webhooks.deliverDue();
      expect(redirecting.received).toHaveLength(1);
      expect(target.received).toHaveLength(0);
      const [attempt] = (await call(w.app, 'GET', `/api/admin/webhooks/${hook._id}/deliveries`, w.admin)).json<
        Array<{ status: number; error: string; nextAttemptAt: string | null }>
      >();
      expect(attempt).toMatchObject({ status: 307, error: 'HTTP 307 (redirects are not followed)' });
      expect(attempt?.nextAttemptAt).not.toBeNull();
    } finally {
      await w.t.close();
      await target.close();
      await redirecting.close();
    }
  });
});
