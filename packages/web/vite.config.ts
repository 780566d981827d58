import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { SHOP_CHUNK, SHOP_PAGES } from './scripts/chunk-groups';

/**
 * Chunk groups that keep the shopping pages a visitor lands on from a search or a shared link (SHOP_PAGES: the
 * catalogue, a product, the purchase page, the cart with quick order) down to four or five requests, all asked for
 * at once. Left to the bundler, each of those pages' code was spread over fifteen to twenty small chunks it shares
 * with other parts (prices, ordering rules, the cart's calls, page titles), which a phone on a slow network fetches
 * over HTTP/1.1 six at a time, a round trip per six, before the page can paint (Lighthouse 96-97 against the budget
 * of 98; bench/results/history.md). In the order the bundler applies them, each group keeping what it takes:
 *
 * - OWN_CHUNK: the one helper each of the smallest parts needs stays a chunk of its own (the title hook of the blog
 *   and portfolio pages, the cart badge's call), so those parts stay at a kB or two.
 * - `common`: the small helpers that two or more parts use (COMMON_HELPERS: the web app's `lib/`, `components/`,
 *   guards and the features' `api/` folders, the shared package's rules and messages without zod, TanStack Query's
 *   hooks), about 8 kB gzip at the time of writing: the sign-in and dashboard pages load it instead of several
 *   smaller chunks, and never the shop's code.
 * - `shop`: the shopping pages and everything else they import that no group before took (13 kB gzip). The one
 *   dashboard page that uses a piece of it (the product table, for the catalogue's result list) loads it whole.
 */
const OWN_CHUNK = /[\\/]src[\\/](?:lib|features[\\/]cart[\\/]api)[\\/](use-document-title|get-cart)\.ts$/;
const COMMON_HELPERS = [
  /[\\/]packages[\\/]web[\\/]src[\\/](lib|components|app[\\/]guards)[\\/]/,
  /[\\/]packages[\\/]web[\\/]src[\\/]app[\\/]session-expiry-handler\.tsx$/,
  /[\\/]packages[\\/]web[\\/]src[\\/]features[\\/][^\\/]+[\\/]api[\\/]/,
  /[\\/]packages[\\/]shared[\\/]src[\\/](catalog-rules|constants|images|messages|ordering-rules)\.ts$/,
  /[\\/]node_modules[\\/]@tanstack[\\/]/,
];
const isCommonHelper = (id: string) => COMMON_HELPERS.some((pattern) => pattern.test(id));

/**
 * For the shop chunk alone, the build lists every chunk it imports (`common` and the two small ones), and the
 * loader asks for them at once instead of one level of imports after another. Every other part fetches its imports
 * as it finds them: listing them all made `/login` slower (bench/results/history.md).
 */
const FLATTENED_PARTS = new RegExp(`/${SHOP_CHUNK}-[\\w-]+\\.js$`);

/**
 * Vite's 3 KB preload helper also handles stylesheets and a polyfill the shop does not need (one stylesheet, modern
 * browsers). This stand-in does what is left: for a part with a dependency list (FLATTENED_PARTS), a modulepreload
 * link per chunk, each once, then the import.
 */
