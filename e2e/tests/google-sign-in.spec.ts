// Google sign-in (docs/product.md §3) in Chromium against a real OpenID provider on 127.0.0.1: from a guarded page to the
// login page, out to the provider, and back signed in on the page the visitor came from.
import { messages } from '@kestrel/shared';
import { expect, test } from '@playwright/test';
import { startGoogleShop, type GoogleShop } from '../support/google-shop';

let shop: GoogleShop;

test.beforeAll(async () => {
  shop = await startGoogleShop();
});

test.afterAll(() => {
  shop.stop();
});

test('a visitor signs in with Google and lands back on the purchase page, signed in', async ({ page, request }) => {
  const products: { _id: string; name: string }[] = await (await request.get(`${shop.url}/api/service`)).json();
  const product = products[0];
  if (!product) throw new Error('the demo catalogue is empty');

  await page.goto(`${shop.url}/purchase/${product._id}`);
  await expect(page).toHaveURL(`${shop.url}/login`);
  const google = page.getByRole('button', { name: 'Continue with Google' });
  await expect(google).toBeEnabled();
  await google.click();

  await expect(page).toHaveURL(new RegExp(`^${shop.provider.issuer}/interaction/`));
  await page.getByLabel('E-mail').fill(shop.provider.account.email);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(`${shop.url}/purchase/${product._id}`);
  await expect(page.getByRole('heading', { level: 2, name: product.name, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'place order' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();

  // The stored token is the shop's own access token for the provider's verified e-mail and display name.
  const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  const me = await request.get(`${shop.url}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } });
  expect(await me.json()).toMatchObject({ email: 'casey.buyer@example.com', name: 'Casey Buyer', role: 'customer' });
  // The token travelled in the fragment and is gone from the address and from history.
  expect(page.url()).not.toContain('token');
  await page.goBack();
  expect(page.url()).not.toContain('#token=');
});

test('cancelling at the provider returns to the login page with a red message', async ({ page }) => {
  await page.goto(`${shop.url}/login`);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(new RegExp(`^${shop.provider.issuer}/interaction/`));
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page).toHaveURL(`${shop.url}/login?authError=Google+sign-in+was+cancelled`);
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(messages.googleSignIn.cancelled);
  await expect(alert).toHaveClass(/text-error/);
  expect(await page.evaluate(() => window.localStorage.getItem('accessToken'))).toBeNull();
});

test('a link carrying a token does not sign in a tab that did not start a Google sign-in', async ({
  page,
  request,
}) => {
  const signup = await request.post(`${shop.url}/api/auth/signup`, {
    data: { name: 'Mallory', email: `mallory-${Date.now()}@kestrel.test`, password: 'mallory-pass-1' },
  });
  const { token }: { token: string } = await signup.json();
  await page.goto(`${shop.url}/auth/callback#token=${token}&returnTo=/dashboard`);
  await expect(page).toHaveURL(/\/login\?authError=/);
  await expect(page.getByRole('alert')).toHaveText(messages.googleSignIn.failed);
  expect(await page.evaluate(() => window.localStorage.getItem('accessToken'))).toBeNull();
});

test('without Google configuration the button is disabled with a note', async ({ page }) => {
  // The harness's own server runs without GOOGLE_CLIENT_ID.
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
  await expect(page.getByText(messages.googleSignIn.notSetUp, { exact: true })).toBeVisible();
});
