// No import circle anywhere (issue #48): `npm run check` runs this over packages/*/src and fails on any cycle between
// files. A circle is the sign that two modules each build on the other, so neither can be read, tested or changed
// alone (the companies <-> orders circle spanned 13 files); lint keeps modules meeting through their index.ts, and
// this keeps those meetings one way.
//
// Edges are every static import and export-from, `import type` included, and every dynamic import(): a type import
// erases at run time but still means "this file is written in terms of that one", which is the coupling a circle is
// about (companies/routes.ts typed its dependency on the orders service, and orders imported companies back). Only
// relative imports and @kestrel/shared are followed; packages from node_modules cannot import back.
//
// Two levels are checked. Files: a strongly connected set of files. Parts: the same over the folders a reader names
// as one thing (an api module, a storefront feature, an infra folder such as infra/http, a top folder such as web's
// app/ or api's seed/), because two modules can import each other without any one file doing so in a circle (A's
// service imports B's index, B's routes import A's index), and architecture.md's promise is about modules.
//
// Usage: node scripts/check-import-cycles.mjs [src folder...]   (default: every packages/*/src); exits 1 on a cycle.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const NO_SOURCE = /\.d\.(ts|mts)$/;
/** What `import '@kestrel/shared...'` names: the package's exports, read from its package.json. */
const SHARED_PACKAGE = path.join(REPO, 'packages/shared');

/** Every source file under the folders, as absolute paths. */
function sourceFiles(folders) {
  const files = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(full);
      } else if (SOURCE.test(entry.name) && !NO_SOURCE.test(entry.name)) files.push(full);
    }
  };
  for (const folder of folders) walk(path.resolve(folder));
  return files.sort();
}

/** The module specifiers one file imports: static imports, export-from, import() and `import('x')` types. */
export function importedSpecifiers(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const specifiers = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteralLike(first)) specifiers.push(first.text);
    } else if (ts.isImportTypeNode(node)) {
      const literal = ts.isLiteralTypeNode(node.argument) ? node.argument.literal : undefined;
      if (literal && ts.isStringLiteral(literal)) specifiers.push(literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** The first existing file a path names, the way the packages' bundler resolution reads it ('./x.js' is x.ts). */
function existingFile(target) {
  const stem = target.replace(/\.(js|mjs|jsx)$/, '');
  const candidates = [
    target,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    `${target}.ts`,
    `${target}.tsx`,
    path.join(target, 'index.ts'),
    path.join(target, 'index.tsx'),
  ];
  return candidates.find((candidate) => {
    try {
      return statSync(candidate).isFile();
    } catch {
      return false;
    }
  });
}

let sharedExports;
/** '@kestrel/shared' and '@kestrel/shared/ship-to' as files, from packages/shared/package.json's exports. */
function sharedFile(specifier) {
  sharedExports ??= JSON.parse(readFileSync(path.join(SHARED_PACKAGE, 'package.json'), 'utf8')).exports;
  const key = `.${specifier.slice('@kestrel/shared'.length)}`;
  const target = sharedExports[key];
  return typeof target === 'string' ? existingFile(path.join(SHARED_PACKAGE, target)) : undefined;
}

/** The file an import names, or undefined for a package from node_modules. */
export function resolveImport(fromFile, specifier) {
  if (specifier.startsWith('.')) return existingFile(path.resolve(path.dirname(fromFile), specifier));
  if (specifier === '@kestrel/shared' || specifier.startsWith('@kestrel/shared/')) return sharedFile(specifier);
  return undefined;
}

/** The import graph of the folders' files: file -> the files it imports (only files inside the folders). */
export function importGraph(folders) {
  const files = sourceFiles(folders);
  const known = new Set(files);
  /** @type {Map<string, string[]>} */
  const graph = new Map();
  for (const file of files) {
    const targets = new Set();
    for (const specifier of importedSpecifiers(file, readFileSync(file, 'utf8'))) {
      const target = resolveImport(file, specifier);
      if (target && known.has(target) && target !== file) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/**
 * The strongly connected components of more than one file (Tarjan's algorithm, iterative so a deep chain cannot
 * overflow the stack): each is a set of files every one of which imports, through the others, every other.
 */
export function stronglyConnected(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const components = [];
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work = [{ file: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const targets = graph.get(frame.file) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++];
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ file: target, next: 0 });
        } else if (onStack.has(target)) low.set(frame.file, Math.min(low.get(frame.file), index.get(target)));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.file, Math.min(low.get(parent.file), low.get(frame.file)));
      if (low.get(frame.file) !== index.get(frame.file)) continue;
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.file);
      if (component.length > 1) components.push(component.sort());
    }
  }
  return components.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/** One shortest circle through a component's first file, to print as a path a reader can follow. */
