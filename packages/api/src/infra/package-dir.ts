// Files shipped beside the code (the storefront build, demo pictures, the common-password list) are found from the
// api package folder, which is the same whether the code runs from src/ (tsx, tests) or from dist/server.js.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function isApiPackage(dir: string): boolean {
  const file = join(dir, 'package.json');
  // dist/ holds a package.json of its own that only says its bundles are CommonJS (build.mjs): not this one.
  return existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === '@kestrel/api';
}

let found: string | undefined;

/** The nearest folder above this file that holds the api package's package.json: packages/api. */
export function apiPackageDir(): string {
  if (found !== undefined) return found;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!isApiPackage(dir) && dirname(dir) !== dir) dir = dirname(dir);
  found = dir;
  return dir;
}
