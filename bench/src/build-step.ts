// The bench measures the current sources: it builds the storefront (vite build into packages/web/dist, which the
// server serves) and the server bundle (packages/api/build.mjs -> dist/server.js) first, as `npm run build` does.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { viteBuild } from '../../packages/web/scripts/web-build.js';
import type { Figure } from './figures.js';
import { API_DIR, WEB_DIR, WEB_DIST } from './paths.js';

function timed(name: string, build: () => void): Figure {
  const began = performance.now();
  build();
  return { section: 'build', name, value: (performance.now() - began) / 1000, unit: 's' };
}

export async function buildStep(): Promise<Figure[]> {
  // The same build the pages part reads (with its manifest), so that part measures this one instead of making its own.
  const figures = [timed('vite build (storefront)', () => viteBuild(WEB_DIR, WEB_DIST))];
  const apiBuild = path.join(API_DIR, 'build.mjs');
  if (existsSync(apiBuild)) {
    figures.push(
      timed('esbuild (server bundle)', () =>
        execFileSync(process.execPath, [apiBuild], { cwd: API_DIR, stdio: ['ignore', 'pipe', 'pipe'] }),
      ),
    );
  }
  return figures;
}
