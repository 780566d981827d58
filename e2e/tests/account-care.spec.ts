// Account care on screen (B2B.md §7): a forgotten password reset from the mailed link, a password changed in one
// browser signing the other out, the sign-up's confirmation link, and the sessions list. Each journey reads the mail
// the shop really sent (support/mail.ts) and checks each new page with axe at desktop and phone width.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { messages, type AuthResponse } from '@kestrel/shared';
import { signUpByApi, uniqueEmail, useSession, type Account } from '../support/api';
import { startGoogleShop } from '../support/google-shop';
import { linkIn, mailTo, waitForMail } from '../support/mail';
import { checkScreen, expectMessage } from '../support/screens';
import { BASE_URL } from '../support/settings';

const RESET_SUBJECT = /^Reset your .* password$/;
const VERIFY_SUBJECT = /^Confirm your e-mail address for /;
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:145.0) Gecko/20100101 Firefox/145.0';

/** Whether the server still takes this token (GET /api/auth/me). */
async function meStatus(request: APIRequestContext, token: string): Promise<number> {
  return (await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } })).status();
}

async function loginByApi(request: APIRequestContext, account: Account, userAgent?: string): Promise<string> {
  const response = await request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
    headers: userAgent ? { 'User-Agent': userAgent } : {},
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as AuthResponse).token;
}

