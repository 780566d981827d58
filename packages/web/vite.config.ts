import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * With module preloading off and one stylesheet, every lazy import's preload list is empty, so Vite's 3 KB preload
 * helper would only ever call the loader. This stand-in keeps that one behaviour and spares the home page the rest.
 */
const bareDynamicImports: Plugin = {
  name: 'kestrel:bare-dynamic-imports',
  enforce: 'pre',
  apply: 'build',
  load(id) {
    if (id === '\0vite/preload-helper.js') return 'export const __vitePreload = (load) => load();';
    return null;
  },
};

/**
 * React Router's package exports point every bundler at its development build (dev warnings on). The production
 * build next to it is the same code with the warnings compiled out, so builds use that one.
 */
const reactRouterProduction = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/[\\/]development[\\/]index\.m?js$/, '/production/index.mjs');

/**
 * React Router's production build still names its contexts and components for React DevTools (`X.displayName = "Y"`
 * at the top of the module). Those assignments count as uses, so NavLink, Form and the data-router hooks behind them
 * (useSubmit, useFormAction, useViewTransitionState) stayed in the home page's entry although the shop uses none of
 * them. Dropping the names (DevTools shows the function names instead) lets the bundler leave the unused ones out.
 */
const reactRouterWithoutDisplayNames: Plugin = {
  name: 'kestrel:react-router-without-display-names',
  apply: 'build',
  transform(code, id) {
    if (!/[\\/]react-router[\\/]dist[\\/]production[\\/]/.test(id)) return null;
    return { code: code.replace(/^\s*[\w$]+\.displayName = "[^"]*";$/gm, ''), map: null };
  },
};

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Writes `.gz` and `.br` beside every script and stylesheet of the build; the server sends them to browsers that
 * accept them (@fastify/static `preCompressed`), so nothing is compressed per request. index.html is left alone: it
 * is tiny and must keep its no-cache header.
 */
const precompress = (): Plugin => ({
  name: 'kestrel:precompress',
  apply: 'build',
  async writeBundle(options, bundle) {
    const dir = options.dir ?? 'dist';
    const files = Object.keys(bundle).filter((file) => /\.(?:js|css)$/.test(file));
    const brotli = { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } };
    await Promise.all(
      files.map(async (file) => {
        const data = await readFile(join(dir, file));
        await writeFile(join(dir, `${file}.gz`), await gzipAsync(data, { level: 9 }));
        await writeFile(join(dir, `${file}.br`), await brotliAsync(data, brotli));
      }),
    );
  },
});

// The backend serves dist/ and expects every hashed part under /static/ (docs/product.md §15: parts load from static/js).
export default defineConfig(({ command }) => ({
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  plugins: [react(), tailwindcss(), bareDynamicImports, reactRouterWithoutDisplayNames, precompress()],
  server: {
    // In development the Vite server hands every /api call to the backend on its default port.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    assetsDir: 'static',
    // Every browser the shop supports has native modulepreload; the polyfill would only add weight to the entry.
    modulePreload: false,
    cssCodeSplit: false,
    // The page-weight budget is measured on what the server sends, so keep the report honest.
    reportCompressedSize: true,
    rolldownOptions: {
      // The shared package is plain declarations; marking it side-effect free lets the home chunk take `messages`
      // and constants without dragging the zod schemas (and zod) along. zod-setup.ts is its one side effect.
      treeshake: {
        moduleSideEffects: (id: string) => !id.includes('/packages/shared/') || id.endsWith('/zod-setup.ts'),
        // React Router builds Link, NavLink and Form with `React10.forwardRef(...)` at the top of its module; the
        // bundler cannot tell that call is pure. forwardRef only wraps a function, so marking it pure (with the
        // plugin above) lets the components the shop does not use go.
        manualPureFunctions: ['React10.forwardRef'],
      },
      output: {
        // React itself in a chunk of its own: it changes less often than the shop's code and splits the entry cleanly.
        codeSplitting: { groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] },
        entryFileNames: 'static/js/[name]-[hash].js',
        chunkFileNames: 'static/js/[name]-[hash].js',
        assetFileNames: (asset) =>
          asset.names.some((n) => n.endsWith('.css'))
            ? 'static/css/[name]-[hash][extname]'
            : 'static/media/[name]-[hash][extname]',
      },
    },
  },
}));
