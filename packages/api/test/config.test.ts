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
      host: '0.0.0.0',
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
      staffTwoFactor: 'optional',
      shopCountry: 'US',
      shopTaxId: undefined,
    });
    // B2B §13: the shop's country and tax id, trimmed.
    expect(loadConfig({ SHOP_COUNTRY: ' DE ', SHOP_TAX_ID: ' DE136695976 ' })).toMatchObject({
      shopCountry: 'DE',
      shopTaxId: 'DE136695976',
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
      RETURN_DAYS: '14',
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
      returnDays: 14,
    });
    // B2B §14: 30 days unless set; 0 turns returns off.
    expect([loadConfig({}).returnDays, loadConfig({ RETURN_DAYS: '0' }).returnDays]).toEqual([30, 0]);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.1.0.0/16' }).trustProxy).toEqual(['loopback', '10.1.0.0/16']);
  });

  it('listens on HOST: an address or a host name', () => {
    expect(['127.0.0.1', '::1', '10.0.4.7', 'shop-1.internal'].map((HOST) => loadConfig({ HOST }).host)).toEqual([
      '127.0.0.1',
      '::1',
      '10.0.4.7',
      'shop-1.internal',
    ]);
  });

  it('lists the folders it will write to, each with the setting that chose it', () => {
    expect(loadConfig({}, '/srv/shop').localFolders).toEqual([
      { setting: 'DATA_DIR', path: '/srv/shop/data' },
      { setting: 'DATA_DIR (the auth secret, as AUTH_SECRET is unset)', path: '/srv/shop/data' },
      { setting: 'DATA_DIR', path: '/srv/shop/data/uploads' },
      { setting: 'DATA_DIR', path: '/srv/shop/data/mail' },
    ]);
    const chosen = loadConfig(
      {
        DATABASE_URL: 'postgres://db/shop',
        AUTH_SECRET: 'a'.repeat(32),
        UPLOAD_DIR: '/mnt/images',
        MAIL_DIR: '/var/mail/shop',
      },
      '/srv/shop',
    );
    expect(chosen.localFolders).toEqual([
      { setting: 'UPLOAD_DIR', path: '/mnt/images' },
      { setting: 'MAIL_DIR', path: '/var/mail/shop' },
    ]);
    const remote = loadConfig({
      DATABASE_URL: 'file:/srv/db/shop.db',
      AUTH_SECRET: 'a'.repeat(32),
      SMTP_URL: 'smtp://mail:25',
      S3_BUCKET: 'kestrel-images',
    });
    expect(remote.localFolders).toEqual([{ setting: 'DATABASE_URL', path: '/srv/db' }]);
  });

  it.each<[Record<string, string>, string]>([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a whole number'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be 1-65535'],
    ...['bad host!', 'http://10.0.0.5', '10.0.0.5:3000'].map((host): [Record<string, string>, string] => [
      { HOST: host },
      'Invalid configuration: HOST must be an IP address (0.0.0.0 for every interface, 127.0.0.1 for this machine alone) or a host name',
    ]),
    [{ DATABASE_URL: 'mysql://x' }, 'Invalid configuration: DATABASE_URL must be file:PATH or postgres://...'],
    [{ AUTH_SECRET: 'short' }, 'Invalid configuration: AUTH_SECRET must be at least 32 characters'],
    [{ ADMIN_EMAIL: 'nope' }, 'Invalid configuration: ADMIN_EMAIL must be an e-mail address'],
    [{ ADMIN_PASSWORD: '123' }, 'Invalid configuration: ADMIN_PASSWORD must be 6 characters or more'],
    [{ PUBLIC_URL: 'ftp://x' }, 'Invalid configuration: PUBLIC_URL must be an http(s) URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'Invalid configuration: REDIS_URL must be redis://... or rediss://...'],
    ...['de', 'XX', 'USA'].map((value): [Record<string, string>, string] => [
      { SHOP_COUNTRY: value },
      'Invalid configuration: SHOP_COUNTRY must be an ISO 3166-1 alpha-2 code in upper case, such as US or DE',
    ]),
    [{ SHOP_TAX_ID: 'x'.repeat(65) }, 'Invalid configuration: SHOP_TAX_ID must be at most 64 characters'],
    [{ SEED_DEMO: 'yes' }, 'Invalid configuration: SEED_DEMO must be 0 or 1'],
    [{ STAFF_2FA: 'yes' }, 'Invalid configuration: STAFF_2FA must be optional or required'],
    [{ RATE_LIMIT_PER_MINUTE: '0' }, 'Invalid configuration: RATE_LIMIT_PER_MINUTE must be at least 1'],
    [{ AUTH_ATTEMPTS_PER_MINUTE: '0' }, 'Invalid configuration: AUTH_ATTEMPTS_PER_MINUTE must be at least 1'],
    [{ ORDER_HOLD_MINUTES: '1.5' }, 'Invalid configuration: ORDER_HOLD_MINUTES must be a whole number'],
    [{ RETURN_DAYS: '1.5' }, 'Invalid configuration: RETURN_DAYS must be a whole number'],
    [{ RETURN_DAYS: '-1' }, 'Invalid configuration: RETURN_DAYS must be at least 0'],
    ...['abc', '10.0.0.0/99', '10.0.0.1,', '::1/200'].map((value): [Record<string, string>, string] => [
      { TRUST_PROXY: value },
      'Invalid configuration: TRUST_PROXY must be false, true (one proxy in front: the nearest X-Forwarded-For entry ' +
        "is the client), a whole number N (N proxies in front) or a comma-separated list of the proxies' " +
        'addresses/CIDRs (e.g. 10.0.0.0/8,loopback)',
    ]),
    [
      { METRICS_TOKEN: 'jeton-de-métriques-secret' },
      'Invalid configuration: METRICS_TOKEN must be 16 or more printable ASCII characters without spaces',
    ],
    [
      { METRICS_TOKEN: 'KC_0123456789abcdef' },
      "Invalid configuration: METRICS_TOKEN must not start with kc_ (that is an API key's prefix)",
    ],
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
