import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The test files that hold the app to a time (a read's median at 100,000 rows, a job's gap, a reset answering as fast
 * for an unknown address): they run one at a time, after the rest, with the machine to themselves, so a neighbour's
 * CPU never decides their verdict.
 */
const TIMED = [
  'packages/api/test/infra/db/off-loop-reader.test.ts',
  'packages/api/test/infra/jobs/job-runner.test.ts',
  'packages/api/test/integration/api-keys.test.ts',
  'packages/api/test/integration/order-poll-volume.test.ts',
  'packages/api/test/modules/accounts/password-reset.test.ts',
  'packages/api/test/modules/audit/audit-volume.test.ts',
  'packages/api/test/modules/catalog/full-list.test.ts',
  'packages/api/test/modules/catalog/hostile-search.test.ts',
  'packages/api/test/modules/catalog/products-csv-hardening.test.ts',
  'packages/api/test/modules/images/s3-image-store.test.ts',
  'packages/api/test/modules/mail/app-mail.test.ts',
  'packages/api/test/modules/orders/orders-list-stream-volume.test.ts',
  'packages/api/test/modules/punchout/punchout.test.ts',
  'packages/api/test/modules/stats/stats-volume.test.ts',
];

/** What every test file runs with. */
const common = { environment: 'node', testTimeout: 30_000, hookTimeout: 60_000, pool: 'forks' } as const;

// Unit and HTTP-level tests of every package. Browser journeys live in e2e/ and run with `npm run test:e2e`.
export default defineConfig({
  test: {
    projects: [
      {
        // Each test file gets its own databases, so files run side by side: three at once on two cores, as most of
        // a file's time is spent waiting on its databases and its own HTTP calls.
        test: {
          ...common,
          name: 'side-by-side',
          include: ['packages/*/test/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...TIMED],
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: { ...common, name: 'timed', include: TIMED, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
