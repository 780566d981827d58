// Start-up data: the demo catalogue on an empty database only, and the start-up administrator (docs/product.md §2).
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Migrator } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/infra/config.js';
import { createDb, migrate, type Db } from '../src/infra/db/create-db.js';
import { migrationProvider } from '../src/infra/db/migrations/index.js';
import { findUserByEmail } from '../src/modules/accounts/users-repository.js';
import { DEMO_PARTS } from '../src/seed/demo-parts.js';
import { createAccountsService } from '../src/modules/accounts/index.js';
import { ensureAdmin as ensureAdminWith } from '../src/seed/index.js';
import { verifyPassword } from '../src/modules/accounts/passwords.js';
import { createTestDatabase, databases, type TestDatabase } from './helpers/databases.js';
import { TEST_SECRET } from './helpers/test-app.js';

function recordingLogger(lines: string[]): FastifyBaseLogger {
  const ignore = () => undefined;
  const log: FastifyBaseLogger = {
    level: 'info',
    fatal: ignore,
    error: ignore,
    warn: (...args: unknown[]) => void lines.push(String(args[0])),
    info: ignore,
    debug: ignore,
    trace: ignore,
    silent: ignore,
    child: () => log,
  };
  return log;
}

describe.each(databases)('seed on %s', (kind) => {
  let database: TestDatabase;
  const env = () => ({
    DATABASE_URL: database.url,
    AUTH_SECRET: TEST_SECRET,
    LOG_LEVEL: 'silent',
    DATA_DIR: database.dir,
    // Seeding stores the demo images; keep them in the test's folder, not the repository's ./data.
    UPLOAD_DIR: join(database.dir, 'uploads'),
  });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.drop());

  it('seeds the demo catalogue once, on the empty database', async () => {
    const app = await buildApp(loadConfig(env()));
    const products = (await app.inject({ url: '/api/service' })).json();
    expect(products).toHaveLength(30);
    // One distinct image per product, each served by this server (as a demo PNG or, once ingested, a stored WebP).
    const images: string[] = products.map((p: { img: string }) => p.img);
    expect(new Set(images).size).toBe(30);
    for (const img of images) expect((await app.inject({ url: img })).statusCode).toBe(200);
    expect(products[0]).toMatchObject({
      name: 'Kestrel K7 8-Core Desktop Processor',
      sku: 'KC-CPU-K7',
      category: 'Processors',
      price: 189.99,
      quantity: 1000,
      packSize: 1,
      maxQuantity: null,
      priceBreaks: [
        { minQuantity: 5000, price: 184.5 },
        { minQuantity: 10000, price: 179.9 },
      ],
      availableQuantity: 42000,
    });
    // Every part arrives in list order with its catalogue terms (the API's defaults where the part has none).
    expect(products).toEqual(
      DEMO_PARTS.map((part) =>
        expect.objectContaining({
          name: part.name,
          sku: part.sku,
          category: part.category,
          price: part.price,
          quantity: part.quantity,
          packSize: part.packSize,
          maxQuantity: part.maxQuantity ?? null,
          priceBreaks: part.priceBreaks ?? [],
          availableQuantity: part.availableQuantity,
          description: part.description,
        }),
      ),
    );
    expect((await app.inject({ url: '/api/review' })).json()).toHaveLength(6);
    // An emptied catalogue stays empty after a restart: seeding is for a new database only.
    const admin = await app.sessions.issueSession((await findUserByEmail(app.db, 'admin@example.com'))?.id ?? '');
    for (const p of products) {
      await app.inject({
        method: 'DELETE',
        url: `/api/service/${p._id}`,
        headers: { authorization: `Bearer ${admin}` },
      });
    }
    await app.close();
    const again = await buildApp(loadConfig(env()));
    expect((await again.inject({ url: '/api/service' })).json()).toEqual([]);
    await again.close();
  });
});

