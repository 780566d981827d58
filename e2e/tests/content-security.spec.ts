// The storefront runs under its own strict CSP (no inline scripts, no eval) without tripping it: a violation would
// mean a blocked feature or, as zod's `new Function` probe once did, a report on every form page.
import { expect, test, type Page } from '@playwright/test';

async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test('the home page and the login and signup forms, used, trip no content security policy', async ({ page }) => {
  const violations = await recordViolations(page);
  await page.goto('/');
  await expect(page.locator('#latest-products article')).toHaveCount(3);
  expect(await violations()).toEqual([]);

  await page.goto('/login');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Email is Required')).toBeVisible();
  expect(await violations()).toEqual([]);

  await page.goto('/signup');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('please provide a valid Email')).toBeVisible();
  expect(await violations()).toEqual([]);
});
