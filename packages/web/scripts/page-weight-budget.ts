// The storefront's page-weight budget (issue #7): what the home page may send before it is usable, gzip level 9, in
// bytes (1 kB = 1000 bytes, as Vite reports sizes). test/page-weight.test.ts holds every build to it; bench/ lists
// it with its other budgets by importing it from here, so there is one number.
export const pageWeightBudget = {
  homeJsGzipBytes: 95_000,
  homeCssGzipBytes: 12_000,
} as const;
