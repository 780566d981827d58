// An administrator adds a webhook endpoint with a choice of events, copies its secret (shown once), pings it, reads
// the delivery log and disables it; axe and a phone-width look on the way. The receiver runs in the test, on loopback
// (the e2e server allows private receivers: WEBHOOK_ALLOW_PRIVATE in playwright.config.ts).
import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import type { WebhookCreated } from '@kestrel/shared';
import { adminByApi, useSession } from '../support/api';
import { checkScreen, expectMessage } from '../support/screens';

let server: Server;
let url = '';
const received: Array<{ id: string; type: string }> = [];

test.beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const parsed: unknown = JSON.parse(body);
      const type = typeof parsed === 'object' && parsed !== null && 'type' in parsed ? String(parsed.type) : '';
      received.push({ id: String(request.headers['webhook-id']), type });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the receiver is not listening');
  url = `http://127.0.0.1:${address.port}/erp-events`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('adding a webhook, its secret once, ping, the delivery log and disabling it', async ({ page, request }) => {
  await useSession(page, await adminByApi(request));
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Integrations' }).click();
  await expect(page).toHaveURL(/\/dashboard\/integrations$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Webhooks' })).toBeVisible();
  await expect(page.getByText('No endpoints yet.')).toBeVisible();

  // A choice of events needs at least one.
  await page.getByLabel('Endpoint URL').fill(url);
  await page.getByLabel('Description (optional)').fill('ERP order feed');
  await page.getByLabel('All events, including those added later').uncheck();
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await expectMessage(page, 'Choose at least one event, or all events');
  await page.getByLabel('order.created').check();
  await page.getByLabel('order.shipped').check();
  await page.getByRole('button', { name: 'Add endpoint' }).click();

  const secretBox = page.getByLabel(`Signing secret of ${url}`);
  await expect(secretBox).toHaveValue(/^whsec_[A-Za-z0-9+/]{43}=$/);
  const secret = await secretBox.inputValue();
  const endpoints = page.getByRole('list', { name: 'Webhook endpoints' });
  await expect(endpoints.getByRole('listitem')).toHaveCount(1);
  await expect(endpoints.getByText('Events: order.created, order.shipped')).toBeVisible();
  await expect(endpoints.getByText('ERP order feed')).toBeVisible();
  await checkScreen(page, 'webhooks-secret', () => expect(secretBox).toBeVisible());

  // Dismissed, the secret is gone from the page and from every answer.
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(secret)).toHaveCount(0);
  await page.reload();
  await expect(endpoints.getByRole('listitem')).toHaveCount(1);
  expect(await page.content()).not.toContain(secret);

  await page.getByRole('button', { name: `Ping ${url}` }).click();
  await expectMessage(page, 'Ping delivered (HTTP 200)');
  expect(received.map((r) => r.type)).toEqual(['ping']);

  await page.getByRole('button', { name: `Show the delivery log of ${url}` }).click();
  const log = page.getByRole('table', { name: `Delivery log of ${url}` });
  const row = log.getByRole('row').nth(1);
  await expect(row.getByRole('cell').nth(1)).toContainText('ping');
  await expect(row.getByRole('cell').nth(1)).toContainText(received[0]?.id ?? 'missing');
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
  await expect(row.getByRole('cell').nth(3)).toHaveText('200');
  await expect(row.getByRole('cell').nth(4)).toHaveText('delivered');
  await checkScreen(page, 'webhooks-log', () => expect(log).toBeVisible());

  await page.getByRole('button', { name: `Disable ${url}` }).click();
  await expectMessage(page, 'Endpoint disabled');
  await expect(endpoints.getByText('Disabled', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Enable ${url}` })).toBeVisible();
  const listed = await request.get('/api/admin/webhooks', {
    headers: { Authorization: `Bearer ${(await adminByApi(request)).token}` },
  });
  expect(await listed.json()).toMatchObject([{ url, enabled: false, events: ['order.created', 'order.shipped'] }]);

  // Deleting asks in the shop's own dialog: "Keep it" changes nothing, focus back on the button; then it goes.
  const remove = page.getByRole('button', { name: `Delete ${url}` });
  await remove.click();
  const asking = page.getByRole('dialog', { name: `Delete the endpoint ${url}?` });
  await expect(asking).toContainText('Its waiting events and its delivery log go with it');
  await checkScreen(page, 'webhooks-delete-confirm', () => expect(asking).toBeVisible());
  await asking.getByRole('button', { name: 'Keep it' }).click();
  await expect(asking).toBeHidden();
  await expect(remove).toBeFocused();
  await expect(endpoints.getByRole('listitem')).toHaveCount(1);
  await remove.click();
  await asking.getByRole('button', { name: 'Yes, delete it' }).click();
  await expectMessage(page, 'Endpoint deleted');
  await expect(page.getByText('No endpoints yet.')).toBeVisible();
  const after = await request.get('/api/admin/webhooks', {
    headers: { Authorization: `Bearer ${(await adminByApi(request)).token}` },
  });
  expect(await after.json()).toEqual([]);
});

test('a ping nothing answers says so in plain words; the log keeps the technical text', async ({ page, request }) => {
  const admin = await adminByApi(request);
  // A loopback port nothing listens on (issue #47's "connect ECONNREFUSED 127.0.0.1:9").
  const dead = 'http://127.0.0.1:9/nobody-home';
  const created = await request.post('/api/admin/webhooks', {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { url: dead, events: ['order.shipped'] },
  });
  expect(created.status()).toBe(201);
  const { _id: id }: WebhookCreated = await created.json();
  await useSession(page, admin);
  await page.goto('/dashboard/integrations');

  await page.getByRole('button', { name: `Ping ${dead}` }).click();
  await expectMessage(
    page,
    'Ping failed: nothing answered at that address (connection refused). Check the URL and that your receiver is running.',
  );
  await page.getByRole('button', { name: `Show the delivery log of ${dead}` }).click();
  const error = page
    .getByRole('table', { name: `Delivery log of ${dead}` })
    .getByRole('row')
    .nth(1)
    .getByRole('cell')
    .nth(4);
  await expect(error).toContainText(/^nothing answered at that address \(connection refused\)\./i); // shown capitalised
  await expect(error).toContainText('connect ECONNREFUSED 127.0.0.1:9');
  await checkScreen(page, 'webhooks-ping-failed', () => expect(error).toBeVisible());
  const removed = await request.delete(`/api/admin/webhooks/${id}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  expect(removed.status()).toBe(204);
});
