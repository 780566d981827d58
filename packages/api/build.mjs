// Bundles src/server.ts into dist/server.js. npm packages stay external (installed beside it); @kestrel/shared is
// TypeScript source, so it is bundled in.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

await build({
  entryPoints: [`${here}src/server.ts`],
  outfile: `${here}dist/server.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  alias: { '@kestrel/shared': fileURLToPath(new URL('../shared/src/index.ts', import.meta.url)) },
  sourcemap: true,
  logLevel: 'warning',
  // Some bundled CommonJS-minded code may call require(); give the ESM bundle one.
  banner: {
    js: "import { createRequire as __kestrelRequire } from 'node:module'; const require = __kestrelRequire(import.meta.url);",
  },
});
