// The full product list (GET /api/service without a limit: 35 MB of JSON at 97,000 products) kept as encoded bytes,
// identity, gzip and brotli, built once per catalogue change however many callers ask (#24, docs/reliability.md).
//
// - One build at a time, shared by every caller that asks meanwhile; at most MAX_ENTRIES lists are kept (the oldest-
//   first list, and one other order or offset), so memory does not grow with callers or with query variants.
// - A product write (create, edit, delete, import) drops every entry: the next read builds anew and waits for it.
// - A stock move by an order marks entries stale, and so does age (LIST_CACHE_TTL_MS, for other instances' writes).
//   A stale entry that is small (under CHEAP_BYTES, a small catalogue) is built anew before the next answer, so stock
//   shows at once as before; a large one keeps being served while one rebuild runs, started no sooner than REBUILD_FACTOR times its build time after the last build, so
//   rebuilding takes at most about a tenth of one core however many orders arrive (at 100,000 products the list's
//   stock lags orders by about ten seconds; the order itself always checks the stock of the moment).
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { AppError } from '../errors.js';
import { LIST_CACHE_TTL_MS } from './list-cache.js';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export const MAX_ENTRIES = 2;
/**
 * Builds waiting or running at most: more variants asked at once (offsets without a limit, each its own list) are
 * refused with 503 rather than queued without end.
 */
export const MAX_PENDING_BUILDS = 4;
/** A list below this size (about 3,000 products) is cheap to build: it is built anew at once after any change. */
export const CHEAP_BYTES = 1024 * 1024;
export const REBUILD_FACTOR = 10;
/** Smaller answers are sent as they are: compressing them saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;

export interface EncodedList {
  raw: Buffer;
  /** Null when the answer is too small to compress; resolves to null if compressing failed (then it goes out raw). */
  gzip: Promise<Buffer | null> | null;
  br: Promise<Buffer | null> | null;
  /** A strong validator of the content (the encodings add a suffix). */
  etag: string;
}

/** Writes the list's JSON text, a piece at a time (the builder pauses between pieces for other requests). */
export type ListBuilder = (write: (piece: string) => void) => Promise<void>;

/** When a build finished and how long it took (filled in by the build). */
interface Timing {
  builtAt: number;
  buildMs: number;
}

interface Entry {
  list: Promise<EncodedList>;
  /** The list once built: answered without a promise (the common case of a busy read). */
  value: EncodedList | null;
  bytes: number;
  timing: Timing;
  stale: boolean;
  rebuilding: boolean;
}

export class EncodedListCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  /** Builds run one after another. */
  private queue: Promise<unknown> = Promise.resolve();
  private pending = 0;
  builds = 0;

  constructor(
    /** Another instance's writes are not heard of: an entry this old is stale too (list-cache.ts's lifetime). */
    private readonly ttlMs = LIST_CACHE_TTL_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get(key: string, build: ListBuilder): EncodedList | Promise<EncodedList> {
    const entry = this.entries.get(key);
    if (!entry) return this.start(key, build).list;
    const { builtAt, buildMs } = entry.timing;
    const built = builtAt > 0;
    if (built && (entry.stale || this.now() - builtAt >= this.ttlMs) && !entry.rebuilding) {
      if (entry.bytes < CHEAP_BYTES) return this.start(key, build).list;
      if (this.now() >= builtAt + REBUILD_FACTOR * buildMs) this.rebuildBehind(key, entry, build);
    }
    return entry.value ?? entry.list;
  }

  /** A product changed: every list is built anew before it is answered again. */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  /** Stock moved: lists may show it late (see above). */
  stockMoved(): void {
    for (const entry of this.entries.values()) entry.stale = true;
  }

  private fresh(build: ListBuilder): Entry {
    const timing = { builtAt: 0, buildMs: 0 };
    const entry: Entry = {
      list: this.run(build, timing),
      value: null,
      bytes: 0,
      timing,
      stale: false,
      rebuilding: false,
    };
    entry.list.then(
      (list) => {
        entry.value = list;
        entry.bytes = list.raw.length;
      },
      () => undefined,
    );
    return entry;
  }

  private start(key: string, build: ListBuilder): Entry {
    const entry = this.fresh(build);
    this.keep(key, entry);
    entry.list.catch(() => this.entries.get(key) === entry && this.entries.delete(key));
    return entry;
  }

  private rebuildBehind(key: string, stale: Entry, build: ListBuilder): void {
    stale.rebuilding = true;
    const generation = this.generation;
    const next = this.fresh(build);
    next.list.then(
      () => generation === this.generation && this.entries.get(key) === stale && this.keep(key, next),
      () => (stale.rebuilding = false),
    );
  }

  private keep(key: string, entry: Entry): void {
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value ?? '');
    this.entries.set(key, entry);
  }

  private run(build: ListBuilder, timing: Timing): Promise<EncodedList> {
    if (this.pending >= MAX_PENDING_BUILDS)
      return Promise.reject(
        new AppError(503, 'busy', 'The product list is being prepared; try again in a few seconds'),
      );
    this.pending++;
    const result = this.queue.then(async () => {
      this.builds++;
      const started = this.now();
      const list = await encode(build);
      timing.builtAt = this.now();
      timing.buildMs = timing.builtAt - started;
      return list;
    });
    this.queue = result.catch(() => undefined).finally(() => this.pending--);
    return result;
  }
}

/** Pieces of text are gathered into buffers as they come, so the whole text never exists as one JS string. */
async function encode(build: ListBuilder): Promise<EncodedList> {
  const chunks: Buffer[] = [];
  const hash = createHash('sha256');
  await build((piece) => {
    const bytes = Buffer.from(piece);
    hash.update(bytes);
    chunks.push(bytes);
  });
  const raw = Buffer.concat(chunks);
  const small = raw.length < COMPRESS_FROM_BYTES;
  const list: EncodedList = {
    raw,
    gzip: small ? null : gzipAsync(raw, { level: 6 }).catch(() => null),
    br: small
      ? null
      : brotliAsync(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        }).catch(() => null),
    etag: `"${hash.digest('base64url').slice(0, 27)}"`,
  };
  return list;
}
