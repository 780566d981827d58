// The pages the storefront's router knows (B2B §18). The web router names each route's path from these lists (a
// `satisfies` check, so nothing of them travels in the home page's scripts) and the server answers every other path
// 404 with the app's 'Page is not Found' page: one list, so the two cannot drift (packages/web/src/app/routes.test.ts
// holds the routes to it the other way round).

/** The top-level routes (packages/web/src/app/routes.tsx), as React Router writes them; '' is the home page. */
export const STOREFRONT_PAGES = [
  '',
  'home',
  'products',
  'products/:id',
  'myportfolio',
  'blog',
  'login',
  'signup',
  'auth/callback',
  'forgot-password',
  'reset-password/:token',
  'verify-email/:token',
  'invite/:token',
  // B2B §17: a procurement system's browser opens the shop here, with the single-use start token.
  'punchout/start/:token',
  'purchase/:id',
  'dashboard/*',
  'cart',
  'quick-order',
] as const;

/** The routes under /dashboard (packages/web/src/app/dashboard/dashboard-routes.tsx); '' is the profile page. */
export const DASHBOARD_PAGES = [
  '',
  'security',
  'addreview',
  'payment/:id',
  'myorder',
  'orders/:id',
  'approvals',
  'company',
  'company-account',
  'quotes',
  'quotes/:id',
  'lists',
  'lists/:id',
  'addproduct',
  'manageorder',
  'manage-orders/:id',
  'manageproduct',
  'editproduct/:id',
  'products-csv',
  'makeadmin',
  'staff',
  'integrations',
  'companies',
  'companies/:id',
  'stats',
  'manage-quotes',
  'manage-quotes/:id',
  'audit',
  'punchout',
  'tax',
  'returns',
  'manage-returns',
] as const;

export type StorefrontPage = (typeof STOREFRONT_PAGES)[number];
export type DashboardPage = (typeof DASHBOARD_PAGES)[number];

/** What a path names: a page of the storefront (with its `:id`/`:token` when it has one), or nothing. */
export interface PageMatch {
  page: string;
  param?: string;
}

function matchIn(pages: readonly string[], path: string): PageMatch | undefined {
  for (const page of pages) {
    if (page.endsWith('/*')) continue;
    const colon = page.indexOf('/:');
    if (colon < 0) {
      if (page === path) return { page };
      continue;
    }
    const prefix = page.slice(0, colon + 1);
    const param = path.slice(prefix.length);
    // A parameter is one segment, as React Router matches it.
    if (path.startsWith(prefix) && param !== '' && !param.includes('/')) return { page, param };
  }
  return undefined;
}

/**
 * The storefront page a path (no query) names, as the web router matches it: one trailing slash is ignored and a
 * dashboard page is answered as `dashboard/<page>`; undefined when the router would show its not-found page.
 */
export function matchStorefrontPage(path: string): PageMatch | undefined {
  const trimmed = path.replace(/^\//, '').replace(/(.)\/$/, '$1');
  const relative = trimmed === '/' ? '' : trimmed;
  if (relative === 'dashboard' || relative.startsWith('dashboard/')) {
    const inner = matchIn(DASHBOARD_PAGES, relative.slice('dashboard/'.length));
    return inner && { ...inner, page: `dashboard/${inner.page}` };
  }
  return matchIn(STOREFRONT_PAGES, relative);
}

/**
 * The ids of the JSON the server writes into the pages it draws (api storefront-pages, ADR 006), which the storefront's
 * queries start from so that their first render draws the same page: a product page's product (GET /api/service/{id}),
 * a catalogue page's `{ search, page }` (GET /api/catalog?{search}) and the home page's newest products.
 */
export const PAGE_DATA_IDS = {
  product: 'product-data',
  catalogue: 'catalogue-data',
  latestProducts: 'latest-products-data',
} as const;
