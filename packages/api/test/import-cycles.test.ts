// `npm run check` fails on an import circle (scripts/check-import-cycles.mjs, issue #48). These tests write small
// source trees into a temporary folder and run the check on them (`npm run check` runs it on the packages).
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findImportCycles, importedSpecifiers } from '../../../scripts/check-import-cycles.mjs';

const SCRIPT = path.resolve(import.meta.dirname, '../../../scripts/check-import-cycles.mjs');
const run = promisify(execFile);

let root = '';
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Writes `files` (path under src -> text) and answers the src folder. */
function tree(files: Record<string, string>): string {
  const src = path.join(root, 'src');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(src, name)), { recursive: true });
    writeFileSync(path.join(src, name), text);
  }
  return src;
}

/** The check run as `npm run check` runs it, on one folder: its exit code and what it printed. */
async function check(src: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(process.execPath, [SCRIPT, src]);
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, out: failed.stderr };
  }
}

describe('the import-cycle check', () => {
  it('passes a tree whose imports run one way, and exits 0', async () => {
    const src = tree({
      'modules/orders/index.ts': "export { place } from './service.js';\n",
      'modules/orders/service.ts': "import { lock } from '../companies/index.js';\nexport const place = lock;\n",
      'modules/companies/index.ts': "export const lock = () => 'locked';\n",
    });
    expect(findImportCycles([src], root)).toEqual([]);
    expect(await check(src)).toEqual({ code: 0, out: `No import cycles in ${path.relative(process.cwd(), src)}.\n` });
  });

  it('fails on a circle of files, type imports included, and prints the circle', async () => {
    const src = tree({
      'modules/companies/index.ts': "export { companyRoutes } from './routes.js';\n",
      'modules/companies/routes.ts':
        "import type { OrdersService } from '../orders/index.js';\nexport const companyRoutes = (o: OrdersService) => o;\n",
      'modules/orders/index.ts': "export { type OrdersService } from './service.js';\n",
      'modules/orders/service.ts':
        "import { companyRoutes } from '../companies/index.js';\nexport type OrdersService = typeof companyRoutes;\n",
    });
    const cycles = findImportCycles([src], root);
    expect(cycles.map((c) => [c.level, c.members])).toEqual([
      [
        'files',
        [
          'src/modules/companies/index.ts',
          'src/modules/companies/routes.ts',
          'src/modules/orders/index.ts',
          'src/modules/orders/service.ts',
        ],
      ],
      ['parts', ['src: modules/companies', 'src: modules/orders']],
    ]);
    expect(cycles[0]?.circle).toEqual([
      'src/modules/companies/index.ts',
      'src/modules/companies/routes.ts',
      'src/modules/orders/index.ts',
      'src/modules/orders/service.ts',
      'src/modules/companies/index.ts',
    ]);
    const { code, out } = await check(src);
    expect(code).toBe(1);
    expect(out).toContain('Import cycle 1 of 2 (4 files):');
    expect(out).toContain('Import cycle 2 of 2 (2 parts):');
  });

  it('fails on two modules that import each other with no circle of files, naming the imports', () => {
    // orders' service reads companies' entry; companies' routes read orders' entry, which does not re-export the
    // service: no file reaches itself, but each module builds on the other.
    const src = tree({
      'modules/orders/index.ts': "export const orderRoutes = 'routes';\n",
      'modules/orders/service.ts': "import { lock } from '../companies/index.js';\nexport const place = lock;\n",
      'modules/companies/index.ts': "export const lock = 'lock';\n",
      'modules/companies/routes.ts':
        "import { orderRoutes } from '../orders/index.js';\nexport const r = orderRoutes;\n",
    });
    expect(findImportCycles([src], root)).toEqual([
      {
        level: 'parts',
        members: ['src: modules/companies', 'src: modules/orders'],
        circle: ['src: modules/companies', 'src: modules/orders', 'src: modules/companies'],
        through: [
          'src/modules/companies/routes.ts -> src/modules/orders/index.ts',
          'src/modules/orders/service.ts -> src/modules/companies/index.ts',
        ],
      },
    ]);
  });

  it("counts an infra folder as a part of its own, and infra's own files as another", () => {
    const src = tree({
      'infra/list-cache.ts': "import type { Serialize } from './http/serialize.js';\nexport type C = Serialize;\n",
      'infra/http/serialize.ts': 'export type Serialize = () => string;\n',
      'infra/http/encoded-answer.ts': "import type { C } from '../list-cache.js';\nexport type A = C;\n",
    });
    expect(findImportCycles([src], root).map((c) => c.members)).toEqual([['src: infra', 'src: infra/http']]);
  });

  it('reads every kind of import: static, export-from, dynamic and import() types; not node_modules', () => {
    const text = [
      "import a from './a.js';",
      "import type { B } from './b.js';",
      "export * from './c.js';",
      "export { d } from './d.js';",
      "const e = await import('./e.js');",
      "type F = typeof import('./f.js');",
      "import 'fastify';",
    ].join('\n');
    expect(importedSpecifiers('x.ts', text)).toEqual([
      './a.js',
      './b.js',
      './c.js',
      './d.js',
      './e.js',
      './f.js',
      'fastify',
    ]);
  });

  it('resolves extensionless and folder imports as the storefront writes them', () => {
    const src = tree({
      'lib/notify.ts': "import type { Kind } from './toast-part';\nexport type N = Kind;\n",
      'lib/toast-part.tsx': "import type { N } from './notify';\nexport type Kind = N;\n",
    });
    expect(findImportCycles([src], root).map((c) => c.members)).toEqual([
      ['src/lib/notify.ts', 'src/lib/toast-part.tsx'],
    ]);
  });
});
