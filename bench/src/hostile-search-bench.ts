// Issue #24: hostile searches at 100,000 products, each with /api/health timed beside it. Before the fix one search
// (`q=a`) held the SQLite shop for 87 s, health included, and `q=1 1 1 1 1 1 1 1` never answered. Each query is asked
// RUNS times, one at a time, while a second connection asks /api/health again and again; the figures are the slowest
// search answer (200, or 503 search_timeout past the server's search budget) and the slowest health answer. After a
// 503 the bench waits for an ordinary search to answer again (the server replaces its stopped search reader) before
// the next query, so a restart is never counted against the next one.
import http from 'node:http';
import { budgets } from './budgets.js';
import { atMost, type Figure } from './figures.js';
import { quantileOf, timedGet } from './latency.js';

const RUNS = 3;

export const HOSTILE_SEARCHES = [
  'a',
  '1 1 1 1 1 1 1 1',
  'c p m s d f g h',
  'ca pr me st da fa ga ha',
  'gb ddr5 kit',
  'kc',
  Array.from({ length: 24 }, (_, i) => `w${i}`).join(' '),
  'x'.repeat(200),
  '" * NEAR( OR AND NOT - ^ : ( )',
] as const;

interface Answer {
  status: number;
  ms: number;
  total: string;
}

function getAnswer(url: string, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const began = performance.now();
    http
      .get(url, { agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          const total = /"total":(\d+)/.exec(body)?.[1] ?? /"code":"([a-z_]+)"/.exec(body)?.[1] ?? '?';
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - began, total });
        });
      })
      .on('error', reject);
  });
}

async function searchesAgain(origin: string, agent: http.Agent, ordinary: string) {
  for (let i = 0; i < 200; i += 1) {
    if ((await getAnswer(`${origin}${ordinary}`, agent)).status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the search never answered again after a 503');
}

/** The hostile lines of one database at 100,000 products; `ordinary` is a search path that must answer 200. */
export async function hostileSearchFigures(
  section: string,
  origin: string,
  ordinary: string,
  healthBudgeted: boolean,
): Promise<Figure[]> {
  const searchAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const healthAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const figures: Figure[] = [];
  const allHealth: number[] = [];
  try {
    for (const q of HOSTILE_SEARCHES) {
      const answers: Answer[] = [];
      const health: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        let searching = true;
        const checks = (async () => {
          while (searching) {
            health.push((await timedGet(`${origin}/api/health`, healthAgent)).ms);
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
        })();
        const answer = await getAnswer(`${origin}/api/catalog?q=${encodeURIComponent(q)}`, searchAgent);
        searching = false;
        await checks;
        answers.push(answer);
        if (answer.status !== 200) await searchesAgain(origin, searchAgent, ordinary);
      }
      allHealth.push(...health);
      const label = q.length > 24 ? `${q.slice(0, 21)}... (${q.length} chars)` : q;
      figures.push({
        section,
        name: `hostile q=${JSON.stringify(label)}, 100,000 products`,
        value: Math.max(...answers.map((a) => a.ms)),
        unit: 'ms',
        budget: atMost(budgets.hostileSearchMs),
        note: `slowest of ${RUNS}: ${answers.map((a) => `${a.status} ${a.total} ${a.ms.toFixed(0)} ms`).join('; ')}; health beside it: max ${Math.max(...health).toFixed(1)} ms, median ${quantileOf(health, 0.5).toFixed(1)} ms (${health.length})`,
      });
    }
    figures.push({
      section,
      name: 'hostile searches: slowest /api/health beside them',
      value: Math.max(...allHealth),
      unit: 'ms',
      ...(healthBudgeted ? { budget: atMost(budgets.hostileHealthMs) } : {}),
      note: `${allHealth.length} health answers, median ${quantileOf(allHealth, 0.5).toFixed(1)} ms, p99 ${quantileOf(allHealth, 0.99).toFixed(1)} ms`,
    });
    return figures;
  } finally {
    searchAgent.destroy();
    healthAgent.destroy();
  }
}
