// The server answers 404 to every path the storefront's router does not know (B2B §18), from the shared lists of
// pages. routes.tsx and dashboard-routes.tsx name each path with `satisfies` one of those lists (so a route missing from
// the list does not compile); this holds the other way: every page of the lists is a route of the router.
import { readFileSync } from 'node:fs';
import { DASHBOARD_PAGES, STOREFRONT_PAGES } from '@kestrel/shared';
import { describe, expect, it } from 'vitest';

function routesOf(file: string, type: string): string[] {
  const source = readFileSync(new URL(file, import.meta.url), 'utf8');
  const paths = [...source.matchAll(new RegExp(`path=\\{'([^']+)' satisfies ${type}\\}`, 'g'))].map((m) => m[1] ?? '');
  // The index route is the list's ''; every other route but the catch-all names its path from the list.
  const index = source.includes('<Route index element') ? [''] : [];
  const unnamed = [...source.matchAll(/<Route path="([^"]+)"/g)].map((m) => m[1]);
  expect(unnamed).toEqual(['*']);
  return [...index, ...paths].sort();
}

describe('the storefront routes and the shared list of pages', () => {
  it('are the same paths, at the top and under /dashboard', () => {
    expect(routesOf('./routes.tsx', 'StorefrontPage')).toEqual([...STOREFRONT_PAGES].sort());
    expect(routesOf('./dashboard/dashboard-routes.tsx', 'DashboardPage')).toEqual([...DASHBOARD_PAGES].sort());
  });
});
