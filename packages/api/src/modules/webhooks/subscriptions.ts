// Which enabled endpoints want an event, as this instance last read them. The emitters ask on every change (the order
// write among them), so the answer comes from memory, read again from the database at most once per SNAPSHOT_TTL_MS:
// that is the rule across instances (docs/architecture.md, "Event outbox"): an endpoint created, changed or deleted on
// another instance is followed by every instance for the changes they commit more than about a second later. On this
// instance it is followed at once (`forget`).
import type { Kysely } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import type { Database } from '../../infra/db/schema.js';
import { enabledSubscriptions } from './endpoints-repository.js';

export const SNAPSHOT_TTL_MS = 1_000;

interface Snapshot {
  /** When its read started (so it is never taken for fresher than it is). */
  at: number;
  endpoints: Array<{ id: string; all: boolean; events: ReadonlySet<string> }>;
}

export interface Subscriptions {
  /**
   * The ids of the enabled endpoints subscribed to `type`; a value at once while the snapshot is fresh. A caller inside
   * a transaction passes it: a stale snapshot is then read through it, never through another connection (on SQLite
   * the transaction holds the only one, and waiting for another would never end).
   */
  of(type: string, executor?: Kysely<Database>): string[] | Promise<string[]>;
  forget(): void;
}

export function createSubscriptions(db: Db): Subscriptions {
  let snapshot: Snapshot | undefined;
  let loading: Promise<Snapshot> | undefined;

  async function load(executor: Kysely<Database> = db): Promise<Snapshot> {
    const at = Date.now();
    const rows = await enabledSubscriptions(executor);
    const endpoints = rows.map((row) => {
      const events: unknown = JSON.parse(row.events);
      const names = Array.isArray(events) ? events.filter((e): e is string => typeof e === 'string') : [];
      return { id: row.id, all: names.includes('*'), events: new Set(names) };
    });
    return { at, endpoints };
  }

  const pick = (s: Snapshot, type: string) => s.endpoints.filter((e) => e.all || e.events.has(type)).map((e) => e.id);

  let generation = 0;
  return {
    of(type, executor) {
      if (snapshot && Date.now() - snapshot.at < SNAPSHOT_TTL_MS) return pick(snapshot, type);
      if (executor) {
        const mine = generation;
        return load(executor).then((fresh) => {
          if (generation === mine && (!snapshot || snapshot.at < fresh.at)) snapshot = fresh;
          return pick(fresh, type);
        });
      }
      if (!loading) {
        const mine = ++generation;
        const started = load();
        loading = started;
        // A forget() while it loaded wins: its answer serves the callers that waited, and the next question reads again.
        void started.then(
          (fresh) => {
            if (generation === mine) [snapshot, loading] = [fresh, undefined];
          },
          () => {
            if (generation === mine) loading = undefined;
          },
        );
      }
      return loading.then((s) => pick(s, type));
    },
    forget() {
      generation++;
      snapshot = undefined;
      loading = undefined;
    },
  };
}