const bareDynamicImports: Plugin = {
  name: 'kestrel:bare-dynamic-imports',
  enforce: 'pre',
  apply: 'build',
  load(id) {
    if (id !== '\0vite/preload-helper.js') return null;
    return `const asked = new Set();
export const __vitePreload = (load, deps) => {
  for (const dep of deps || []) {
    if (asked.has(dep)) continue;
    asked.add(dep);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = '/' + dep;
    document.head.appendChild(link);
  }
  return load();
};`;
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
 * Edits to React Router's production build. The bundler keeps or drops a module's code statement by statement, and
 * the whole of React Router is one module that lands in the home page's entry, so every React Router API any page
 * uses ships with the home page. Each edit lets it drop code this shop can never run; each must still match, so an
 * upgrade that changes the code stops the build here instead of quietly adding weight to the home page.
 */
const reactRouterEdits: { why: string; find: RegExp; replace: string }[] = [
  {
    // React DevTools names. The assignments count as uses, so NavLink, Form and the data-router hooks behind them
    // (useSubmit, useFormAction, useViewTransitionState) would stay although the shop uses none of them; DevTools
    // shows the function names instead.
    why: 'display names',
    find: /^\s*[\w$]+\.displayName = "[^"]*";$/gm,
    replace: '',
  },
  {
    // `var Link = React10.forwardRef(...)` at the top of the module: the bundler cannot tell the call is pure, so
    // unused components (NavLink, Form) would stay. forwardRef only wraps a function. (The bundler's
    // `manualPureFunctions: ['React10.forwardRef']` had no effect on these calls.)
    why: 'forwardRef calls',
    find: /^(var [\w$]+ = )(React\d*\.forwardRef\()/gm,
    replace: '$1/* @__PURE__ */ $2',
  },
  {
    // Link's prefetching (`prefetch="intent"` etc.) needs framework mode's context; under BrowserRouter the hook
    // always answers "no prefetch" (usePrefetchBehavior: `if (!frameworkContext) return [false, ref, {}]`). Taking
    // that answer as given drops the prefetch-links machinery (about 1.8 kB gzip) that no page here can reach.
    why: "Link's prefetch hook",
    find: /let \[shouldPrefetch, prefetchRef, prefetchHandlers\] = usePrefetchBehavior\(\s*prefetch,\s*rest\s*\);/,
    replace: 'let [prefetchRef, prefetchHandlers] = [null, {}];',
  },
  {
    why: "Link's prefetch links",
    find: /return shouldPrefetch && !isAbsolute \? .*PrefetchPageLinks.* : link;/,
    replace: 'return link;',
  },
  {
    // The error boundary that _renderMatches wraps a route in exists only under a data router (createBrowserRouter);
    // under BrowserRouter dataRouterState is null and the branch never runs.
    why: 'data-router error boundaries',
    find: /return dataRouterState && \(match\.route\.ErrorBoundary \|\| match\.route\.errorElement \|\| index === 0\) \? [\s\S]*?\) : getChildren\(\);/,
    replace: 'return getChildren();',
  },
  {
    why: 'data-router error boundary context',
    find: /^RenderErrorBoundary\.contextType = RSCRouterContext;$/m,
    replace: '',
  },
  {
    why: 'data-router default error element',
    find: /errorElement = match\.route\.errorElement \|\| defaultErrorElement;/,
    replace: 'errorElement = match.route.errorElement;',
  },
  {
    // Likewise useNavigate: isDataRoute is true only under a data router.
    why: 'data-router navigate',
    find: /return isDataRoute \? useNavigateStable\(\) : useNavigateUnstable\(\);/,
    replace: 'return useNavigateUnstable();',
  },
];

/** Applies reactRouterEdits to the module of React Router's production build that holds Link and the router. */
const reactRouterForBrowserRouter = (): Plugin => {
  let editedModules = 0;
  return {
    name: 'kestrel:react-router-for-browser-router',
    apply: 'build',
    buildStart() {
      editedModules = 0;
    },
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]production[\\/]/.test(id) || !code.includes('function LinkWithRef(')) {
        return null;
      }
      editedModules += 1;
      let edited = code;
      for (const edit of reactRouterEdits) {
        if (!edit.find.test(edited))
          this.error(`React Router changed: the edit "${edit.why}" in vite.config.ts no longer matches`);
        edit.find.lastIndex = 0;
        edited = edited.replace(edit.find, edit.replace);
      }
      return { code: edited, map: null };
    },
    buildEnd(error) {
      if (!error && editedModules !== 1)
        this.error(`React Router changed: vite.config.ts edited ${editedModules} of its modules instead of one`);
    },
  };
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
  plugins: [react(), tailwindcss(), bareDynamicImports, reactRouterForBrowserRouter(), precompress()],
  server: {
    // In development the Vite server hands every /api call to the backend on its default port.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    assetsDir: 'static',
    // The entry imports no chunk (see codeSplitting below), so index.html has nothing to preload, and lazy parts
    // fetch their imports as they find them (preloading those measured worse; bench/results/history.md). No polyfill.
    modulePreload: {
      polyfill: false,
      // `file`: the chunk a dynamic import asks for; every other part keeps fetching its imports as it finds them
      // (listing them all made /login slower: bench/results/history.md).
      resolveDependencies: (file, deps) => (FLATTENED_PARTS.test(`/${file}`) ? deps : []),
    },
    cssCodeSplit: false,
    // The page-weight budget is measured on what the server sends, so keep the report honest.
    reportCompressedSize: true,
    rolldownOptions: {
      // The shared package is plain declarations; marking it side-effect free lets the home chunk take `messages`
      // and constants without dragging the zod schemas (and zod) along. zod-setup.ts is its one side effect.
      treeshake: {
        moduleSideEffects: (id: string) => !id.includes('/packages/shared/') || id.endsWith('/zod-setup.ts'),
      },
      output: {
        // Everything the entry imports statically travels in the entry itself, React included, and the lazy parts
        // import what they share with it from there. Left to itself the bundler puts modules that the entry shares
        // with a lazy part into chunks of their own (React's core, constants), which a phone discovers only once the
        // entry has arrived: one more round trip before every first paint (bench/results/history.md). The price: a
        // returning visitor downloads React again after each deploy.
        // The groups after `index`: see OWN_CHUNK above.
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            { name: (id) => OWN_CHUNK.exec(id)?.[1] ?? null },
            { name: 'common', test: isCommonHelper, minShareCount: 2 },
            { name: SHOP_CHUNK, test: SHOP_PAGES },
          ],
        },
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
