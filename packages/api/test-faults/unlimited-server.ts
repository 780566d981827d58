// The app exactly as dist/server.js builds it, but with a limiter that never refuses: sqlmap sends hundreds of
// sign-in attempts from one address, and they must reach the code that reads the e-mail, not stop at a 429 (the
// limits themselves are tested in test/reliability/abuse.test.ts). Run with `node --import tsx`.
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/infra/config.js';
import type { Limiter } from '../src/infra/rate-limit/limiter.js';

const unlimited: Limiter = {
  hit: async () => ({ allowed: true, count: 1, retryAfterMs: 0 }),
  reset: async () => undefined,
  close: async () => undefined,
};

const config = loadConfig();
const app = await buildApp(config, { limiter: unlimited });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: config.port, host: '127.0.0.1' });