function oneCircle(graph, component) {
  const members = new Set(component);
  const start = component[0];
  const before = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const target of graph.get(file) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const circle = [file];
        for (let at = before.get(file); at; at = before.get(at)) circle.unshift(at);
        return [...circle, start];
      }
      if (!before.has(target)) {
        before.set(target, file);
        queue.push(target);
      }
    }
  }
  return [start];
}

/** Folders whose subfolders are each a part of their own: api modules, storefront features, infra's pieces. */
const PART_FOLDERS = new Set(['modules', 'features', 'infra']);

/**
 * The part a file belongs to, named from its src folder: modules/orders, features/cart, infra/http, infra (infra's
 * own files), app, seed, or '.' for the files at the top (app.ts, server.ts, main.tsx).
 */
export function partOf(srcFolder, file) {
  const segments = path.relative(srcFolder, file).split(path.sep);
  if (segments.length >= 3 && PART_FOLDERS.has(segments[0])) return `${segments[0]}/${segments[1]}`;
  return segments.length >= 2 ? segments[0] : '.';
}

/** The graph of parts: an edge where any file of one imports any file of another. Names carry their src folder. */
export function partGraph(folders, graph, base = REPO) {
  const roots = folders.map((folder) => path.resolve(folder));
  const nameOf = (file) => {
    const root = roots.find((folder) => file.startsWith(folder + path.sep)) ?? path.dirname(file);
    return `${path.relative(base, root) || '.'}: ${partOf(root, file)}`;
  };
  /** @type {Map<string, Set<string>>} */
  const parts = new Map();
  for (const [file, targets] of graph) {
    const from = nameOf(file);
    const edges = parts.get(from) ?? new Set();
    parts.set(from, edges);
    for (const target of targets) if (nameOf(target) !== from) edges.add(nameOf(target));
  }
  return new Map([...parts].map(([part, edges]) => [part, [...edges].sort()]));
}

/**
 * The cycles among the folders' files and among their parts: each component's members and one circle through them,
 * files relative to `base`.
 */
export function findImportCycles(folders, base = REPO) {
  const graph = importGraph(folders);
  const relative = (file) => path.relative(base, file);
  const files = stronglyConnected(graph).map((component) => ({
    level: 'files',
    members: component.map(relative),
    circle: oneCircle(graph, component).map(relative),
  }));
  const parts = partGraph(folders, graph, base);
  const partCycles = stronglyConnected(parts).map((component) => ({
    level: 'parts',
    members: component,
    circle: oneCircle(parts, component),
    // The imports that make each step of the circle, so the reader sees which file to move.
    through: stepsOf(graph, oneCircle(parts, component), folders, base),
  }));
  return [...files, ...partCycles];
}

/** For each step A -> B of a circle of parts, the first file import from A into B. */
function stepsOf(graph, circle, folders, base) {
  const roots = folders.map((folder) => path.resolve(folder));
  const nameOf = (file) => {
    const root = roots.find((folder) => file.startsWith(folder + path.sep)) ?? path.dirname(file);
    return `${path.relative(base, root) || '.'}: ${partOf(root, file)}`;
  };
  const steps = [];
  for (let at = 0; at + 1 < circle.length; at++) {
    const found = [...graph].flatMap(([file, targets]) =>
      nameOf(file) === circle[at] ? targets.filter((t) => nameOf(t) === circle[at + 1]).map((t) => [file, t]) : [],
    )[0];
    if (found) steps.push(`${path.relative(base, found[0])} -> ${path.relative(base, found[1])}`);
  }
  return steps;
}

function defaultFolders() {
  const packages = path.join(REPO, 'packages');
  return readdirSync(packages)
    .map((name) => path.join(packages, name, 'src'))
    .filter((folder) => statSync(folder, { throwIfNoEntry: false })?.isDirectory());
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const folders = process.argv.length > 2 ? process.argv.slice(2) : defaultFolders();
  const cycles = findImportCycles(folders);
  if (cycles.length === 0) {
    console.log(
      `No import cycles in ${folders.map((folder) => path.relative(REPO, path.resolve(folder))).join(', ')}.`,
    );
  } else {
    for (const [at, cycle] of cycles.entries()) {
      console.error(`Import cycle ${at + 1} of ${cycles.length} (${cycle.members.length} ${cycle.level}):`);
      console.error(`  ${cycle.circle.join('\n    -> ')}`);
      const others = cycle.members.filter((member) => !cycle.circle.includes(member));
      if (others.length > 0) console.error(`  and, through these, also: ${others.join(', ')}`);
      for (const step of cycle.through ?? []) console.error(`  by ${step}`);
    }
    process.exitCode = 1;
  }
}
