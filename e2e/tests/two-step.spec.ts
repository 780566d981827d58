// Two-step sign-in on screen (B2B §15): a customer turns it on from the Security page (the key read from the page,
// codes computed here with otpauth as an authenticator app would), keeps the recovery codes, signs out, signs in with
// the password then a code, and once with a recovery code. The setup and the code step are checked with axe at
// desktop and phone width.
import { expect, test, type Page } from '@playwright/test';
import { twoFactorMessages } from '@kestrel/shared';
import { Secret, TOTP } from 'otpauth';
import { signUpByApi } from '../support/api';
import { checkScreen, expectMessage } from '../support/screens';

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

async function passwordSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
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
