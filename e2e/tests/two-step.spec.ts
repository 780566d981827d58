// Two-step sign-in on screen (B2B §15): a customer turns it on from the Security page (the key read from the page,
// codes computed here with otpauth as an authenticator app would), keeps the recovery codes, signs out, signs in with
// the password then a code, and once with a recovery code. The setup and the code step are checked with axe at
// desktop and phone width. On a second shop started with STAFF_2FA=required and Google sign-in: Google's return into
// an account with two-step sign-in on lands on the same code step, and an administrator without it is told why the
// staff pages are refused and where to turn it on.
import { expect, test, type Page } from '@playwright/test';
import { twoFactorMessages } from '@kestrel/shared';
import { Secret, TOTP } from 'otpauth';
import { signUpByApi } from '../support/api';
import { startGoogleShop, type GoogleShop } from '../support/google-shop';
import { checkScreen, expectMessage } from '../support/screens';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/settings';

/** What the phone's app shows for this key, `steps` periods from now. */
function appCode(secret: string, steps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: Date.now() + steps * 30_000,
  });
}

async function passwordSignIn(page: Page, email: string, password: string, shopUrl = ''): Promise<void> {
  await page.goto(`${shopUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The header's Sign Out (the sessions list has "Sign out" buttons of its own). */
const headerSignOut = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Sign Out', exact: true });

async function signOut(page: Page): Promise<void> {
  await headerSignOut(page).click();
  await expect(headerSignOut(page)).toHaveCount(0);
}

test('a customer turns on two-step sign-in, then signs in with a code and once with a recovery code', async ({
  page,
  request,
}) => {
  const account = await signUpByApi(request, 'Tove Twostep');
  await passwordSignIn(page, account.email, account.password);
  await expect(headerSignOut(page)).toBeVisible();
  await page.goto('/dashboard/security');
  const part = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(part.getByText('Two-step sign-in is off.', { exact: false })).toBeVisible();

  await part.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await checkScreen(page, 'two-step-setup', () =>
    expect(part.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible(),
  );
  const secret = ((await part.locator('#two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  const codeField = part.getByLabel('Code from the app');
  const turnOn = part.getByRole('button', { name: 'Turn on two-step sign-in' });
  await turnOn.click();
  await expectMessage(page, twoFactorMessages.codeRequired);
  await expect(codeField).toBeFocused();
  await codeField.fill(appCode(secret, 10));
  await turnOn.click();
  await expectMessage(page, twoFactorMessages.wrongCode);
  await codeField.fill(appCode(secret));
  await turnOn.click();

  const codes = part.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expectMessage(page, twoFactorMessages.enabled);
  const recoveryCodes = await codes.allTextContents();
  for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  const downloading = page.waitForEvent('download');
  await part.getByRole('button', { name: 'Download (.txt)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('kestrel-recovery-codes.txt');
  await part.getByRole('button', { name: 'I have saved them' }).click();
  await expect(part.getByText('10 recovery codes are left.', { exact: false })).toBeVisible();

  // Password, then the code step.
  await signOut(page);
  await passwordSignIn(page, account.email, account.password);
  const step = page.getByRole('heading', { level: 1, name: 'Two-step sign-in' });
  const code = page.getByLabel('Code', { exact: true });
  await checkScreen(page, 'two-step-code', () => expect(step).toBeVisible());
  await code.fill('12345');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectMessage(page, twoFactorMessages.codeOrRecoveryInvalid);
  await code.fill(appCode(secret, 10));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectMessage(page, twoFactorMessages.wrongCode);
  await expect(code).toBeFocused();
  // The step after the one that turned it on: never used yet, and within one step of now.
  await code.fill(appCode(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(headerSignOut(page)).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);

  // Once with a recovery code, as after a lost phone; the Security page then counts one fewer.
  await signOut(page);
  await passwordSignIn(page, account.email, account.password);
  await expect(step).toBeVisible();
  await code.fill(recoveryCodes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(headerSignOut(page)).toBeVisible();
  await page.goto('/dashboard/security');
  await expect(part.getByText('9 recovery codes are left.', { exact: false })).toBeVisible();
});

test.describe('on a shop with STAFF_2FA=required and Google sign-in', () => {
  let shop: GoogleShop;

  test.beforeAll(async () => {
    shop = await startGoogleShop({ STAFF_2FA: 'required' });
  });
  test.afterAll(() => shop.stop());

  test("Google's return into an account with two-step sign-in on asks for the code", async ({
    page,
    browser,
    request,
  }) => {
    const googleSignIn = async (on: Page) => {
      await on.goto(`${shop.url}/login`);
      await on.getByRole('button', { name: 'Continue with Google' }).click();
      await expect(on).toHaveURL(new RegExp(`^${shop.provider.issuer}/interaction/`));
      await on.getByLabel('E-mail').fill(shop.provider.account.email);
      await on.getByRole('button', { name: 'Sign in' }).click();
    };
    await googleSignIn(page);
    await expect(headerSignOut(page)).toBeVisible();
    const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
    const headers = { Authorization: `Bearer ${token}` };
    const setup = await request.post(`${shop.url}/api/auth/2fa/setup`, { headers });
    const { secret }: { secret: string } = await setup.json();
    const enabled = await request.post(`${shop.url}/api/auth/2fa/enable`, { headers, data: { code: appCode(secret) } });
    expect(enabled.status()).toBe(200);

    // Another browser, so the provider asks again; the return lands on the code step, not signed in yet.
    const other = await browser.newContext();
    const second = await other.newPage();
    await googleSignIn(second);
    await expect(second.getByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeVisible();
    await expect(headerSignOut(second)).toHaveCount(0);
    await second.getByLabel('Code', { exact: true }).fill(appCode(secret, 1));
    await second.getByRole('button', { name: 'Verify' }).click();
    await expect(headerSignOut(second)).toBeVisible();
    await other.close();
  });

  test('an administrator without two-step sign-in is told the staff pages need it, and turns it on', async ({
    page,
  }) => {
    await passwordSignIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, shop.url);
    await expect(headerSignOut(page)).toBeVisible();
    await page.goto(`${shop.url}/dashboard/makeadmin`);
    const notice = page
      .getByRole('alert')
      .filter({ hasText: 'This shop requires two-step sign-in for staff accounts' });
    await checkScreen(page, 'two-step-required', () => expect(notice).toBeVisible());
    await notice.getByRole('link', { name: 'Turn on two-step sign-in' }).click();
    await expect(page).toHaveURL(`${shop.url}/dashboard/security`);

    const part = page.getByRole('region', { name: 'Two-step sign-in' });
    await part.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    const secret = ((await part.locator('#two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
    await part.getByLabel('Code from the app').fill(appCode(secret));
    await part.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await expect(part.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await expect(notice).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Make Admin' }).click();
    await expect(page.getByRole('cell', { name: ADMIN_EMAIL, exact: true })).toBeVisible();
    await expect(notice).toHaveCount(0);
  });
});
