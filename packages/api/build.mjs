// Bundles src/server.ts into dist/server.js, and beside it dist/process-images-entry.js, the child process the demo
// seed runs its pictures through (src/modules/images/process-in-child.ts), and dist/sqlite-reader-entry.js, the
// process that runs catalogue searches off the event loop on SQLite (src/infra/db/off-loop-reader.ts).
// Everything the server imports at start-up is bundled in with it (@kestrel/shared's TypeScript source, fastify and its
// plugins, kysely, zod, jose, prom-client...): resolving, reading and linking hundreds of small modules in
// node_modules was most of a restart's CPU (bench/results/history.md, "Memory and start-up"). What stays external, installed
// beside the bundle, is what cannot or need not load at start-up:
import { build } from 'esbuild';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

const EXTERNAL_PACKAGES = new Set([
  // native addons
  'better-sqlite3',
  '@node-rs/argon2',
  'sharp',
  // loaded on first use only, and large: a shop that never uses them never loads them
  'pg',
  'pg-boss',
  'stripe',
  'openid-client',
  'nodemailer',
  'pdfkit',
  'fontkit',
  '@fastify/swagger',
  '@fastify/swagger-ui', // also reads its static files next to itself
  'rate-limiter-flexible',
  'ioredis',
]);
/** Scopes kept external whole (the S3 client, loaded on first use, is hundreds of modules). */
const EXTERNAL_SCOPES = ['@aws-sdk/', '@smithy/', '@embedpdf/', '@expo-google-fonts/'];

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
      const name = packageName(path);
      const external = EXTERNAL_PACKAGES.has(name) || EXTERNAL_SCOPES.some((scope) => name.startsWith(scope));
      return external ? { path, external: true } : undefined;
    });
  },
};

const result = await build({
  entryPoints: {
    server: `${here}src/server.ts`,
    'process-images-entry': `${here}src/modules/images/process-images-entry.ts`,
    'sqlite-reader-entry': `${here}src/infra/db/sqlite-reader-entry.ts`,
  },
  outdir: `${here}dist`,
  bundle: true,
  platform: 'node',
  // CommonJS, so that scripts/start.mjs can compile the server through node:vm with V8's code cache (Node 20 has no
  // code cache for ES modules): a restart then skips parsing and compiling most of the bundle
  // (scripts/run-bundle.mjs). dist/package.json, written below, tells Node these .js files are CommonJS.
  format: 'cjs',
  target: 'node20',
  plugins: [externalPackages],
  alias: {
    '@kestrel/shared': fileURLToPath(new URL('../shared/src/index.ts', import.meta.url)),
    // The ship-to subpath (B2B §12): its own file, so the storefront's home bundle never holds the country lists.
    '@kestrel/shared/ship-to': fileURLToPath(new URL('../shared/src/ship-to.ts', import.meta.url)),
  },
  // Minified: V8 holds the bundle's source text and compiles from it at every start, and half the bytes made
  // 5-15 MiB less resident at idle (bench/results/history.md, "Idle and peak memory"). Stack traces then name
  // short names and columns of one long line; NODE_OPTIONS=--enable-source-maps (docs/operations.md) maps them back to
  // the TypeScript sources, and needs the mappings, not the sources.
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
  metafile: true,
  // The sources are ES modules that find files beside themselves with import.meta.url, which CommonJS lacks.
  define: { 'import.meta.url': '__kestrelModuleUrl' },
  // import() of the packages loaded on first use becomes require(): node:vm runs import() only through a loader
  // Node 20 calls experimental (a warning on stderr), and Node >= 20.19 requires ES-module packages too.
  supported: { 'dynamic-import': false },
  banner: { js: "const __kestrelModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
});
writeFileSync(`${here}dist/package.json`, '{ "type": "commonjs" }\n');
// A code cache made from an earlier bundle is refused by its content hash anyway; removing it keeps dist/ tidy.
rmSync(`${here}dist/server.js.v8cache`, { force: true });

// esbuild writes ASCII (its default charset escapes every other character in code) but keeps a comment inside an
// expression as it was, and one em dash in such a comment (zod's) made V8 hold the whole 4 MB source as a two-byte
// string: 4 MiB more resident for the life of the process. Only comments can hold such a character here; each UTF-16
// unit becomes '?', so every line and column the source map names stays where it was.
const DYNAMIC_IMPORT = /(?<![.\w$])import\((?![\w$,\s]*\)\{)/;
for (const file of Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'))) {
  const text = readFileSync(file, 'utf8');
  // A dependency's import() that esbuild could not lower would fail only when that path first runs: fail the build.
  // Not a member call (`x.import(`) nor a method named import (xmlbuilder2's `import(node){`), which are no imports.
  if (file.endsWith('server.js') && DYNAMIC_IMPORT.test(text)) {
    throw new Error('dist/server.js calls import(), which scripts/run-bundle.mjs cannot run under node:vm');
  }
  const ascii = text.replace(/[\u0080-\uffff]/g, '?');
  if (ascii !== text) writeFileSync(file, ascii);
}