async function signInOnPage(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('a forgotten password is reset from the mailed link, which then no longer works', async ({ page, request }) => {
  const account = await signUpByApi(request, 'Fern Forgetful');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await checkScreen(page, 'forgot-password', () => expect(page.getByLabel('Email')).toBeVisible());

  const send = page.getByRole('button', { name: 'Send the link' });
  await send.click();
  await expectMessage(page, messages.login.emailRequired);
  await expect(page.getByLabel('Email')).toBeFocused();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Email').fill(account.email.toUpperCase());
  await send.click();
  await expect(page.getByRole('status').filter({ hasText: messages.account.forgotSent })).toBeVisible();

  const mail = await waitForMail(account.email, RESET_SUBJECT);
  const link = linkIn(mail, 'reset-password');
  await page.goto(link);
  const password = page.getByLabel('New password', { exact: true });
  const confirmation = page.getByLabel('Confirm the new password');
  await checkScreen(page, 'reset-password', () => expect(password).toBeVisible());

  // Sign-up's rules and messages, the confirmation must match, and the first bad field takes the focus.
  const submit = page.getByRole('button', { name: 'Set the new password' });
  await password.fill('12345');
  await confirmation.fill('12346');
  await submit.click();
  await expectMessage(page, messages.signup.passwordShort);
  await expectMessage(page, 'The passwords do not match');
  await expect(password).toBeFocused();
  await expect(confirmation).toHaveAttribute('aria-describedby', /-error$/);
  await password.fill('fern-new-password');
  await confirmation.fill('fern-new-password');
  await submit.click();
  await expect(page.getByRole('status').filter({ hasText: messages.account.resetDone })).toBeVisible();
  // Every session of the account ended, the one sign-up opened too.
  expect(await meStatus(request, account.token)).toBe(401);

  await expect(page.getByRole('link', { name: 'Go to login' })).toBeFocused();
  await page.getByRole('link', { name: 'Go to login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInOnPage(page, account.email, account.password);
  await expect(page.getByRole('alert').filter({ hasText: /password/i })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await signInOnPage(page, account.email, 'fern-new-password');
  await expect(page).toHaveURL(/\/$/);

  // The link worked once.
  await page.goto(link);
  await password.fill('fern-third-password');
  await confirmation.fill('fern-third-password');
  await submit.click();
  await expect(page.getByRole('alert').filter({ hasText: messages.account.invalidToken })).toBeVisible();
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('the login page says to sign in with the password first when Google met an unconfirmed account', async ({
  page,
}) => {
  await page.goto(`/login?${new URLSearchParams({ authError: messages.googleSignIn.verifyFirst }).toString()}`);
  await expect(page.getByRole('alert').filter({ hasText: messages.googleSignIn.verifyFirst })).toBeVisible();
});

test('changing the password in one browser signs the other out on its next call', async ({
  page,
  browser,
  request,
}) => {
  const account = await signUpByApi(request, 'Cole Changer');
  // Two browsers of the same person: this one with the sign-up's session, the other with a sign-in of its own.
  await useSession(page, account);
  await page.goto('/dashboard/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-in and security' })).toBeVisible();

  const otherContext = await browser.newContext({ baseURL: BASE_URL });
  const other = await otherContext.newPage();
  await useSession(other, { ...account, token: await loginByApi(request, account) });
  await other.goto('/dashboard');
  await other
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Sign-in and security' })
    .click();
  await expect(other).toHaveURL(/\/dashboard\/security$/);
  await checkScreen(other, 'dashboard-security', () => expect(other.getByRole('table')).toBeVisible());

  const change = other.getByRole('button', { name: 'Change the password' });
  const current = other.getByLabel('Current password');
  await change.click();
  await expectMessage(other, messages.login.passwordRequired);
  await expect(current).toBeFocused();
  await current.fill('not-my-password');
  await other.getByLabel('New password', { exact: true }).fill('cole-new-password');
  await other.getByLabel('Confirm the new password').fill('cole-new-password');
  await change.click();
  await expectMessage(other, messages.account.wrongCurrentPassword);
  await expect(current).toBeFocused();
  // A wrong current password is not a lost session: this browser is still signed in.
  await expect(other).toHaveURL(/\/dashboard\/security$/);
  await current.fill(account.password);
  await change.click();
  await expect(other.getByRole('status').filter({ hasText: messages.account.passwordChanged })).toBeVisible();
  await expect(current).toHaveValue('');

  // The first browser still shows the page; its next call meets a revoked session and goes to /login.
  await page.getByRole('button', { name: 'Send the confirmation link again' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInOnPage(page, account.email, account.password);
  await expect(page.getByRole('alert').filter({ hasText: /password/i })).toBeVisible();
  await signInOnPage(page, account.email, 'cole-new-password');
  await expect(page).toHaveURL(/\/dashboard\/security$/);

  // The browser that changed it kept its session.
  await other.reload();
  await expect(other.getByRole('row').filter({ hasText: 'This device' })).toHaveCount(1);
  await otherContext.close();
});

test('the sign-up mail confirms the e-mail address, and the security page says so', async ({ page }) => {
  const email = uniqueEmail('vera');
  await page.goto('/signup');
  await page.getByLabel('Name').fill('Vera Verified');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('vera-password');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/dashboard/security');
  const emailPart = page.getByRole('region', { name: 'E-mail address' });
  await expect(emailPart).toContainText(email);
  await expect(emailPart).toContainText('Not confirmed yet');
  await emailPart.getByRole('button', { name: 'Send the confirmation link again' }).click();
  await expect(emailPart.getByRole('status')).toHaveText(messages.account.verificationSent);

  const mail = await waitForMail(email, VERIFY_SUBJECT);
  const link = linkIn(mail, 'verify-email');
  await page.goto(link);
  await checkScreen(page, 'verify-email', () =>
    expect(page.getByRole('status').filter({ hasText: messages.account.emailVerified })).toBeVisible(),
  );
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\/security$/);
  await expect(emailPart).toContainText('Confirmed');
  await expect(emailPart).not.toContainText('Not confirmed yet');
  await expect(emailPart.getByRole('button', { name: 'Send the confirmation link again' })).toHaveCount(0);

  // A second click on the same link is normal and says the same; a made-up link says it is not valid.
  await page.goto(link);
  await expect(page.getByRole('status').filter({ hasText: messages.account.emailVerified })).toBeVisible();
  await page.goto('/verify-email/not-a-real-token');
  await expect(page.getByRole('alert').filter({ hasText: messages.account.invalidToken })).toBeVisible();
  await checkScreen(page, 'verify-email-invalid', () =>
    expect(page.getByRole('alert').filter({ hasText: messages.account.invalidToken })).toBeVisible(),
  );
  // "Send again" within a minute of sign-up sent nothing more: the sign-up mail is the only one.
  expect(mailTo(email).filter((m) => VERIFY_SUBJECT.test(m.subject))).toHaveLength(1);
});

test('the sessions list signs out another device, and "Sign out everywhere" ends them all', async ({
  page,
  request,
}) => {
  const account = await signUpByApi(request, 'Sid Sessions');
  const firefox = await loginByApi(request, account, FIREFOX_ON_WINDOWS);
  await page.goto('/login');
  await signInOnPage(page, account.email, account.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard/security');

  const sessions = page.getByRole('table', { name: 'Where your account is signed in' });
  // The sign-up's session (Playwright's own client), the Firefox one and this browser's.
  await expect(sessions.getByRole('row')).toHaveCount(4);
  await expect(sessions.getByRole('columnheader')).toHaveText(['Device', 'Signed in', 'Last active', 'Actions']);
  const thisDevice = sessions.getByRole('row').filter({ hasText: 'This device' });
  await expect(thisDevice).toHaveCount(1);
  await expect(thisDevice).toContainText('Chrome on Linux');
  await checkScreen(page, 'dashboard-security-sessions', () => expect(thisDevice).toBeVisible());

  const firefoxRow = sessions.getByRole('row').filter({ hasText: 'Firefox on Windows' });
  await firefoxRow.getByRole('button', { name: /^Sign out Firefox on Windows, signed in / }).click();
  await expect(firefoxRow).toHaveCount(0);
  await expect(sessions).toBeFocused();
  await expect(sessions.getByRole('row')).toHaveCount(3);
  expect(await meStatus(request, firefox)).toBe(401);
  expect(await meStatus(request, account.token)).toBe(200);

  // Asked first in the shop's dialog (issue #47): focus moves into it, Escape changes nothing and focus comes back.
  const everywhere = page.getByRole('button', { name: 'Sign out everywhere' });
  await everywhere.focus();
  await page.keyboard.press('Enter');
  const asking = page.getByRole('dialog', { name: 'Sign out everywhere?' });
  await expect(asking).toContainText(
    'Every device signed in to this account is signed out, this one too (2 sessions).',
  );
  await expect(asking.getByRole('button', { name: 'Close' })).toBeFocused();
  await checkScreen(page, 'dashboard-security-sign-out-everywhere', () => expect(asking).toBeVisible());
  await page.keyboard.press('Escape');
  await expect(asking).toBeHidden();
  await expect(everywhere).toBeFocused();
  expect(await meStatus(request, account.token)).toBe(200);

  await everywhere.click();
  await asking.getByRole('button', { name: 'Yes, sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('accessToken'))).toBeNull();
  expect(await meStatus(request, account.token)).toBe(401);
});

test('signing this device out from the list signs this browser out', async ({ page, request }) => {
  const account = await signUpByApi(request, 'Tess Thisdevice');
  await useSession(page, account);
  await page.goto('/dashboard/security');
  await page.getByRole('button', { name: /\(this device\)$/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await meStatus(request, account.token)).toBe(401);
});

test('an account made by Google sign-in is confirmed and has no password to change yet', async ({ page }) => {
  // A shop of its own with Google configured (support/google-shop.ts); its provider knows one verified account.
  const shop = await startGoogleShop();
  try {
    await page.goto(`${shop.url}/login`);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByLabel('E-mail').fill(shop.provider.account.email);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${shop.url}/`);

    await page.goto(`${shop.url}/dashboard/security`);
    const emailPart = page.getByRole('region', { name: 'E-mail address' });
    await expect(emailPart).toContainText(shop.provider.account.email);
    await expect(emailPart).toContainText('Confirmed');
    await page.getByLabel('Current password').fill('anything-at-all');
    await page.getByLabel('New password', { exact: true }).fill('casey-first-password');
    await page.getByLabel('Confirm the new password').fill('casey-first-password');
    await page.getByRole('button', { name: 'Change the password' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: messages.account.noPasswordYet });
    await expect(refusal).toBeVisible();
    await refusal.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(`${shop.url}/forgot-password`);
  } finally {
    shop.stop();
  }
});
