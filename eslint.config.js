// One lint configuration for the whole monorepo (ESLint flat config with typescript-eslint).
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** `no-restricted-imports` patterns, named because flat config replaces a rule's options per file (see below). */
const restrictedImports = {
  api: { group: ['@kestrel/api', '**/packages/api/**'], message: 'Only the api imports the api.' },
  bench: {
    group: ['**/bench', '**/bench/**'],
    message: 'A package never imports bench/: bench measures the packages and imports them, not the other way round.',
  },
};

const WEB_SRC = path.join(import.meta.dirname, 'packages/web/src');

/** The storefront layer a file belongs to: 'app', 'components', 'lib', 'features/<name>' (null outside src/). */
function webLayer(file) {
  const relative = path.relative(WEB_SRC, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [top = '', feature] = relative.split(path.sep);
  return top === 'features' && feature ? `features/${feature}` : top;
}

/**
 * Imports in packages/web/src flow app/ -> features/ -> components/, lib/ (house style, after bulletproof-react's
 * project structure): a feature imports its own files and the shared ones, never another feature or app/; only app/
 * composes features; components/ and lib/ serve everybody, so they import neither. A local rule rather than
 * `no-restricted-imports` because it resolves each relative import against its file: the text `../../orders/x` is
 * another feature from one folder and nothing from another.
 */
const webLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep the storefront layers: no feature imports another; only app/ composes features.' },
    schema: [],
    messages: {
      otherFeature:
        '{{from}} may not import {{to}}: move the shared piece to lib/ or components/, or let app/ compose the two.',
      upward: '{{from}} may not import {{to}}: imports flow app/ -> features/ -> components/ and lib/.',
    },
  },
  create(context) {
    const from = webLayer(context.filename);
    const shared = from === 'components' || from === 'lib';
    if (!shared && !from?.startsWith('features/')) return {};
    const check = (node) => {
      const source = node.source;
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = webLayer(path.resolve(path.dirname(context.filename), source.value));
      if (!to || to === from) return;
      if (to === 'app' || (shared && to.startsWith('features/')))
        context.report({ node: source, messageId: 'upward', data: { from: `${from}/`, to: `${to}/` } });
      else if (to.startsWith('features/'))
        context.report({ node: source, messageId: 'otherFeature', data: { from: `${from}/`, to: `${to}/` } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

const API_SRC = path.join(import.meta.dirname, 'packages/api/src');

/** Where an api file sits: 'infra', 'seed', 'app' (app.ts, server.ts), 'modules/<name>' (null outside src/). */
function apiPlace(file) {
  const relative = path.relative(API_SRC, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [top = '', module] = relative.split(path.sep);
  if (top === 'modules' && module) return `modules/${module}`;
  return top === 'infra' || top === 'seed' ? top : 'app';
}

/**
 * The api's import boundaries (docs/architecture.md): infra/ imports no module (it is what modules stand on); a
 * module imports nothing of seed/ or app.ts, and reaches another module only through that module's index.ts (its
 * public entry), so its other files stay free to change; seed/ and app.ts compose modules through the same entries.
 */
const apiBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep the api boundaries: modules meet through their index.ts; infra imports no module.' },
    schema: [],
    messages: {
      privateFile: '{{to}} is private to its module: import its public entry {{entry}} instead.',
      upward: '{{from}} may not import {{to}}: imports flow app.ts, seed/ -> modules/ -> infra/.',
    },
  },
  create(context) {
    const from = apiPlace(context.filename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source;
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source.value);
      const to = apiPlace(target);
      if (!to || to === from) return;
      const data = { from, to: path.relative(API_SRC, target) };
      if (from === 'infra' ? to !== 'infra' : from.startsWith('modules/') && (to === 'seed' || to === 'app'))
        context.report({ node: source, messageId: 'upward', data });
      else if (to.startsWith('modules/') && target !== path.join(API_SRC, to, 'index.js'))
        context.report({ node: source, messageId: 'privateFile', data: { ...data, entry: `${to}/index.js` } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

const QUERY_BUILDERS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'prepare']);

/**
 * Only repositories hold SQL (files named *repository.ts, and infra/db/ with the schema and migrations): services
 * hold the rules and call repositories, so a query is always found where its table's other queries are.
 */
const sqlInRepositories = {
  meta: {
    type: 'problem',
    docs: { description: 'SQL lives in repository files only.' },
    schema: [],
    messages: { sql: 'SQL belongs in a repository file (*repository.ts) of this module: {{what}}.' },
  },
  create(context) {
    const relative = path.relative(API_SRC, context.filename);
    if (relative.startsWith('..') || /repository\.ts$/.test(relative) || relative.startsWith(`infra${path.sep}db`))
      return {};
    return {
      TaggedTemplateExpression(node) {
        if (node.tag.type === 'Identifier' && node.tag.name === 'sql')
          context.report({ node, messageId: 'sql', data: { what: 'a sql`...` template' } });
      },
      CallExpression(node) {
        const callee = node.callee;
        if (
          callee.type === 'MemberExpression' &&
          callee.property.type === 'Identifier' &&
          QUERY_BUILDERS.has(callee.property.name)
        )
          context.report({ node, messageId: 'sql', data: { what: `.${callee.property.name}(...)` } });
      },
    };
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'e2e/artifacts/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { patterns: [restrictedImports.api] }],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The storefront's import layers (see webLayers above).
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    plugins: { 'kestrel-web': { rules: { layers: webLayers } } },
    rules: { 'kestrel-web/layers': 'error' },
  },
  // The api's module boundaries and where SQL may stand (see apiBoundaries and sqlInRepositories above).
  {
    files: ['packages/api/src/**/*.ts'],
    plugins: { 'kestrel-api': { rules: { boundaries: apiBoundaries, 'sql-in-repositories': sqlInRepositories } } },
    rules: { 'kestrel-api/boundaries': 'error', 'kestrel-api/sql-in-repositories': 'error' },
  },
  // Dependencies flow into bench/, never out: bench may import the packages it measures, and a package (code or test)
  // may not reach into bench/ (what both need, like the page-weight measurement, belongs to the package). This block
  // replaces the options above for packages/**, so it lists the api pattern again; a later block that sets
  // no-restricted-imports for files under packages/ must list both patterns too.
  {
    files: ['packages/**/*.{js,mjs,cjs,ts,tsx,mts,cts}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [restrictedImports.api, restrictedImports.bench] }] },
  },
);
