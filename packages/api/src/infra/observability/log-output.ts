// Where the logs go (B2B §8): pino's JSON lines as they are (one per line, for a log collector), or, when stdout is a
// terminal, the same records as readable lines. The JSON path is pino's own, untouched; only a terminal pays for the
// reformatting, and a person at a terminal logs little.
import type { FastifyServerOptions } from 'fastify';

/** What pino writes to: one JSON record per call. */
export interface LogStream {
  write(line: string): void;
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields the line shows in its own places, or that a person at a terminal does not need. */
const SHOWN = new Set(['level', 'time', 'msg', 'reqId', 'pid', 'hostname']);

function valueText(value: unknown): string {
  if (typeof value === 'string') return /[\s"=]/.test(value) || value === '' ? JSON.stringify(value) : value;
  return JSON.stringify(value) ?? String(value);
}

/** One JSON record as `12:00:01.234 INFO  [reqId] message key=value ...`, with an error's stack on lines below. */
export function readableLine(json: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const time = typeof record.time === 'number' ? new Date(record.time).toISOString().slice(11, 23) : '';
  const level = (LEVELS[Number(record.level)] ?? String(record.level)).padEnd(5);
  const reqId = typeof record.reqId === 'string' ? ` [${record.reqId}]` : '';
  let stack = '';
  const extras: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (SHOWN.has(key)) continue;
    if (key === 'err' && value && typeof value === 'object' && 'stack' in value) {
      stack = `\n    ${String(value.stack).replaceAll('\n', '\n    ')}`;
      continue;
    }
    extras.push(`${key}=${valueText(value)}`);
  }
  const msg = typeof record.msg === 'string' ? ` ${record.msg}` : '';
  return `${time} ${level}${reqId}${msg}${extras.length ? ` ${extras.join(' ')}` : ''}${stack}\n`;
}

/** A pino destination that writes readable lines to `out`. */
export function readableLogStream(out: { write(text: string): unknown }): LogStream {
  return { write: (line) => void out.write(readableLine(line)) };
}

/**
 * Fastify's logger option: off for LOG_LEVEL=silent; JSON to stdout (pino's default destination) unless stdout is a
 * terminal; `stream` (tests capture the lines) overrides both.
 */
export function loggerOptions(
  level: string,
  stream: LogStream | undefined,
  terminal = process.stdout.isTTY === true,
): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  if (stream) return { level, stream };
  return terminal ? { level, stream: readableLogStream(process.stdout) } : { level };
}
