// Turns the figures of one run into the console table, bench/results/latest.md and a JSON file per run.
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { verdictOf, type Figure } from './figures.js';

function formatNumber(value: number, unit: string): string {
  const digits =
    unit === 'ratio' ? 2 : Math.abs(value) >= 100 || Number.isInteger(value) ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

function formatValue(figure: Figure): string {
  if (figure.value === null) return 'n/a';
  return `${formatNumber(figure.value, figure.unit)} ${figure.unit}`.trim();
}

function formatBudget(figure: Figure): string {
  if (!figure.budget) return '';
  const sign = figure.budget.kind === 'min' ? '>=' : '<=';
  return `${sign} ${formatNumber(figure.budget.limit, figure.unit)} ${figure.unit}`.trim();
}

interface Row {
  cells: string[];
}

function rowsOf(figures: Figure[]): Row[] {
  return figures.map((f) => ({
    cells: [f.section, f.name, formatValue(f), formatBudget(f), verdictOf(f).toUpperCase(), f.note ?? ''],
  }));
}

const HEADER = ['section', 'figure', 'value', 'budget', 'result', 'note'];

export function consoleTable(figures: Figure[]): string {
  const rows = [HEADER, ...rowsOf(figures).map((r) => r.cells)];
  const widths = HEADER.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(rows[0] ?? []), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

export function markdownTable(figures: Figure[]): string {
  const escape = (s: string) => s.replaceAll('|', '\\|');
  const lines = [`| ${HEADER.join(' | ')} |`, `|${HEADER.map(() => '---').join('|')}|`];
  for (const row of rowsOf(figures)) lines.push(`| ${row.cells.map(escape).join(' | ')} |`);
  return lines.join('\n');
}

export interface RunInfo {
  startedAt: Date;
  seconds: number;
  target: string;
  parts: string[];
}

function machineLine(): string {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  return `Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), load average ${load}`;
}

export async function writeResults(dir: string, figures: Figure[], info: RunInfo): Promise<string> {
  await mkdir(dir, { recursive: true });
  const stamp = info.startedAt
    .toISOString()
    .replaceAll(':', '-')
    .replace(/\.\d+Z$/, 'Z');
  const counts = { pass: 0, fail: 0, info: 0, error: 0 };
  for (const f of figures) counts[verdictOf(f)] += 1;
  const json = {
    startedAt: info.startedAt.toISOString(),
    seconds: info.seconds,
    target: info.target,
    parts: info.parts,
    machine: machineLine(),
    counts,
    figures: figures.map((f) => ({ ...f, result: verdictOf(f) })),
  };
  const jsonPath = path.join(dir, `${stamp}.json`);
  await writeFile(jsonPath, `${JSON.stringify(json, null, 2)}\n`);
  const md = [
    `# Latest bench run`,
    '',
    `Run ${info.startedAt.toISOString()} against ${info.target} (${info.parts.join(', ')}), ${info.seconds.toFixed(0)} s.`,
    machineLine() + '.',
    `${counts.pass} pass, ${counts.fail} fail, ${counts.error} error, ${counts.info} informational. Raw data: \`${path.basename(jsonPath)}\`.`,
    '',
    markdownTable(figures),
    '',
  ].join('\n');
  await writeFile(path.join(dir, 'latest.md'), md);
  return jsonPath;
}
