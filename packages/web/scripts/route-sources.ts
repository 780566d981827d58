// Which route shows which source module, read from the storefront's router files, so the page-weight report can
// name each lazy part by its route. It understands the two forms the router uses:
//   const X = lazyPart(() => import('./path'))     and     <Route path="p" element={<X />} /> / <Route index ...>
// (or path={'p' satisfies StorefrontPage})
// plus `import { X } from './path'` for routes that are not lazy. A router file mounted by another route
// (`dashboard/*` -> dashboard-routes.tsx) gets that route as its prefix.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

interface RouteUse {
  file: string;
  /** '' for an index route. */
  path: string;
  module: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [full] : [];
  });
}

function resolveModule(webDir: string, from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  const found = ['', '.tsx', '.ts', '/index.tsx', '/index.ts']
    .map((ext) => base + ext)
    .find((f) => existsSync(f) && statSync(f).isFile());
  return found ? path.relative(webDir, found).split(path.sep).join('/') : null;
}

function routeUses(webDir: string, file: string): RouteUse[] {
  const code = readFileSync(file, 'utf8');
  const modules = new Map<string, string>();
  for (const m of code.matchAll(/const\s+(\w+)\s*=\s*lazyPart\(\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const resolved = resolveModule(webDir, file, m[2] ?? '');
    if (m[1] && resolved) modules.set(m[1], resolved);
  }
  for (const m of code.matchAll(/import\s*\{([^}]+)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    const resolved = resolveModule(webDir, file, m[2] ?? '');
    if (!resolved) continue;
    for (const name of (m[1] ?? '').split(',').map(
      (n) =>
        n
          .trim()
          .split(/\s+as\s+/)
          .pop() ?? '',
    )) {
      if (name && !modules.has(name)) modules.set(name, resolved);
    }
  }
  const uses: RouteUse[] = [];
  // A path is written as a string or, for the pages the server must know (B2B §18), as `{'p' satisfies SomePage}`.
  const route = /<Route\s+(?:index|path="([^"]*)"|path=\{'([^']*)'\s+satisfies\s+\w+\})\s+element=\{<(\w+)\s*\/>\}/g;
  for (const m of code.matchAll(route)) {
    const module = modules.get(m[3] ?? '');
    const at = m[1] ?? m[2] ?? '';
    if (module) uses.push({ file: path.relative(webDir, file).split(path.sep).join('/'), path: at, module });
  }
  return uses;
}

const join = (prefix: string, child: string) => `/${[prefix, child].join('/').split('/').filter(Boolean).join('/')}`;

/** Source module (relative to packages/web) -> the routes that show it. */
export function routesBySource(webDir: string): Map<string, string[]> {
  const uses = sourceFiles(path.join(webDir, 'src')).flatMap((f) => routeUses(webDir, f));
  const mountOf = (file: string, depth = 0): string => {
    const parent = uses.find((u) => u.module === file && u.path.endsWith('*'));
    return parent && depth < 5 ? join(mountOf(parent.file, depth + 1), parent.path.replace(/\/?\*$/, '')) : '/';
  };
  const result = new Map<string, string[]>();
  for (const use of uses) {
    const route = join(mountOf(use.file), use.path);
    result.set(use.module, [...(result.get(use.module) ?? []), route]);
  }
  return result;
}
