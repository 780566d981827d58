// What the audit entry costs the staff writes (B2B §15, issue #52), run by the bench's `staff` part
// (bench/src/staff-writes-bench.ts) as `node --import tsx packages/api/test/modules/audit/staff-writes-timing.ts`: on a fresh
// SQLite and PostgreSQL database each, the accounts service of the product sets a role, removes one and resets a
// two-step sign-in, ROUNDS times with its audit entry and ROUNDS times without (the same call with no audit context,
// which is the write as it was before the trail), alternating in one run (ABBA order) so both see the same machine.
// Each write's setup (a role to remove, a two-step row to reset) is untimed. Prints the times as one JSON line.
import type { AuditContext } from '../../../src/modules/audit/index.js';
import { createAccountsService } from '../../../src/modules/accounts/index.js';
import { databases, type DatabaseKind } from '../../helpers/databases.js';
import { ADMIN, createTestApp, signUp, TEST_SECRET } from '../../helpers/test-app.js';

const ROUNDS = Number(process.env.STAFF_WRITES_ROUNDS ?? 60);
export const WRITES = ['role set', 'remove', 'two-step reset'] as const;
type Write = (typeof WRITES)[number];

async function timeDatabase(kind: DatabaseKind): Promise<Record<string, number[]>> {
  const t = await createTestApp(kind);
  try {
    const app = t.app;
    const db = app.db;
    const accounts = createAccountsService(db, TEST_SECRET);
    const ADMIN_EMAIL = ADMIN.email;
    const admin = await db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('email', '=', ADMIN_EMAIL)
      .executeTakeFirstOrThrow();
    const email = 'bench-clerk@kestrel.test';
    const clerk = await signUp(app, 'Bench Clerk', email);
    await db.updateTable('users').set({ email_verified: 1 }).where('id', '=', clerk.id).execute();
    let n = 0;
    const context = (): AuditContext => ({
      actor: { type: 'user', id: admin.id, email: ADMIN_EMAIL, name: admin.name },
      requestId: `bench-staff-${++n}`,
    });
    const times = new Map<string, number[]>();
    const timed = async (key: string, write: () => Promise<unknown>) => {
      const began = performance.now();
      await write();
      const list = times.get(key) ?? [];
      list.push(performance.now() - began);
      times.set(key, list);
    };
    const run = async (write: Write, audited: boolean) => {
      const key = `${write}|${audited ? 'after' : 'before'}`;
      const audit = audited ? context() : null;
      if (write === 'role set') {
        // Always another role than the current one, so every timed call writes (an unchanged role writes nothing).
        const current = await db
          .selectFrom('users')
          .select('role')
          .where('id', '=', clerk.id)
          .executeTakeFirstOrThrow();
        const role = current.role === 'sales' ? 'warehouse' : 'sales';
        return timed(key, () => accounts.setStaffRole(email, role, audit));
      }
      if (write === 'remove') {
        await accounts.setStaffRole(email, 'sales', null);
        return timed(key, () => accounts.removeStaff(email, audit));
      }
      const at = new Date().toISOString();
      await db.deleteFrom('two_factor').where('user_id', '=', clerk.id).execute();
      await db
        .insertInto('two_factor')
        .values({ user_id: clerk.id, secret_sealed: 'sealed', enabled_at: at, last_step: null, created_at: at })
        .execute();
      return timed(key, () => accounts.twoFactor.reset(email, audit));
    };
    // Warm-up, then ABBA rounds: before, after, after, before, ...
    for (const write of WRITES) for (const audited of [false, true]) await run(write, audited);
    times.clear();
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? [false, true] : [true, false];
      for (const write of WRITES) for (const audited of order) await run(write, audited);
    }
    return Object.fromEntries(times);
  } finally {
    await t.close();
  }
}

const result: Record<string, Record<string, number[]>> = {};
for (const kind of databases) result[kind] = await timeDatabase(kind);
console.log(JSON.stringify({ rounds: ROUNDS, times: result }));
