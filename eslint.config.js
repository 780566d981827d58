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
  // Dependencies flow into bench/, never out: bench may import the packages it measures, and a package (code or test)
  // may not reach into bench/ (what both need, like the page-weight measurement, belongs to the package). This block
  // replaces the options above for packages/**, so it lists the api pattern again; a later block that sets
  // no-restricted-imports for files under packages/ must list both patterns too.
  {
    files: ['packages/**/*.{js,mjs,cjs,ts,tsx,mts,cts}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [restrictedImports.api, restrictedImports.bench] }] },
  },
);