// The demo is for a new shop: pending from the schema's creation until it is in, never for a catalogue with products.
describe.each(databases)('when the demo catalogue is pending on %s', (kind) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(kind);
  });
  afterEach(() => database.drop());
  const config = (seedDemo: '0' | '1') =>
    loadConfig({
      DATABASE_URL: database.url,
      AUTH_SECRET: TEST_SECRET,
      LOG_LEVEL: 'silent',
      DATA_DIR: database.dir,
      SEED_DEMO: seedDemo,
    });
  // A product row as an earlier schema holds it (this file's test of an upgrade inserts it before 025 exists).
  const insertProduct = (db: Db, sku: string) => {
    const now = new Date().toISOString();
    return db
      .insertInto('products')
      .values({
        id: `p-${sku}`,
        sku,
        name: `Part ${sku}`,
        price_cents: 1000,
        img: '/placeholder.png',
        min_quantity: 1,
        available_quantity: 10,
        description: 'A part the shop sold before.',
        category: 'Other',
        pack_size: 1,
        max_quantity: null,
        price_breaks: '[]',
        created_at: now,
        updated_at: now,
      })
      .execute();
  };
  const skus = async (app: FastifyInstance) =>
    (await app.inject({ url: '/api/service' })).json().map((p: { sku: string }) => p.sku);

  it('a shop started with SEED_DEMO=0 that has products by then is not seeded when SEED_DEMO=1 starts it', async () => {
    const first = await buildApp(config('0'));
    expect(await skus(first)).toEqual([]);
    await insertProduct(first.db, 'OWN-1');
    await first.close();
    const second = await buildApp(config('1'));
    expect(await skus(second)).toEqual(['OWN-1']);
    expect(await second.db.selectFrom('pending_seeds').selectAll().execute()).toEqual([]);
    await second.close();
  });

  it('a shop still empty when SEED_DEMO=1 first starts it is seeded', async () => {
    const first = await buildApp(config('0'));
    await first.close();
    const second = await buildApp(config('1'));
    expect(await skus(second)).toEqual(DEMO_PARTS.map((part) => part.sku));
    await second.close();
  });

  // Several instances share a PostgreSQL database; a SQLite file belongs to one process (docs/operations.md).
  it.runIf(kind === 'postgres')('instances starting together on a new database seed it once', async () => {
    const apps = await Promise.all([buildApp(config('1')), buildApp(config('1')), buildApp(config('1'))]);
    for (const app of apps) expect(await skus(app)).toEqual(DEMO_PARTS.map((part) => part.sku));
    expect(await apps[0]?.db.selectFrom('pending_seeds').selectAll().execute()).toEqual([]);
    await Promise.all(apps.map((app) => app.close()));
  });

  it('an existing catalogue upgraded to this schema is never marked for the demo', async () => {
    const db = createDb(config('1').database);
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('024-quote-list-indexes')).error).toBeUndefined();
    await insertProduct(db, 'OLD-1');
    await migrate(db);
    expect(await db.selectFrom('pending_seeds').selectAll().execute()).toEqual([]);
    await db.destroy();
    const app = await buildApp(config('1'));
    expect(await skus(app)).toEqual(['OLD-1']);
    await app.close();
  });
});

describe.each(databases)('administrator bootstrap on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  const config = (extra: Record<string, string> = {}) =>
    loadConfig({ DATABASE_URL: database.url, AUTH_SECRET: TEST_SECRET, DATA_DIR: database.dir, ...extra });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = createDb(config().database);
    await migrate(db);
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  // The seed's admin step through the accounts module's public entry, as app.ts composes it.
  const ensureAdmin = (on: Db, ...rest: [ReturnType<typeof config>, FastifyBaseLogger]) =>
    ensureAdminWith({ accounts: createAccountsService(on, TEST_SECRET) }, ...rest);

  it('creates admin@example.com with a random password logged once, and not again', async () => {
    const lines: string[] = [];
    await ensureAdmin(db, config(), recordingLogger(lines));
    expect(lines).toHaveLength(1);
    const password = /with password (\S+) \(shown once/.exec(lines[0] ?? '')?.[1] ?? '';
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const admin = await findUserByEmail(db, 'admin@example.com');
    expect(admin?.role).toBe('admin');
    expect(await verifyPassword(admin?.password_hash, password)).toBe(true);
    await ensureAdmin(db, config(), recordingLogger(lines));
    expect(lines).toHaveLength(1);
  });

  it('promotes ADMIN_EMAIL and sets ADMIN_PASSWORD', async () => {
    const lines: string[] = [];
    await ensureAdmin(
      db,
      config({ ADMIN_EMAIL: 'Chief@Example.com', ADMIN_PASSWORD: 'chief-password' }),
      recordingLogger(lines),
    );
    const chief = await findUserByEmail(db, 'chief@example.com');
    expect(chief?.role).toBe('admin');
    expect(await verifyPassword(chief?.password_hash, 'chief-password')).toBe(true);
    await db.updateTable('users').set({ role: 'customer' }).where('email', '=', 'chief@example.com').execute();
    await ensureAdmin(
      db,
      config({ ADMIN_EMAIL: 'chief@example.com', ADMIN_PASSWORD: 'new-password' }),
      recordingLogger(lines),
    );
    const promoted = await findUserByEmail(db, 'chief@example.com');
    expect(promoted?.role).toBe('admin');
    expect(await verifyPassword(promoted?.password_hash, 'new-password')).toBe(true);
    expect(lines).toEqual([]);
  });
});
