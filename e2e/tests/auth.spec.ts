// Sign up (every validation message), sign out, and sign in again landing back on the page that asked for it.
import { expect, test } from '@playwright/test';
import { listProducts, uniqueEmail } from '../support/api';
import { expectMessage } from '../support/screens';

const RED = 'rgb(178, 31, 31)';

test('signing up shows each validation message, then signs in; Sign Out forgets the token', async ({ page }) => {
  await page.goto('/signup');
  const submit = page.getByRole('button', { name: 'Sign Up' });
  await submit.click();
  await expectMessage(page, 'Name is Required');
  await expectMessage(page, 'Email is Required');
  await expectMessage(page, 'Password is Required');
  await expect(page.getByText('Name is Required')).toHaveCSS('color', RED);

  await page.getByLabel('Name').fill('Iris Buyer');
  await page.getByLabel('Email').fill('iris-at-example');
  await page.getByLabel('Password').fill('12345');
  await submit.click();
  await expectMessage(page, 'please provide a valid Email');
  await expectMessage(page, 'Must be 6 characters or more');
  await expect(page.getByText('Name is Required')).toHaveCount(0);

  const email = uniqueEmail('iris');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('iris-password');
  await submit.click();
  // Nobody sent the visitor here from elsewhere, so they land on the home page, signed in.
  await expect(page).toHaveURL(/\/$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('accessToken'))).toMatch(/^\S{20,}$/);

  await nav.getByRole('button', { name: 'Sign Out' }).click();
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('accessToken'))).toBeNull();
});

test('the login form validates, shows a wrong password in red and returns to the page that needed sign-in', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('leo');
  const signup = await request.post('/api/auth/signup', {
    data: { name: 'Leo Lind', email, password: 'leo-password' },
  });
  expect(signup.status()).toBe(201);
  const [product] = await listProducts(request);
  if (!product) throw new Error('the demo catalogue is empty');

  // A guarded page sends the visitor to /login and remembers it.
  await page.goto(`/purchase/${product._id}`);
  await expect(page).toHaveURL(/\/login$/);

  const submit = page.getByRole('button', { name: 'Login' });
  await submit.click();
  await expectMessage(page, 'Email is Required');
  await expectMessage(page, 'Password is Required');
  await page.getByLabel('Email').fill('leo@');
  await page.getByLabel('Password').fill('short');
  await submit.click();
  await expectMessage(page, 'Please give a valid Email');
  await expectMessage(page, 'Password must be 6 characters or more');

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong-password');
  await submit.click();
  const failure = page.getByRole('alert').filter({ hasText: /password/i });
  await expect(failure).toBeVisible();
  await expect(failure).toHaveCSS('color', RED);
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Password').fill('leo-password');
  await submit.click();
  await expect(page).toHaveURL(new RegExp(`/purchase/${product._id}$`));
  await expect(page.getByRole('button', { name: 'place order' })).toBeVisible();
});

test('the Google button is disabled with a note when the shop has no Google sign-in', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
  await expect(page.getByText('Google sign-in is not set up on this shop', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Create new account' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
});
