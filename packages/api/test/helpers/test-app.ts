// Builds the real app on a fresh database of either kind, plus helpers to sign users in through HTTP.
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/infra/config.js';
import { createProduct } from '../../src/seed/factories.js';
import type { NewProduct } from '../../src/modules/catalog/index.js';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './databases.js';

export const TEST_SECRET = 'test-secret-of-at-least-thirty-two-characters';
export const ADMIN = { email: 'boss@example.com', password: 'admin-password-1' };

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  close(): Promise<void>;
}

/** The config every test app uses: its own database and data folder, no demo seed, a known admin; env adds to it. */
export function testConfig(db: TestDatabase, env: Record<string, string> = {}): Config {
  return loadConfig({
    DATABASE_URL: db.url,
    AUTH_SECRET: TEST_SECRET,
    DATA_DIR: db.dir,
    UPLOAD_DIR: `${db.dir}/uploads`,
    SEED_DEMO: '0',
    // Tests place hundreds of unpaid orders per buyer; the open-order limit has tests of its own that set it.
    MAX_OPEN_ORDERS: '1000000',
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...env,
  });
}

export async function createTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const db = await createTestDatabase(kind);
  const app = await buildApp(testConfig(db, env), options);
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.drop();
    },
  };
}

export interface SignedIn {
  token: string;
  id: string;
  email: string;
  name: string;
  auth: { authorization: string };
}

export async function signUp(app: FastifyInstance, name: string, email: string, password = 'password-123') {
  const res = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name, email, password } });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return signedIn(res);
}

export async function logIn(app: FastifyInstance, email: string, password: string): Promise<SignedIn> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return signedIn(res);
}

/** The signed-in account of a sign-up or sign-in answer. */
export function signedIn(res: LightMyRequestResponse): SignedIn {
  const body: { token: string; user: { _id: string; email: string; name: string } } = res.json();
  return {
    token: body.token,
    id: body.user._id,
    email: body.user.email,
    name: body.user.name,
    auth: { authorization: `Bearer ${body.token}` },
  };
}

/** inject with a JSON body and an optional signed-in caller. */
export function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  who?: SignedIn,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: who ? who.auth : {},
    ...(payload === undefined
      ? {}
      : { payload: JSON.stringify(payload), headers: { ...who?.auth, 'content-type': 'application/json' } }),
  });
}

/** Adds a product through the API as the admin and answers its id. */
export async function addProduct(app: FastifyInstance, admin: SignedIn, overrides: Partial<NewProduct> = {}) {
  const res = await call(app, 'POST', '/api/service', admin, createProduct(overrides));
  if (res.statusCode !== 201) throw new Error(`add product failed: ${res.statusCode} ${res.body}`);
  const body: { insertedId: string } = res.json();
  return body.insertedId;
}

/** How many "order placed" messages the outbox holds for these orders (each placed order has one, and only one). */
export async function placedMessageCount(app: FastifyInstance, orderIds: string[]): Promise<number> {
  const rows = await app.db
    .selectFrom('mail_outbox')
    .select('dedupe_key')
    .where(
      'dedupe_key',
      'in',
      orderIds.map((id) => `order-placed:${id}`),
    )
    .execute();
  return rows.length;
}
