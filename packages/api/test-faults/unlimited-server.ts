// The app exactly as dist/server.js builds it, but with rate limits that never refuse: sqlmap sends hundreds of
// sign-in attempts from one address, and they must reach the code that reads the e-mail, not stop at a 429 (the
// limits themselves are tested in test/reliability/abuse.test.ts). Run with `node --import tsx`.
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/infra/config.js';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { LimiterStore } from '../src/infra/rate-limit/limiter.js';

const unlimited: LimiterStore = {
  create: ({ duration }) => new RateLimiterMemory({ points: Number.MAX_SAFE_INTEGER, duration }),
  ready: async () => undefined,
  close: async () => undefined,
};

const config = loadConfig();
const app = await buildApp(config, { limiters: unlimited });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: config.port, host: '127.0.0.1' });
