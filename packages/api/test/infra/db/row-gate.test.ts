// The gate in front of PostgreSQL's hot rows (infra/db/row-gate.ts): how many run per key, in what order, and that
// overlapping key sets and failures never leave a caller waiting.
import { describe, expect, it } from 'vitest';
import { createRowGate } from '../../../src/infra/db/row-gate.js';

/** A piece of work that runs until `open()` is called, recording when it started. */
function held(log: string[], name: string) {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  const work = async () => {
    log.push(`start ${name}`);
    await done;
    log.push(`end ${name}`);
    return name;
  };
  return { work, open: () => open() };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('row gate', () => {
  it('runs at most perKey callers of one key at once, the rest in arrival order', async () => {
    const gate = createRowGate(2);
    const log: string[] = [];
    const calls = ['a', 'b', 'c', 'd'].map((name) => held(log, name));
    const answers = calls.map((call) => gate(['p1'], call.work));
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    calls[1]?.open();
    await settle();
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    calls[0]?.open();
    calls[2]?.open();
    calls[3]?.open();
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c', 'd']);
    expect(log.slice(3)).toEqual(['start c', 'end a', 'end c', 'start d', 'end d']);
  });

  it('lets callers of other keys pass a full key', async () => {
    const gate = createRowGate(1);
    const log: string[] = [];
    const first = held(log, 'first');
    const waiting = held(log, 'waiting');
    const other = held(log, 'other');
    const answers = [gate(['p1'], first.work), gate(['p1'], waiting.work), gate(['p2'], other.work)];
    await settle();
    expect(log).toEqual(['start first', 'start other']);
    first.open();
    waiting.open();
    other.open();
    expect(await Promise.all(answers)).toEqual(['first', 'waiting', 'other']);
  });

  it('takes overlapping key sets in one order, so callers naming them differently never wait in a circle', async () => {
    const gate = createRowGate(1);
    const log: string[] = [];
    const x = held(log, 'x');
    const y = held(log, 'y');
    const answers = [gate(['p2', 'p1'], x.work), gate(['p1', 'p2', 'p1'], y.work)];
    await settle();
    expect(log).toEqual(['start x']);
    x.open();
    y.open();
    expect(await Promise.all(answers)).toEqual(['x', 'y']);
  });

  it('gives the place back when the work fails', async () => {
    const gate = createRowGate(1);
    await expect(
      gate(['p1'], () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await expect(gate(['p1'], () => Promise.resolve('next'))).resolves.toBe('next');
  });

  it('keeps many callers of one key exact: a shared counter never sees more than perKey inside', async () => {
    const gate = createRowGate(3);
    let inside = 0;
    let most = 0;
    const work = async () => {
      inside += 1;
      most = Math.max(most, inside);
      await settle();
      inside -= 1;
    };
    await Promise.all(Array.from({ length: 200 }, (_, i) => gate(['p1', i % 2 === 0 ? 'p2' : 'p3'], work)));
    expect(most).toBe(3);
    expect(inside).toBe(0);
  });
});
