// The bench measures the current sources: it builds the storefront (vite build into packages/web/dist, which the
// server serves) and the server bundle (packages/api/build.mjs -> dist/server.js) first, as `npm run build` does.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Figure } from './figures.js';
import { API_DIR, REPO, WEB_DIR } from './paths.js';

function timed(name: string, args: string[], cwd: string): Figure {
  const began = performance.now();
  execFileSync(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  return { section: 'build', name, value: (performance.now() - began) / 1000, unit: 's' };
}

export async function buildStep(): Promise<Figure[]> {
  const figures = [
    timed('vite build (storefront)', [path.join(REPO, 'node_modules/vite/bin/vite.js'), 'build'], WEB_DIR),
  ];
  const apiBuild = path.join(API_DIR, 'build.mjs');
  if (existsSync(apiBuild)) figures.push(timed('esbuild (server bundle)', [apiBuild], API_DIR));
  return figures;
}
