// Files shipped beside the code (the storefront build, demo pictures, the common-password list) are found from the
// api package folder, which is the same whether the code runs from src/ (tsx, tests) or from dist/server.js.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest folder above this file that holds a package.json: packages/api. */
export function apiPackageDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}
