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
import { SHOP_CHUNK, SHOP_PAGES } from './chunk-groups.js';
import { routesBySource } from './route-sources.js';
import { MANIFEST } from './web-build.js';

const chunkSchema = z.object({
  file: z.string(),
  name: z.string().optional(),
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
  const part = (key: string, src: string, routeList: string[]): PartWeight => {
    const own = [...staticClosure(manifest, key)].filter((f) => !shell.has(f));
    return { src, file: manifest[key]?.file ?? key, routes: routeList, ...weigh(dist, own) };
  };
  const parts = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry)
    .map(([key, chunk]) => part(key, chunk.src ?? key, routes.get(key) ?? []));
  // The shopping pages share one chunk, which the manifest knows only by its group's name.
  const shopKey = Object.keys(manifest).find((k) => manifest[k]?.name === SHOP_CHUNK && !manifest[k]?.src);
  const shopPages = [...routes.keys()].filter((src) => SHOP_PAGES.test(`/${src}`)).sort();
  if (shopKey && shopPages.length > 0) {
    parts.push(
      part(
        shopKey,
        shopPages.join(' '),
        shopPages.flatMap((src) => routes.get(src) ?? []),
      ),
    );
  }
  return parts.sort((a, b) => a.src.localeCompare(b.src));
}

/** Budgets and reports use kB = 1000 bytes, as Vite's build report does. */
export const kB = (bytes: number) => bytes / 1000;
