// What each lazy part of the storefront adds when a visitor navigates to it, gzip-compressed (level 9, as a
// pre-compressing server would send it), computed from a build's Vite manifest: the part's chunk and the chunks it
// imports statically, less what the app shell (the entry and its static imports) has already loaded. Route names
// come from the router source (`const X = lazyPart(() => import('...'))` and `<Route path=...>`).
// What a page costs on its first load is measured in a browser instead (browser-weight.ts): which lazy parts a page
// fetches on load cannot be read from the manifest.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';
import { routesBySource } from './route-sources.js';
import { MANIFEST } from './web-build.js';

const chunkSchema = z.object({
  file: z.string(),
  src: z.string().optional(),
  isEntry: z.boolean().optional(),
  isDynamicEntry: z.boolean().optional(),
  imports: z.array(z.string()).optional(),
  dynamicImports: z.array(z.string()).optional(),
  css: z.array(z.string()).optional(),
});
type Manifest = Record<string, z.infer<typeof chunkSchema>>;

export interface Asset {
  file: string;
  gzipBytes: number;
}

export interface Weight {
  js: Asset[];
  css: Asset[];
  jsGzipBytes: number;
  cssGzipBytes: number;
}

export interface PartWeight extends Weight {
  /** The lazy part's source, relative to packages/web. */
  src: string;
  /** Its own chunk, e.g. `static/js/login-page-abc123.js`. */
  file: string;
  /** The routes that show it, e.g. `/login`, `/dashboard/payment/:id`; empty when no route names it. */
  routes: string[];
}

function gzipSize(dist: string, file: string): number {
  return gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
}

function weigh(dist: string, files: Iterable<string>): Weight {
  const all = [...new Set(files)].sort();
  const asset = (file: string): Asset => ({ file, gzipBytes: gzipSize(dist, file) });
  const js = all.filter((f) => f.endsWith('.js')).map(asset);
  const css = all.filter((f) => f.endsWith('.css')).map(asset);
  const sum = (list: Asset[]) => list.reduce((n, a) => n + a.gzipBytes, 0);
  return { js, css, jsGzipBytes: sum(js), cssGzipBytes: sum(css) };
}

/** A chunk's file, its CSS and the same of every chunk it imports statically, transitively. */
function staticClosure(
  manifest: Manifest,
  key: string,
  files = new Set<string>(),
  seen = new Set<string>(),
): Set<string> {
  if (seen.has(key)) return files;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no chunk ${key}`);
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const dep of chunk.imports ?? []) staticClosure(manifest, dep, files, seen);
  return files;
}

export function measureLazyParts(dist: string, webDir: string): PartWeight[] {
  const manifestFile = path.join(dist, MANIFEST);
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build with --manifest`);
  const manifest: Manifest = z.record(z.string(), chunkSchema).parse(JSON.parse(readFileSync(manifestFile, 'utf8')));
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) throw new Error('manifest has no entry chunk');

  const routes = routesBySource(webDir);
  const shell = staticClosure(manifest, entryKey);
  return Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry)
    .map(([key, chunk]): PartWeight => {
      const own = [...staticClosure(manifest, key)].filter((f) => !shell.has(f));
      return { src: chunk.src ?? key, file: chunk.file, routes: routes.get(key) ?? [], ...weigh(dist, own) };
    })
    .sort((a, b) => a.src.localeCompare(b.src));
}

/** Budgets and reports use kB = 1000 bytes, as Vite's build report does. */
export const kB = (bytes: number) => bytes / 1000;
