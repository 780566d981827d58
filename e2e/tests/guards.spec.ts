// The sign-in and admin guards of SPEC.md §4.
import { expect, test } from '@playwright/test';
import { signUpByApi, useSession } from '../support/api';

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
