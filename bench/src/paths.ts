// Where things are, resolved from this file so the bench runs from any working directory.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BENCH_SRC = path.join(REPO, 'bench/src');
export const RESULTS_DIR = path.join(REPO, 'bench/results');
export const WEB_DIR = path.join(REPO, 'packages/web');
export const WEB_DIST = path.join(WEB_DIR, 'dist');
export const API_DIR = path.join(REPO, 'packages/api');
export const API_BUNDLE = path.join(API_DIR, 'dist/server.js');
export const API_SOURCE_ENTRY = path.join(API_DIR, 'src/server.ts');
export const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Arguments that run one of the bench's own TypeScript servers in a child node process. */
export function benchServerArgs(file: string, ...rest: string[]): string[] {
  return ['--import', 'tsx', path.join(BENCH_SRC, 'servers', file), ...rest];
}
