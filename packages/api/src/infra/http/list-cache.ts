// The serialised answers of a public list read (GET /api/service, GET /api/review), kept briefly in memory.
//
// The module that owns a cache invalidates it whenever it writes what the list shows, so this process answers its own
// writes at once. Writes made by another instance on the same PostgreSQL database are not seen here until an entry
// expires: an entry lives LIST_CACHE_TTL_MS (1 s) from the moment its query started, which bounds how stale a list
// can be across instances (docs/operations.md).

import type { Serialize } from './serialize.js';

export const LIST_CACHE_TTL_MS = 1_000;
export const LIST_CACHE_MAX_KEYS = 64;

interface Entry {
  json: string;
  expiresAt: number;
}

export class ListCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every invalidation; a read that started before one must not store what it read. */
  private generation = 0;

  constructor(
    /** The answer's response serializer (http/serialize.ts), so a cached answer is what the route would send. */
    private readonly serialize: Serialize,
    private readonly now: () => number = Date.now,
    readonly ttlMs = LIST_CACHE_TTL_MS,
    readonly maxKeys = LIST_CACHE_MAX_KEYS,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /**
   * The JSON text stored under key while fresh, else load() serialised (and stored). A hit is answered synchronously:
   * it is the common case of the busiest reads, and a promise and its microtask were a measurable part of their cost.
   */
  json(key: string, load: () => Promise<unknown>): string | Promise<string> {
    const startedAt = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > startedAt) return hit.json;
    return this.fill(key, load, startedAt);
  }

  private async fill(key: string, load: () => Promise<unknown>, startedAt: number): Promise<string> {
    const generation = this.generation;
    const json = this.serialize(await load());
    if (generation === this.generation) {
      this.entries.delete(key);
      // Oldest entry out first (Map keeps insertion order).
      if (this.entries.size >= this.maxKeys) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, { json, expiresAt: startedAt + this.ttlMs });
    }
    return json;
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }
}
