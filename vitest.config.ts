import { defineConfig } from 'vitest/config';

// Unit and HTTP-level tests of every package. Browser journeys live in e2e/ and run with `npm run test:e2e`.
export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each test file gets its own databases, so files may run side by side.
    pool: 'forks',
  },
});
