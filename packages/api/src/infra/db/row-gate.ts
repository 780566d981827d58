// A gate in front of PostgreSQL's hot rows (ADR 008). Orders of one popular product all update that product's row,
// and PostgreSQL queues the writers on its row lock: each commit wakes every waiting backend, which re-reads the
// newest row version and goes back to sleep but one. With 50 orders of one part in flight, those wake-ups cost more
// CPU than the orders themselves. Queuing them here first, a few per row, costs a promise each: PostgreSQL then sees
// only `perKey` writers of a row at once, enough to keep the row busy while the previous writer commits.

interface Slot {
  active: number;
  waiting: Array<() => void>;
}

export type RowGate = <T>(keys: readonly string[], work: () => Promise<T>) => Promise<T>;

/**
 * Runs `work` once it holds a place on every key (at most `perKey` holders per key). Keys are taken in sorted order,
 * so two callers over overlapping keys can never wait for each other in a circle; places are handed over in arrival
 * order.
 */
export function createRowGate(perKey: number): RowGate {
  const slots = new Map<string, Slot>();

  function enter(key: string): Promise<void> | undefined {
    let slot = slots.get(key);
    if (!slot) {
      slot = { active: 0, waiting: [] };
      slots.set(key, slot);
    }
    if (slot.active < perKey) {
      slot.active += 1;
      return undefined;
    }
    const queue = slot.waiting;
    return new Promise((resolve) => queue.push(resolve));
  }

  function leave(key: string): void {
    const slot = slots.get(key);
    if (!slot) return;
    // The place passes straight to the next in line: `active` stays as it is.
    const next = slot.waiting.shift();
    if (next) next();
    else if (--slot.active === 0) slots.delete(key);
  }

  return async (keys, work) => {
    const sorted = [...new Set(keys)].sort();
    const held: string[] = [];
    try {
      for (const key of sorted) {
        const wait = enter(key);
        if (wait) await wait;
        held.push(key);
      }
      return await work();
    } finally {
      for (const key of held) leave(key);
    }
  };
}
