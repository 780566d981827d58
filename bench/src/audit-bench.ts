// The audit trail at 1,000,000 entries (B2B §15, issue #52): on SQLite and PostgreSQL the server migrates its
// database, the database fills itself with AUDIT_COUNT entries (audit-data.ts), and GET /api/admin/audit is timed on
// one kept-alive connection for each filter the Audit page offers, after its answer is checked: the median of SAMPLES
// against a 20 ms budget per filtered page (the server's whole answer: auth, the page's read and its capped count).
import http from 'node:http';
import { AUDIT_COUNT_LIMIT } from '@kestrel/shared';
import { logInAdmin, readAnswer } from './api-client.js';
import { actorIdOf, AUDIT_COUNT, fillAuditPostgres, fillAuditSqlite } from './audit-data.js';
import { budgets } from './budgets.js';
import { atMost, guarded, type Figure } from './figures.js';
import { quantileOf, timedGetBody } from './latency.js';
import { withPostgresDatabase } from './postgres.js';
import { withServer } from './processes.js';
import { productSpec, scratchDir, type TargetKind } from './target.js';

const SAMPLES = 30;
const WARMUP = 3;

/** Each filter of the Audit page, and the fewest entries its page must hold (a page of 50, or the 20 of a target). */
const FILTERS: Array<{ name: string; query: (adminId: string) => string; items: number }> = [
  { name: 'no filter', query: () => '', items: 50 },
  { name: 'person (e-mail)', query: () => 'actor=bench-admin%40kestrel.test', items: 50 },
  { name: 'API key id', query: () => `actor=${actorIdOf(21)}`, items: 50 },
  { name: 'action', query: () => 'action=order.refunded', items: 50 },
  { name: 'target type', query: () => 'targetType=company', items: 50 },
  { name: 'target id', query: () => 'targetId=t4242', items: 20 },
  { name: 'one day', query: () => 'from=2025-06-01&to=2025-06-01', items: 50 },
  { name: 'person + action', query: (id) => `actor=${id}&action=product.updated`, items: 50 },
  { name: 'action + week', query: () => 'action=quote.offered&from=2026-01-05&to=2026-01-11', items: 50 },
  { name: 'page 100 of a person', query: () => `actor=${actorIdOf(7)}&page=100&pageSize=50`, items: 50 },
];

async function benchDatabase(
  kind: TargetKind,
  section: string,
  url: string,
  dataDir: string,
  fill: (adminId: string) => Promise<void>,
): Promise<Figure[]> {
  const spec = productSpec(kind, { databaseUrl: url, dataDir, seedDemo: false });
  return withServer(spec, async (server) => {
    const token = await logInAdmin(server.origin);
    const me = await readAnswer(
      await fetch(`${server.origin}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } }),
      'GET /api/auth/me',
    );
    const adminId = typeof me === 'object' && me !== null && '_id' in me ? String(me._id) : '';
    const filled = performance.now();
    await fill(adminId);
    const fillSeconds = (performance.now() - filled) / 1000;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const auth = { authorization: `Bearer ${token}` };
    try {
      const figures: Figure[] = [];
      for (const filter of FILTERS) {
        const at = `${server.origin}/api/admin/audit?${filter.query(adminId)}`;
        const first = await timedGetBody(at, agent, auth);
        const page = JSON.parse(first.body) as { items: unknown[]; total: number; totalExact: boolean };
        if (page.items.length < filter.items) throw new Error(`${filter.name}: ${first.body.slice(0, 200)}`);
        const times: number[] = [];
        for (let round = -WARMUP; round < SAMPLES; round += 1) {
          const { ms } = await timedGetBody(at, agent, auth);
          if (round >= 0) times.push(ms);
        }
        figures.push({
          section,
          name: `GET /api/admin/audit, ${filter.name}`,
          value: quantileOf(times, 0.5),
          unit: 'ms',
          budget: atMost(budgets.auditPageMs),
          note:
            `${AUDIT_COUNT.toLocaleString('en-US')} entries (filled in ${fillSeconds.toFixed(0)} s); median of ` +
            `${SAMPLES}, p90 ${quantileOf(times, 0.9).toFixed(1)} ms; total ${page.totalExact ? page.total : `${AUDIT_COUNT_LIMIT}+`}`,
        });
      }
      return figures;
    } finally {
      agent.destroy();
    }
  });
}

export async function auditBench(kind: TargetKind): Promise<Figure[]> {
  if (kind !== 'product') return [];
  const scratch = await scratchDir('audit');
  try {
    const file = `${scratch.dir}/audit.db`;
    const sqlite = await guarded('audit sqlite', () =>
      benchDatabase(kind, 'audit sqlite', `file:${file}`, scratch.dir, async (adminId) =>
        fillAuditSqlite(file, adminId),
      ),
    );
    const postgres = await guarded('audit postgres', () =>
      withPostgresDatabase('audit', (url) =>
        benchDatabase(kind, 'audit postgres', url, scratch.dir, (adminId) => fillAuditPostgres(url, adminId)),
      ),
    );
    return [...sqlite, ...postgres];
  } finally {
    await scratch.dispose();
  }
}
