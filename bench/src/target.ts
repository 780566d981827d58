// What the bench measures: the built product (`packages/api/dist/server.js`, as `npm start` runs it) or, while
// the backend is still being written, the stand-in API in servers/. Every part asks this file how to start it.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_BUNDLE, API_DIR, API_SOURCE_ENTRY, REPO, benchServerArgs } from './paths.js';
import type { ServerSpec } from './processes.js';
import { startCommand } from '../../scripts/start-command.mjs';

export type TargetKind = 'product' | 'standin';

export const BENCH_ADMIN = { email: 'bench-admin@kestrel.test', password: 'bench-admin-password' };

export interface ProductOptions {
  /** `file:/abs/path.db` or a postgres:// URL. */
  databaseUrl: string;
  /** Folder for the secret and uploads; the repository's ./data is never touched. */
  dataDir: string;
  seedDemo?: boolean;
  env?: Record<string, string>;
}

/** One secret per bench run, so tokens are stable across restarts of the same database. */
const AUTH_SECRET = randomBytes(32).toString('hex');

export function productSpec(kind: TargetKind, options: ProductOptions): ServerSpec {
  const env: Record<string, string> = {
    // The allocator settings `npm start` gives the server (none for the stand-in, which npm never starts).
    ...(kind === 'product' ? startCommand().env : {}),
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    UPLOAD_DIR: path.join(options.dataDir, 'uploads'),
    AUTH_SECRET,
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    SEED_DEMO: options.seedDemo === false ? '0' : '1',
    ...options.env,
  };
  const args = kind === 'product' ? productArgs() : benchServerArgs('standin-api-server.ts');
  return { name: kind, args, env, cwd: REPO, healthPath: '/api/health', timeoutMs: 60_000 };
}

/**
 * How to run the product: the esbuild bundle `npm start` runs; before it exists, the TypeScript entry through tsx.
 * BENCH_PRODUCT_ENTRY points at another entry file (e.g. a build under test).
 */
export function productArgs(): string[] {
  const entry = process.env.BENCH_PRODUCT_ENTRY ?? (existsSync(API_BUNDLE) ? API_BUNDLE : API_SOURCE_ENTRY);
  // The bundle runs with the node flags `npm start` gives it (scripts/start.mjs runs it in the same process).
  return /\.[mc]?ts$/.test(entry) ? ['--import', 'tsx', entry] : [...startScriptNodeFlags(), entry];
}

/** The node flags of package.json's start script (`exec env ... node --<flag>... scripts/start.mjs`): V8's heap settings. */
export function startScriptNodeFlags(): string[] {
  return startCommand().args.filter((word) => word.startsWith('--'));
}

/** The most recently modified file under `dir`, or null when there is none. */
function newestFile(dir: string): { file: string; mtimeMs: number } | null {
  let newest: { file: string; mtimeMs: number } | null = null;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const { mtimeMs } = statSync(file);
    if (!newest || mtimeMs > newest.mtimeMs) newest = { file, mtimeMs };
  }
  return newest;
}

/**
 * Why the bundle the product parts would run is not the current product, or null: a source of the server (its own
 * or the shared package's) changed after `packages/api/dist/server.js` was built. Only the `build` part rebuilds it.
 */
export function staleBundleWarning(): string | null {
  if (process.env.BENCH_PRODUCT_ENTRY || !existsSync(API_BUNDLE)) return null;
  const built = statSync(API_BUNDLE).mtimeMs;
  const sources = [path.join(API_DIR, 'src'), path.join(REPO, 'packages/shared/src')];
  const newest = sources.map(newestFile).reduce((a, b) => (b && (!a || b.mtimeMs > a.mtimeMs) ? b : a), null);
  if (!newest || newest.mtimeMs <= built) return null;
  const at = (ms: number) => new Date(ms).toISOString();
  return (
    `packages/api/dist/server.js (${at(built)}) is older than ${path.relative(REPO, newest.file)} ` +
    `(${at(newest.mtimeMs)}): add the build part, or run the sources with ` +
    'BENCH_PRODUCT_ENTRY=packages/api/src/server.ts and --no-build'
  );
}

/** A scratch folder under the OS temp dir, removed by `dispose`. */
export async function scratchDir(label: string): Promise<{ dir: string; dispose: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `kestrel-bench-${label}-`));
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}
