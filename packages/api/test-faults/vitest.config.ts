import { defineConfig } from 'vitest/config';

// Process-level fault tests (npm run test:faults): real server processes from dist/server.js, killed, signalled and
// slowed down. Slow by nature, so kept out of the unit run; files run side by side, each on its own databases.
export default defineConfig({
  test: {
    include: ['packages/api/test-faults/**/*.test.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
