// An administrator adds a product with an image, deletes one after the browser confirmation (SPEC), promotes a
// customer and demotes her again, each after the shop's own dialog, and sees every order.
import { expect, test } from '@playwright/test';
import { adminByApi, listProducts, orderByApi, signUpByApi, useSession } from '../support/api';
import { checkScreen, expectMessage } from '../support/screens';

const PNG = new URL('../fixtures/e2e-part.png', import.meta.url).pathname;

test('the admin sidebar lists My Profile, Sign-in and security, the four admin pages of SPEC.md, Staff, Quotes, Products CSV, Integrations, Companies, Store figures, Audit, Punch-out connections, Tax and Returns', async ({
  page,
  request,
}) => {
  await useSession(page, await adminByApi(request));
  await page.goto('/dashboard');
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link')).toHaveText([
    'My Profile',
    'Sign-in and security',
    'Make Admin',
    'Staff',
    'Add a product',
    'Manage All Orders',
    'Quotes',
    'Manage All Products',
    'Products CSV',
    'Integrations',
    'Companies',
    'Store figures',
    'Audit',
    'Punch-out connections',
    'Tax',
    // Issue #51: the Returns queue (B2B §14).
    'Returns',
  ]);
});

test('adding a product: messages, image upload with preview, then it leads the home page', async ({
  page,
  request,
}) => {
  await useSession(page, await adminByApi(request));
  await page.goto('/dashboard/addproduct');
  const submit = page.getByRole('button', { name: 'Add product' });
  await submit.click();
  for (const text of ['name is Required', 'price is Required', 'description is Required', 'image is Required']) {
    await expectMessage(page, text);
  }

  const name = `Kestrel Thermal Pad ${Date.now()}`;
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Price (dollars per unit)').fill('2.45');
  await page.getByLabel('Description').fill('1.5 mm silicone pad, 12 W/mK, 100 x 100 mm sheets.');
  await page.getByLabel('Image').setInputFiles(PNG);
  await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();

  const upload = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/image');
  await submit.click();
  expect((await upload).status()).toBe(200);
  await expectMessage(page, 'product added successfully');
  await expect(page.getByLabel('Name')).toHaveValue('');

  const added = (await listProducts(request)).at(-1);
  expect(added).toMatchObject({ name, price: 2.45, quantity: 1000, availableQuantity: 10000 });
  expect(added?.img).toMatch(/^\/api\/images\/[0-9a-f]{64}\.webp$/);

  await page.goto('/');
  const first = page.locator('#latest-products article').first();
  await expect(first.getByRole('heading')).toHaveText(name);
  await expect(first.getByRole('img', { name })).toHaveAttribute(
    'src',
    (added?.img ?? '').replace('.webp', '-card.webp'),
  );
  await expect(first.getByText('Price:$2.45/per unit', { exact: true })).toBeVisible();
});

