// What the two-step sign-in tests share: a clock the test moves (the accounts' `now`), codes computed here with otpauth
// from the secret the setup answered (never with the shop's own code), and an account with two-step sign-in on.
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { DatabaseKind } from '../../../helpers/databases.js';
import { createTestApp, type SignedIn, type TestApp } from '../../../helpers/test-app.js';
import { callFrom } from '../account-fixtures.js';

export const STEP_MS = 30_000;

export interface TestClock {
  now: () => number;
  advance(ms: number): void;
}

/** Stands still (so a code never changes under a test) in the middle of a 30-second step; moves when told. */
export function createTestClock(): TestClock {
  let at = Math.floor(Date.now() / STEP_MS) * STEP_MS + STEP_MS / 2;
  return { now: () => at, advance: (ms) => void (at += ms) };
}

export async function createTwoFactorApp(kind: DatabaseKind, env: Record<string, string> = {}) {
  const clock = createTestClock();
  const t: TestApp = await createTestApp(kind, env, { accounts: { now: clock.now } });
  return { t, clock };
}

/** RFC 6238's code of `secret` at `atMs` (SHA-1, 6 digits, 30 s), computed by the test. */
export function codeAt(secret: string, atMs: number): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: atMs,
  });
}

let ip = 0;
/** A client address of its own, so one test's attempts do not count against another's. */
export const nextIp = () => `10.52.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

export async function setUp(app: FastifyInstance, who: SignedIn): Promise<{ secret: string; otpauthUrl: string }> {
  const res = await callFrom(app, nextIp(), 'POST', '/api/auth/2fa/setup', undefined, who);
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Sets up and turns on two-step sign-in for `who`; answers the secret and the recovery codes. */
export async function turnOn(app: FastifyInstance, clock: TestClock, who: SignedIn) {
  const { secret } = await setUp(app, who);
  const res = await callFrom(app, nextIp(), 'POST', '/api/auth/2fa/enable', { code: codeAt(secret, clock.now()) }, who);
  expect(res.statusCode).toBe(200);
  const { recoveryCodes } = res.json<{ recoveryCodes: string[] }>();
  // The step just used is spent: the tests sign in from the next one on.
  clock.advance(STEP_MS);
  return { secret, recoveryCodes };
}

/** POST /auth/login answering the challenge of an account with two-step sign-in on. */
export async function passwordStep(app: FastifyInstance, email: string, password: string, from = nextIp()) {
  const res = await callFrom(app, from, 'POST', '/api/auth/login', { email, password });
  expect(res.statusCode).toBe(200);
  const body = res.json<{ twoFactorRequired: boolean; challenge: string; token?: string }>();
  expect(body.twoFactorRequired).toBe(true);
  expect(body.token).toBeUndefined();
  return body.challenge;
}

export function verify(app: FastifyInstance, challenge: string, code: string, from = nextIp()) {
  return callFrom(app, from, 'POST', '/api/auth/2fa/verify', { challenge, code });
}
