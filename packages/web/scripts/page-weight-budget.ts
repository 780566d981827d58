// The storefront's page-weight budget (issue #7, measured as issue #18 asks): every script and stylesheet a browser
// fetches for the home page until the network is quiet (browser-weight.ts), gzip level 9, in bytes (1 kB = 1000
// bytes, as Vite reports sizes). test/page-weight.test.ts holds every build to it; bench/ lists it with its other
// budgets by importing it from here, so there is one number.
export const pageWeightBudget = {
  homeJsGzipBytes: 95_000,
  homeCssGzipBytes: 12_000,
} as const;
