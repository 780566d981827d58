// The purchase journey with the keyboard alone: Tab, Enter, Escape and typing.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { listProducts, signUpByApi, useSession } from '../support/api';
import { expectMessage } from '../support/screens';

/** Presses Tab until `target` has focus, as a keyboard user would; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`no focus on ${target.toString()} after ${limit} Tab presses`);
}

test('a customer can purchase with the keyboard only', async ({ page, request }) => {
  await useSession(page, await signUpByApi(request, 'Kai Keys'));
  // One of the three newest products that can still be booked (another journey may leave one sold out).
  const product = (await listProducts(request))
    .slice(-3)
    .reverse()
    .find((p) => p.availableQuantity >= p.quantity + 1000);
  if (!product) throw new Error('none of the newest products has stock');
  await page.goto('/');
  await expect(page.locator('#latest-products article')).toHaveCount(3);

  await tabTo(page, page.getByRole('link', { name: `Purchase ${product.name}`, exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/purchase\//);

  await tabTo(page, page.getByRole('button', { name: 'place order' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // Escape closes the modal and gives focus back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'place order' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();

  // Focus starts in the quantity field.
  await expect(dialog.getByLabel('Quantity')).toBeFocused();
  await page.keyboard.type(String(product.quantity));
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Phone')).toBeFocused();
  await page.keyboard.type('+46 8 555 0100');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Address')).toBeFocused();
  await page.keyboard.type('Industrigatan 4, Stockholm');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Order' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectMessage(page, 'Booking is set');
  await expect(dialog).toBeHidden();
});
