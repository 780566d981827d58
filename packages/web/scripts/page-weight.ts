// What the storefront sends, gzip-compressed (level 9, as a pre-compressing server would), computed from a build:
// the home page's JS and CSS (the entry script, everything it imports statically, index.html's stylesheet and
// modulepreload links, plus the home route's lazy part if it has one) and each lazy part's own extra weight.
// Route names come from the router source (`const X = lazyPart(() => import('...'))` and `<Route path=...>`).
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
  /** The routes that show it, e.g. `/login`, `/dashboard/payment/:id`; empty when no route names it. */
  routes: string[];
}

export interface PageWeight {
  home: Weight & { lazyPart: string | null };
  parts: PartWeight[];
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

/** Scripts and stylesheets index.html itself makes the browser fetch. */
function htmlAssets(dist: string): string[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  return tags
    .filter((tag) => /type="module"|rel="(?:modulepreload|stylesheet)"/.test(tag))
    .flatMap((tag) => [...(/(?:src|href)="\/?([^"]+\.(?:js|css))"/.exec(tag)?.slice(1, 2) ?? [])]);
}

export function measurePageWeight(dist: string, webDir: string): PageWeight {
  const manifestFile = path.join(dist, MANIFEST);
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build with --manifest`);
  const manifest: Manifest = z.record(z.string(), chunkSchema).parse(JSON.parse(readFileSync(manifestFile, 'utf8')));
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) throw new Error('manifest has no entry chunk');

  const routes = routesBySource(webDir);
  const shell = staticClosure(manifest, entryKey);
  for (const file of htmlAssets(dist)) shell.add(file);
  // The home route is either in the entry (nothing to add) or a lazy part of its own.
  const homeSrc = [...routes].find(([, paths]) => paths.includes('/'))?.[0] ?? null;
  const homeLazy = homeSrc && manifest[homeSrc]?.isDynamicEntry ? homeSrc : null;
  const homeFiles = new Set(shell);
  if (homeLazy) staticClosure(manifest, homeLazy, homeFiles);

  const parts = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry)
    .map(([key, chunk]): PartWeight => {
      // What navigating to the part downloads once the app shell is loaded.
      const own = [...staticClosure(manifest, key)].filter((f) => !shell.has(f));
      return { src: chunk.src ?? key, routes: routes.get(key) ?? [], ...weigh(dist, own) };
    })
    .sort((a, b) => a.src.localeCompare(b.src));
  return { home: { ...weigh(dist, homeFiles), lazyPart: homeLazy }, parts };
}

/** Budgets and reports use kB = 1000 bytes, as Vite's build report does. */
export const kB = (bytes: number) => bytes / 1000;
