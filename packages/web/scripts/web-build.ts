// Makes sure there is a production build of the storefront with a Vite manifest to measure, without ever
// rebuilding packages/web/dist under someone else's feet: a missing dist is built in place, a stale one (older than
// the sources) or one without a manifest is rebuilt into a scratch folder instead.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

export const MANIFEST = '.vite/manifest.json';

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) {
    if (child === 'node_modules' || child === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

/** The storefront's inputs: its sources, page, config and public files, and the shared package it compiles in. */
function sourcesMtime(webDir: string): number {
  const inputs = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', '../shared/src'];
  return Math.max(...inputs.map((p) => newestMtime(path.join(webDir, p))));
}

export function viteBuild(webDir: string, outDir: string): void {
  const vite = path.join(
    path.dirname(createRequire(path.join(webDir, 'package.json')).resolve('vite/package.json')),
    'bin/vite.js',
  );
  // --manifest adds .vite/manifest.json (which chunk each source became) whatever the config says.
  execFileSync(
    process.execPath,
    [vite, 'build', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: webDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
}

export interface WebBuild {
  dist: string;
  how: 'existing dist' | 'built dist' | 'rebuilt in scratch folder';
  /** Removes a scratch build; a no-op for packages/web/dist. */
  dispose: () => void;
}

/** A build that matches the current sources; `force` always rebuilds into a scratch folder. */
export function ensureWebBuild(webDir: string, force = false): WebBuild {
  const dist = path.join(webDir, 'dist');
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) {
    viteBuild(webDir, dist);
    return { dist, how: 'built dist', dispose: () => undefined };
  }
  const fresh = existsSync(path.join(dist, MANIFEST)) && statSync(index).mtimeMs >= sourcesMtime(webDir);
  if (fresh && !force) return { dist, how: 'existing dist', dispose: () => undefined };
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'kestrel-web-build-'));
  viteBuild(webDir, scratch);
  const dispose = () => rmSync(scratch, { recursive: true, force: true });
  return { dist: scratch, how: 'rebuilt in scratch folder', dispose };
}
