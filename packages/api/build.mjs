// Bundles src/server.ts into dist/server.js, and beside it dist/process-images-entry.js, the child process the demo
// seed runs its pictures through (src/modules/images/process-in-child.ts), and dist/sqlite-reader-entry.js, the
// process that runs catalogue searches off the event loop on SQLite (src/infra/db/off-loop-reader.ts).
// @kestrel/shared is TypeScript source, so it is bundled in; so are the few pure-JavaScript packages that only this
// code imports and that load as hundreds of small ES modules (resolving and linking them was a quarter of the
// start-up: docs/performance.md, "Memory and start-up"). Every other npm package stays external, installed beside
// the bundle: native addons, packages that read files next to themselves, and anything another external package also
// imports (two copies would not be one module).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

/** kysely: 264 files; zod: 100 (and the zod type provider with it, so that zod is loaded once). */
const BUNDLED_PACKAGES = new Set(['kysely', 'zod', 'fastify-type-provider-zod']);

/** `@scope/name/sub/path` -> `@scope/name`, `name/sub` -> `name`. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    // Bare specifiers only (relative paths and the @kestrel/shared alias are bundled).
    b.onResolve({ filter: /^[^./]/ }, ({ path }) => {
      if (path === '@kestrel/shared' || BUNDLED_PACKAGES.has(packageName(path))) return undefined;
      return { path, external: true };
    });
  },
};

await build({
  entryPoints: {
    server: `${here}src/server.ts`,
    'process-images-entry': `${here}src/modules/images/process-images-entry.ts`,
    'sqlite-reader-entry': `${here}src/infra/db/sqlite-reader-entry.ts`,
  },
  outdir: `${here}dist`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [externalPackages],
  alias: { '@kestrel/shared': fileURLToPath(new URL('../shared/src/index.ts', import.meta.url)) },
  // For NODE_OPTIONS=--enable-source-maps (docs/operations.md): stack traces need the mappings, not the sources.
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
  // Some bundled CommonJS-minded code may call require(); give the ESM bundle one.
  banner: {
    js: "import { createRequire as __kestrelRequire } from 'node:module'; const require = __kestrelRequire(import.meta.url);",
  },
});
