// How sign-in and the other account calls are throttled (docs/product.md §3, B2B §7). Wrong passwords slow the address
// that sends them, never the account's owner elsewhere: failures are counted per e-mail *and* address, so nobody can
// lock a known address (the default admin's) out by guessing at it. Around that: a cap of attempts a minute per
// address, a daily cap of failed sign-ins per address, and an account under attack from many addresses at once
// refuses only the addresses that never signed in to it.
import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import type { LimiterStore } from './limiter.js';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const SIGN_IN_LIMITS = {
  /** Attempts (sign-in, sign-up, Google start, forgot/reset/verify) one address may make in this many seconds. */
  perAddressSeconds: MINUTE,
  /** Wrong passwords in a row for one e-mail from one address; then that pair waits `blockSeconds`. */
  consecutiveFailures: 10,
  /** How long a run of failures is remembered when no success ends it. */
  consecutiveFailuresSeconds: DAY,
  blockSeconds: 15 * MINUTE,
  /** Failed sign-ins one address may make a day, whatever the e-mails. */
  failuresPerAddressPerDay: 100,
  /** Failures on one account within an hour, from any addresses, that put it "under attack". */
  accountFailuresPerHour: 100,
  /** How long an address that signed in to an account stays known to it. */
  knownAddressSeconds: 30 * DAY,
};

/** Why an attempt must wait: how long, in milliseconds. */
export type Verdict = { waitMs: number } | null;

export interface SignInLimits {
  /** Counts an attempt of `address`; with an e-mail also checks that e-mail's failures. */
  check(address: string, email?: string): Promise<Verdict>;
  failed(address: string, email: string): Promise<void>;
  succeeded(address: string, email: string): Promise<void>;
}

/** A counter still running and at (or past) its limiter's points (a store may hand out other limits: tests). */
const reached = (res: RateLimiterRes | null, limiter: RateLimiterAbstract): res is RateLimiterRes =>
  res !== null && res.msBeforeNext > 0 && res.consumedPoints >= limiter.points;

export function createSignInLimits(store: LimiterStore, attemptsPerMinute: number): SignInLimits {
  const L = SIGN_IN_LIMITS;
  const attempts = store.create({ name: 'auth-ip', points: attemptsPerMinute, duration: L.perAddressSeconds });
  const inARow = store.create({
    name: 'fail-email-ip',
    points: L.consecutiveFailures,
    duration: L.consecutiveFailuresSeconds,
  });
  const daily = store.create({ name: 'fail-ip-day', points: L.failuresPerAddressPerDay, duration: DAY });
  const account = store.create({ name: 'fail-email', points: L.accountFailuresPerHour, duration: HOUR });
  const known = store.create({ name: 'known-email-ip', points: 1, duration: L.knownAddressSeconds });
  const pair = (address: string, email: string) => `${email.toLowerCase()}|${address}`;

  return {
    async check(address, email) {
      try {
        await attempts.consume(address);
      } catch (refused) {
        if (refused instanceof Error) throw refused;
        return { waitMs: (refused as RateLimiterRes).msBeforeNext };
      }
      if (!email) return null;
      const [row, day, onAccount, knownHere] = await Promise.all([
        inARow.get(pair(address, email)),
        daily.get(address),
        account.get(email.toLowerCase()),
        known.get(pair(address, email)),
      ]);
      if (reached(row, inARow)) return { waitMs: row.msBeforeNext };
      if (reached(day, daily)) return { waitMs: day.msBeforeNext };
      const isKnown = knownHere !== null && knownHere.msBeforeNext > 0;
      if (reached(onAccount, account) && !isKnown) return { waitMs: onAccount.msBeforeNext };
      return null;
    },

    async failed(address, email) {
      const key = pair(address, email);
      const [row] = await Promise.all([
        inARow.penalty(key),
        daily.penalty(address),
        account.penalty(email.toLowerCase()),
      ]);
      // The limit is reached: the pair waits blockSeconds from now (then starts again from zero).
      if (row.consumedPoints >= inARow.points) await inARow.block(key, L.blockSeconds);
    },

    async succeeded(address, email) {
      const key = pair(address, email);
      await Promise.all([inARow.delete(key), known.set(key, 1, L.knownAddressSeconds)]);
    },
  };
}
