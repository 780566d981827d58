// A visitor (nobody signed in) browses the home page, the static pages and a wrong address.
import { expect, test } from '@playwright/test';
import { listProducts } from '../support/api';

/** Dollars as the storefront writes them (cents and thousands separators): another journey's part may cost $1,234.50. */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

test('the home page shows the banner, the stats, the newest three products and the reviews', async ({
  page,
  request,
}) => {
  const products = await listProducts(request);
  const newest = products.slice(-3).reverse();
  const reviewsResponse = await request.get('/api/review');
  const reviews: { name: string; description: string }[] = await reviewsResponse.json();

  const productCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/service') productCalls.push(new URL(r.url()).search);
  });
  await page.goto('/');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Precision computer parts, built for your production line',
  );
  const stats = page.getByRole('list', { name: 'Kestrel in numbers' }).getByRole('listitem');
  await expect(stats).toHaveText(['24/7support', '10000+client satisfaction', '33k+reviews']);

  const cards = page.locator('#latest-products article');
  await expect(cards).toHaveCount(3);
  for (const [index, product] of newest.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole('heading')).toHaveText(product.name);
    await expect(card.getByText(`Price:${usd.format(product.price)}/per unit`, { exact: true })).toBeVisible();
    await expect(card.getByText('Minimun Order Quantity', { exact: true })).toBeVisible();
    await expect(card.getByText('Available Quantity', { exact: true })).toBeVisible();
    await expect(card.getByRole('img', { name: product.name })).toHaveAttribute('width', '480');
    await expect(card.getByRole('link', { name: `Purchase ${product.name}` })).toHaveAttribute(
      'href',
      `/purchase/${product._id}`,
    );
  }
  // The newest three came in the server's page (B2B §18), which its query starts from: no product list was asked
  // for, least of all the whole catalogue.
  expect(productCalls).toEqual([]);

  // The lower half (shipping, about, reviews) arrives as the visitor scrolls.
  await page.locator('footer').scrollIntoViewIfNeeded();
  await expect(page.getByRole('heading', { name: 'Free worldwide shipping' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'About us and your security' })).toBeVisible();
  const reviewCards = page.locator('section[aria-labelledby="reviews"] li');
  await expect(reviewCards).toHaveCount(reviews.length);
  await expect(reviewCards.first()).toContainText(reviews[0]?.description ?? 'missing review');
  await expect(page.locator('footer')).toContainText('Copyright ©');
});

test('the navbar offers Home, My Portfolio, Blogs and Login to a visitor, and /home is the home page', async ({
  page,
}) => {
  await page.goto('/home');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expect(page.locator('#latest-products article')).toHaveCount(3);

  await nav.getByRole('link', { name: 'My Portfolio' }).click();
  await expect(page).toHaveURL(/\/myportfolio$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mara Voss');
  await expect(page).toHaveTitle('My Portfolio · Kestrel Components');

  await nav.getByRole('link', { name: 'Blogs' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole('article')).toHaveCount(5);

  await nav.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login');
});

test('an unknown address shows the 404 page', async ({ page }) => {
  // A real 404 status (B2B §18), and the app's 404 page all the same.
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page is not Found');
  await expect(page).toHaveTitle('Page is not Found · Kestrel Components');
  await page.goto('/dashboard-typo');
  await expect(page.getByText('Page is not Found', { exact: true })).toBeVisible();
});

test('on a phone the navbar folds into a Menu button that opens and closes the links', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const menu = nav.getByRole('button', { name: 'Menu' });
  await expect(nav.getByRole('link', { name: 'Blogs' })).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await nav.getByRole('link', { name: 'Blogs' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  // Following a link closes the menu again.
  await expect(nav.getByRole('link', { name: 'Blogs' })).toBeHidden();
});
