// An administrator adds a product with a real PNG through the Add Product page (preview, upload progress, the stored
// WebP URL) and finds it on Manage All Products and the home page as its 480x360 card variant; a refused file says why.
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { adminByApi, listProducts, useSession } from '../support/api';

const IMAGE_URL = /^\/api\/images\/([0-9a-f]{64})\.webp$/;

/** A real 1000x750 PNG: a green board with a dark chip, like a product photo. */
function partPng(): Promise<Buffer> {
  const chip = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="750"><rect width="1000" height="750" fill="#eef1f4"/>' +
      '<rect x="200" y="150" width="600" height="450" rx="30" fill="#2f6b4f"/><rect x="400" y="275" width="200" height="200" fill="#2b2f36"/></svg>',
  );
  return sharp(chip).png().toBuffer();
}

/** Waits until the page's <img> has loaded and reports its natural size. */
async function loadedSize(page: Page, src: string): Promise<[number, number]> {
  const img = page.locator(`img[src="${src}"]`).first();
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  return img.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight]);
}

test('an admin adds a product with a PNG and sees its card image on Manage All Products and the home page', async ({
  page,
  request,
}) => {
  await useSession(page, await adminByApi(request));
  const name = `Kestrel Upload Test Board ${Date.now().toString(36)}`;
  await page.goto('/dashboard/addproduct');

  // Nothing chosen: the corrected message (docs/product.md §8).
  await page.getByRole('button', { name: 'Add product' }).click();
  await expect(page.getByText('image is Required', { exact: true })).toBeVisible();

  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Price (dollars per unit)').fill('12.5');
  await page.getByLabel('Description').fill('A board added by the image journey.');
  await page.getByLabel('Image').setInputFiles({ name: 'board.png', mimeType: 'image/png', buffer: await partPng() });
  await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
  await expect(page.getByText('board.png', { exact: true })).toBeVisible();

  // Hold the upload briefly so the progress bar can be seen, then let it through to the real endpoint.
  let uploadStatus = 0;
  await page.route('**/api/image', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    const response = await route.fetch();
    uploadStatus = response.status();
    await route.fulfill({ response });
  });
  await page.getByRole('button', { name: 'Add product' }).click();
  await expect(page.locator('progress#upload-progress')).toBeVisible();
  await expect(page.getByText(/^Uploading image: \d+%$/)).toBeVisible();
  await expect(page.getByText('product added successfully')).toBeVisible();
  expect(uploadStatus).toBe(200);
  await expect(page.locator('progress#upload-progress')).toHaveCount(0);

  const product = (await listProducts(request)).find((p) => p.name === name);
  const hash = IMAGE_URL.exec(product?.img ?? '')?.[1];
  expect(hash).toBeDefined();
  const full = await request.get(`/api/images/${hash}.webp`);
  expect([full.status(), full.headers()['content-type'], full.headers()['cache-control']]).toEqual([
    200,
    'image/webp',
    'public, max-age=31536000, immutable',
  ]);
  const meta = await sharp(await full.body()).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1000, 750]);

  const card = `/api/images/${hash}-card.webp`;
  await page.goto('/dashboard/manageproduct');
  const managed = page.getByRole('row').filter({ hasText: name });
  await expect(managed.getByRole('img', { name })).toHaveAttribute('src', card);
  expect(await loadedSize(page, card)).toEqual([480, 360]);

  await page.goto('/');
  const newest = page.locator('#latest-products article').first();
  await expect(newest.getByRole('heading')).toHaveText(name);
  await expect(newest.getByRole('img', { name })).toHaveAttribute('src', card);
  expect(await loadedSize(page, card)).toEqual([480, 360]);
});

test('a file that is not an image is refused with the reason and no product is added', async ({ page, request }) => {
  await useSession(page, await adminByApi(request));
  const before = (await listProducts(request)).length;
  const name = `Kestrel Refused Part ${Date.now().toString(36)}`;
  await page.goto('/dashboard/addproduct');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Price (dollars per unit)').fill('3');
  await page.getByLabel('Description').fill('Should never be stored.');
  await page.getByLabel('Image').setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('these are notes, not a picture'),
  });
  await page.getByRole('button', { name: 'Add product' }).click();
  await expect(page.getByText('This file is not an image: upload a JPEG, PNG, WebP or GIF image')).toBeVisible();
  await expect(page.getByText('product added successfully')).toHaveCount(0);
  expect((await listProducts(request)).length).toBe(before);
});

test('a file over 5 MB is refused by the form before anything is uploaded', async ({ page, request }) => {
  await useSession(page, await adminByApi(request));
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/image') uploads.push(r.method());
  });
  await page.goto('/dashboard/addproduct');
  await page.getByLabel('Name').fill('Kestrel Oversized Part');
  await page.getByLabel('Price (dollars per unit)').fill('3');
  await page.getByLabel('Description').fill('Its picture is too big.');
  await page.getByLabel('Image').setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 1),
  });
  await page.getByRole('button', { name: 'Add product' }).click();
  await expect(page.getByText('The image is larger than 5 MB; upload a smaller file', { exact: true })).toBeVisible();
  expect(uploads).toEqual([]);
});

test('the seeded demo products show their pipeline-made card images', async ({ page, request }) => {
  // The oldest product is the demo catalogue's first, seeded through the image pipeline.
  const [oldest] = await listProducts(request);
  expect(oldest?.img).toMatch(IMAGE_URL);
  const card = `${oldest?.img.slice(0, -'.webp'.length)}-card.webp`;
  await useSession(page, await adminByApi(request));
  // The admin's table lists newest first: find the oldest by its SKU.
  await page.goto(`/dashboard/manageproduct?q=${oldest?.sku ?? ''}`);
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: oldest?.name ?? '' })
      .getByRole('img'),
  ).toHaveAttribute('src', card);
  expect(await loadedSize(page, card)).toEqual([480, 360]);
});
