// The environment is validated at start: a bad value is refused naming the variable, and the server exits 1.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/infra/config.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({}, '/srv/shop');
    expect(config).toMatchObject({
      port: 3000,
      database: { kind: 'sqlite', file: '/srv/shop/data/store.db' },
      publicUrl: 'http://localhost:3000',
      uploadDir: '/srv/shop/data/uploads',
      dataDir: '/srv/shop/data',
      seedDemo: true,
      redisUrl: undefined,
      rateLimitPerMinute: undefined,
      google: undefined,
      stripe: undefined,
      authAttemptsPerMinute: 30,
      orderHoldMinutes: 2880,
      maxOpenOrders: 20,
    });
  });

  it('reads PostgreSQL, PUBLIC_URL and the switches', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://shop@db:5432/shop',
      PUBLIC_URL: 'https://shop.example.com/',
      SEED_DEMO: '0',
      RATE_LIMIT_PER_MINUTE: '600',
      REDIS_URL: 'redis://cache:6379',
      ADMIN_EMAIL: 'Boss@Example.com',
      AUTH_ATTEMPTS_PER_MINUTE: '300',
      ORDER_HOLD_MINUTES: '90',
    });
    expect(config).toMatchObject({
      port: 8080,
      database: { kind: 'postgres', url: 'postgres://shop@db:5432/shop' },
      publicUrl: 'https://shop.example.com',
      seedDemo: false,
      rateLimitPerMinute: 600,
      redisUrl: 'redis://cache:6379',
      adminEmail: 'boss@example.com',
      authAttemptsPerMinute: 300,
      orderHoldMinutes: 90,
    });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a whole number'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be 1-65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'Invalid configuration: DATABASE_URL must be file:PATH or postgres://...'],
    [{ AUTH_SECRET: 'short' }, 'Invalid configuration: AUTH_SECRET must be at least 32 characters'],
    [{ ADMIN_EMAIL: 'nope' }, 'Invalid configuration: ADMIN_EMAIL must be an e-mail address'],
    [{ ADMIN_PASSWORD: '123' }, 'Invalid configuration: ADMIN_PASSWORD must be 6 characters or more'],
    [{ PUBLIC_URL: 'ftp://x' }, 'Invalid configuration: PUBLIC_URL must be an http(s) URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'Invalid configuration: REDIS_URL must be redis://... or rediss://...'],
    [{ SEED_DEMO: 'yes' }, 'Invalid configuration: SEED_DEMO must be 0 or 1'],
    [{ RATE_LIMIT_PER_MINUTE: '0' }, 'Invalid configuration: RATE_LIMIT_PER_MINUTE must be at least 1'],
    [{ AUTH_ATTEMPTS_PER_MINUTE: '0' }, 'Invalid configuration: AUTH_ATTEMPTS_PER_MINUTE must be at least 1'],
    [{ ORDER_HOLD_MINUTES: '1.5' }, 'Invalid configuration: ORDER_HOLD_MINUTES must be a whole number'],
    [
      { GOOGLE_CLIENT_ID: 'id' },
      'Invalid configuration: GOOGLE_CLIENT_SECRET is required when GOOGLE_CLIENT_ID is set',
    ],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });
});

describe('server start with a bad value', () => {
  const server = fileURLToPath(new URL('../src/server.ts', import.meta.url));
  const tsx = fileURLToPath(new URL('../../../node_modules/tsx/dist/cli.mjs', import.meta.url));

  // One process is enough to see the exit path; loadConfig's tests above cover each variable.
  it('PORT=abc exits 1 with a one-line message naming PORT', () => {
    const result = spawnSync(process.execPath, [tsx, server], {
      env: { PATH: process.env['PATH'], PORT: 'abc' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Invalid configuration: PORT must be a whole number');
    expect(result.stdout).toBe('');
  });
});
