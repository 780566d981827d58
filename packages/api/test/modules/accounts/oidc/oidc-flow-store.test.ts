// The sign-in state on real SQLite and PostgreSQL: stored by one "instance", finished by another, used once only,
// refused after 10 minutes and refused to a browser that did not start it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrate, type Db } from '../../../../src/infra/db/create-db.js';
import { OidcSignInError } from '../../../../src/modules/accounts/google/oidc-errors.js';
import {
  newBrowserBinding,
  OIDC_FLOW_TTL_MS,
  saveFlow,
  takeFlow,
} from '../../../../src/modules/accounts/google/oidc-flow-store.js';
import { createTestDatabase, databases, type TestDatabase } from '../../../helpers/databases.js';

function checks(tag: string) {
  return { state: `state-${tag}-${Math.random()}`, nonce: `nonce-${tag}`, codeVerifier: `verifier-${tag}` };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof OidcSignInError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return `${error.reason}: ${error.message}`;
}

describe.each(databases)('OIDC flow store on %s', (kind) => {
  let database: TestDatabase;
  let instanceA: Db;
  let instanceB: Db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const config = kind === 'sqlite' ? { kind, file: database.url.slice('file:'.length) } : { kind, url: database.url };
    // Two connections stand for two server instances behind one load balancer.
    instanceA = createDb(config);
    await migrate(instanceA);
    instanceB = createDb(config);
  });

  afterAll(async () => {
    await instanceA.destroy();
    await instanceB.destroy();
    await database.drop();
  });

  it('lets another instance finish the flow, exactly once', async () => {
    const browser = newBrowserBinding();
    const flow = checks('once');
    await saveFlow(instanceA, { checks: flow, returnTo: '/dashboard/myorder', browserBinding: browser });
    expect(await takeFlow(instanceB, flow.state, browser)).toEqual({ checks: flow, returnTo: '/dashboard/myorder' });
    expect(await refusal(takeFlow(instanceA, flow.state, browser))).toBe('state: unknown or already used state');
    expect(await refusal(takeFlow(instanceB, flow.state, browser))).toBe('state: unknown or already used state');
  });

  it('hands a state racing on two instances to one of them only', async () => {
    const browser = newBrowserBinding();
    const flow = checks('race');
    await saveFlow(instanceA, { checks: flow, returnTo: '/', browserBinding: browser });
    const results = await Promise.allSettled([
      takeFlow(instanceA, flow.state, browser),
      takeFlow(instanceB, flow.state, browser),
      takeFlow(instanceA, flow.state, browser),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(2);
  });

  it('refuses a flow older than 10 minutes', async () => {
    const browser = newBrowserBinding();
    const flow = checks('old');
    const startedAt = Date.now() - OIDC_FLOW_TTL_MS - 1;
    await saveFlow(instanceA, { checks: flow, returnTo: '/', browserBinding: browser }, startedAt);
    expect(await refusal(takeFlow(instanceB, flow.state, browser))).toBe(
      'state: the sign-in took longer than 10 minutes',
    );
  });

  it('refuses a callback in a browser without, or with another, binding cookie, and burns the state', async () => {
    const flow = checks('csrf');
    await saveFlow(instanceA, { checks: flow, returnTo: '/', browserBinding: newBrowserBinding() });
    expect(await refusal(takeFlow(instanceB, flow.state, newBrowserBinding()))).toBe(
      'state: the callback came to a browser that did not start this sign-in',
    );
    const second = checks('no-cookie');
    await saveFlow(instanceA, { checks: second, returnTo: '/', browserBinding: newBrowserBinding() });
    expect(await refusal(takeFlow(instanceB, second.state, undefined))).toBe(
      'state: the callback came to a browser that did not start this sign-in',
    );
    expect(await refusal(takeFlow(instanceB, second.state, undefined))).toBe('state: unknown or already used state');
  });

  it('refuses a missing or oversized state without touching the table', async () => {
    expect(await refusal(takeFlow(instanceA, undefined, newBrowserBinding()))).toBe(
      'state: the callback carried no usable state',
    );
    expect(await refusal(takeFlow(instanceA, 'x'.repeat(129), newBrowserBinding()))).toBe(
      'state: the callback carried no usable state',
    );
  });

  it('sweeps expired flows when a new one starts', async () => {
    const browser = newBrowserBinding();
    const stale = checks('stale');
    await saveFlow(instanceA, { checks: stale, returnTo: '/', browserBinding: browser }, Date.now() - OIDC_FLOW_TTL_MS);
    await saveFlow(instanceA, { checks: checks('fresh'), returnTo: '/', browserBinding: browser });
    const left = await instanceA
      .withTables<{ oidc_states: { state: string } }>()
      .selectFrom('oidc_states')
      .select('state')
      .where('state', '=', stale.state)
      .execute();
    expect(left).toEqual([]);
  });
});