test('deleting a product asks the browser confirmation first', async ({ page, request }) => {
  const admin = await adminByApi(request);
  const name = `Kestrel Spare Bracket ${Date.now()}`;
  const created = await request.post('/api/service', {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: {
      name,
      price: 0.8,
      description: 'Low-profile PCIe bracket.',
      img: '/api/images/demo/network-card.png',
      quantity: 1000,
      availableQuantity: 10000,
    },
  });
  expect(created.status()).toBe(201);
  await useSession(page, admin);
  await page.goto('/dashboard/manageproduct');
  const remove = page.getByRole('button', { name: `Delete ${name}` });

  const questions: string[] = [];
  page.once('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await remove.click();
  await expect.poll(() => questions).toEqual(['Are you sure you want to delete']);
  await expect(remove).toBeVisible();

  page.once('dialog', (dialog) => void dialog.accept());
  await remove.click();
  await expectMessage(page, `${name} is deleted`);
  await expect(remove).toHaveCount(0);
  expect((await listProducts(request)).some((p) => p.name === name)).toBe(false);
});

test('Make Admin promotes a customer and Manage All Orders shows every order', async ({ page, request }) => {
  const customer = await signUpByApi(request, 'Mia Promoted');
  const [product] = await listProducts(request);
  if (!product) throw new Error('the demo catalogue is empty');
  await orderByApi(request, customer, {
    productId: product._id,
    inputQuantity: 1200,
    phone: '+44 20 7946 0958',
    address: '221 Foundry Road, Leeds',
  });
  await useSession(page, await adminByApi(request));

  await page.goto('/dashboard/manageorder');
  const card = page.getByRole('listitem').filter({ hasText: '221 Foundry Road, Leeds' });
  await expect(card.getByRole('heading')).toHaveText(product.name);
  await expect(card).toContainText('Quantity1200');
  await expect(card).toContainText('Phone+44 20 7946 0958');

  await page.goto('/dashboard/makeadmin');
  const row = page.getByRole('row').filter({ hasText: customer.email });
  await expect(page.getByRole('columnheader')).toHaveText(['#', 'Name', 'Email', 'Confirmed', 'Role']);
  await expect(row).toContainText('Mia Promoted');
  await expect(row).toContainText('Not confirmed');
  // Asked first in the shop's own dialog (issue #47), which also says her e-mail is not confirmed (B2B §11): focus
  // moves into it, Escape changes nothing and focus returns to the button; then the admin says yes.
  const promote = row.getByRole('button', { name: `Make Admin ${customer.email}` });
  await promote.click();
  const asking = page.getByRole('dialog', { name: `Make ${customer.email} an administrator?` });
  await expect(asking).toContainText(`${customer.email} has not confirmed this e-mail address`);
  await expect(asking.getByRole('button', { name: 'Close' })).toBeFocused();
  await checkScreen(page, 'admin-makeadmin-confirm', () => expect(asking).toBeVisible());
  await page.keyboard.press('Escape');
  await expect(asking).toBeHidden();
  await expect(promote).toBeFocused();
  const adminCheck = () =>
    request
      .get(`/api/admin/${encodeURIComponent(customer.email)}`, {
        headers: { Authorization: `Bearer ${customer.token}` },
      })
      .then((r) => r.json());
  expect(await adminCheck()).toEqual({ admin: false });

  await promote.click();
  await asking.getByRole('button', { name: 'Yes, make admin' }).click();
  await expectMessage(page, 'successfully made an admin');
  await expect(row.getByRole('button', { name: `Make Admin ${customer.email}` })).toHaveCount(0);
  const demote = row.getByRole('button', { name: `Remove admin ${customer.email}` });
  await expect(demote).toBeVisible();
  // The button that opened the dialog is gone; focus stays in her row, on the one that replaced it.
  await expect(demote).toBeFocused();
  await expect(row).toContainText('Admin');
  expect(await adminCheck()).toMatchObject({ admin: true, role: 'administrator' });

  // Demoting asks in the same dialog, no longer the browser's confirm(); "Keep admin" changes nothing.
  await demote.click();
  const demoting = page.getByRole('dialog', { name: `Make ${customer.email} a customer again?` });
  await expect(demoting).toContainText('every session of this account ends');
  await demoting.getByRole('button', { name: 'Keep admin' }).click();
  await expect(demote).toBeFocused();
  expect(await adminCheck()).toMatchObject({ admin: true, role: 'administrator' });
  await demote.click();
  await demoting.getByRole('button', { name: 'Yes, remove admin' }).click();
  await expectMessage(page, `${customer.email} is a customer again`);
  await expect(row.getByRole('button', { name: `Make Admin ${customer.email}` })).toBeVisible();
});

test("a refused promotion (403) reads 'Failed to make an admin'", async ({ page, request }) => {
  // A signed-in administrator is never refused by this backend, so the refusal is played by the browser's network
  // layer for this one call; everything else on the page is the real server.
  const customer = await signUpByApi(request, 'Ned Refused');
  await useSession(page, await adminByApi(request));
  await page.route(`**/api/user/admin/${encodeURIComponent(customer.email)}`, (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'forbidden', message: 'Only administrators may do this' } }),
    }),
  );
  await page.goto('/dashboard/makeadmin');
  const row = page.getByRole('row').filter({ hasText: customer.email });
  await row.getByRole('button', { name: `Make Admin ${customer.email}` }).click();
  const asking = page.getByRole('dialog', { name: `Make ${customer.email} an administrator?` });
  await asking.getByRole('button', { name: 'Yes, make admin' }).click();
  // Said inside the dialog too: the page behind a modal dialog is inert.
  await expect(asking.getByRole('alert')).toHaveText('Failed to make an admin');
  await asking.getByRole('button', { name: 'Cancel' }).click();
  await expectMessage(page, 'Failed to make an admin');
  await expect(row.getByRole('button', { name: `Make Admin ${customer.email}` })).toBeVisible();
});
