// The sign-in and admin guards of docs/product.md §14.
import { expect, test } from '@playwright/test';
import { adminByApi, signUpByApi, useSession } from '../support/api';

test('a customer opening an admin page is signed out and sent to login', async ({ page, request }) => {
  const customer = await signUpByApi(request);
  await useSession(page, customer);
  await page.goto('/dashboard/makeadmin');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('accessToken'))).toBeNull();
  // The token was revoked on the server too.
  const me = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${customer.token}` } });
  expect(me.status()).toBe(401);
});

test('a visitor opening the dashboard is sent to login and comes back after signing in', async ({ page, request }) => {
  const customer = await signUpByApi(request, 'Gina Guard');
  await page.goto('/dashboard/myorder');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard\/myorder$/);
  await expect(page.getByRole('heading', { name: 'My Order' })).toBeVisible();
});

test('an expired or revoked token sends the customer to login from the page they were on', async ({
  page,
  request,
}) => {
  const customer = await signUpByApi(request);
  await useSession(page, customer);
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Add profile' })).toBeVisible();
  const logout = await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${customer.token}` } });
  expect(logout.status()).toBe(204);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Order' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard\/myorder$/);
});

test('an admin whose access check cannot reach the server is offered a retry, not signed out', async ({
  page,
  request,
}) => {
  await useSession(page, await adminByApi(request));
  // The network drops every admin check until the visitor retries.
  await page.route('**/api/admin/**', (route) => route.abort('connectionrefused'));
  await page.goto('/dashboard/manageorder');
  const problem = page.getByRole('alert').filter({ hasText: 'Your access could not be checked' });
  await expect(problem).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => window.localStorage.getItem('accessToken'))).not.toBeNull();

  await page.unroute('**/api/admin/**');
  await problem.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Manage All Orders' })).toBeVisible();
});
