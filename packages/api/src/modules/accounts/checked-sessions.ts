// Session rows this process has read recently, so a customer's stream of requests costs one session lookup a second
// instead of one each. On PostgreSQL that lookup is a round trip: half of what an order costs (bench/results/history.md).
//
// Every change in this process to what an entry holds (sign-out, a role change, a name change) forgets all entries at
// once, so this process always answers its own changes at once. Another instance on the same PostgreSQL database sees
// such a change when it reads the row again, at most SESSION_RECHECK_MS (1 s) later: the same bound as the list cache
// (ADR 001). Expiry and the idle time-out are still checked on every request.
import type { AuthUser } from './auth-user.js';

export const SESSION_RECHECK_MS = 1_000;
/** Past this many sessions the memory starts over (a few MB at most). */
const CHECKED_SESSION_LIMIT = 10_000;

export interface CheckedSession {
  user: AuthUser;
  expiresAtMs: number;
  lastSeenAtMs: number;
  checkedAtMs: number;
}

export class CheckedSessions {
  private readonly entries = new Map<string, CheckedSession>();
  /** Bumped by every forget(); a lookup that started before one must not store what it read. */
  private generation = 0;

  /** The entry of a session read less than SESSION_RECHECK_MS before `at`, if any. */
  fresh(sessionId: string, at: number): CheckedSession | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    const age = at - entry.checkedAtMs;
    return age >= 0 && age < SESSION_RECHECK_MS ? entry : undefined;
  }

  /** Starts a lookup: pass what this answers to remember(), which ignores the result if a forget() came between. */
  begin(): number {
    return this.generation;
  }

  remember(generation: number, entry: CheckedSession): void {
    if (generation !== this.generation) return;
    if (this.entries.size >= CHECKED_SESSION_LIMIT) this.entries.clear();
    this.entries.set(entry.user.sessionId, entry);
  }

  forget(): void {
    this.generation++;
    this.entries.clear();
  }
}
