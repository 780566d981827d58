// Logs (B2B §8; infra/observability/log-output.ts): pino's JSON untouched when stdout is not a terminal, readable
// lines when it is.
import { describe, expect, it } from 'vitest';
import { loggerOptions, readableLine, readableLogStream } from '../../../src/infra/observability/log-output.js';

describe('log output', () => {
  it("leaves pino's JSON destination alone unless stdout is a terminal", () => {
    expect(loggerOptions('info', undefined, false)).toEqual({ level: 'info' });
    expect(loggerOptions('silent', undefined, true)).toBe(false);
    const terminal = loggerOptions('warn', undefined, true);
    expect(terminal).toMatchObject({ level: 'warn' });
    expect(terminal && typeof terminal === 'object' && 'stream' in terminal).toBe(true);
  });

  it('writes a record as one readable line with its request id and fields', () => {
    const time = Date.UTC(2026, 10, 27, 5, 1, 2, 345);
    const line = readableLine(
      JSON.stringify({
        level: 40,
        time,
        pid: 1,
        hostname: 'h',
        reqId: 'ab12-3',
        job: 'mail-delivery',
        msg: 'slow run',
        tries: 2,
      }),
    );
    expect(line).toBe('05:01:02.345 WARN  [ab12-3] slow run job=mail-delivery tries=2\n');
  });

  it("puts an error's stack on indented lines below, and quotes values with spaces", () => {
    const line = readableLine(
      JSON.stringify({
        level: 50,
        time: 0,
        msg: 'failed',
        note: 'two words',
        err: { type: 'Error', stack: 'Error: x\n    at y' },
      }),
    );
    expect(line).toBe('00:00:00.000 ERROR failed note="two words"\n    Error: x\n        at y\n');
  });

  it('passes a line that is not JSON through', () => {
    const out: string[] = [];
    readableLogStream({ write: (text: string) => out.push(text) }).write('not json');
    expect(out).toEqual(['not json\n']);
  });
});
