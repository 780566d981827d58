// GET /api/admin/audit (B2B §15) on both databases: each filter and their combinations answer exactly the entries they
// name, newest first, paged; a date alone is its whole UTC day; bad parameters answer 400 naming the field; only an
// administrator reads it.
import type { AuditEntry } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEntries, type AuditRow } from '../../../src/modules/audit/index.js';
import { databases } from '../../helpers/databases.js';
import { ADMIN, call, createTestApp, logIn, signUp, type SignedIn, type TestApp } from '../../helpers/test-app.js';
import { auditPage } from './audit-fixtures.js';

const KEY_ID = 'abcdefabcdefabcdefabcdef';
const DAY1 = Date.parse('2026-03-30T00:00:00.000Z');
const HOUR = 3_600_000;

/** An id made at `ms` (12 hex of milliseconds, then a counter), as infra/db/ids.ts makes them. */
const idAt = (ms: number, n: number) => ms.toString(16).padStart(12, '0') + n.toString(16).padStart(12, '0');

describe.each(databases)('GET /api/admin/audit (%s)', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let rows: AuditRow[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    // 36 entries, one every 2 hours over three days: the admin's on even ones, the key's on odd ones; three actions.
    const actions = ['product.updated', 'order.shipped', 'company.terms_set'] as const;
    rows = Array.from({ length: 36 }, (_, i) => {
      const at = DAY1 + i * 2 * HOUR;
      const action = actions[i % 3] ?? 'product.updated';
      const byKey = i % 2 === 1;
      return {
        id: idAt(at, i),
        at: new Date(at).toISOString(),
        actor_type: byKey ? 'apiKey' : 'user',
        actor_id: byKey ? KEY_ID : admin.id,
        actor_email: byKey ? null : ADMIN.email,
        actor_name: byKey ? 'ERP' : admin.name,
        action,
        target_type: action.split('.')[0] ?? '',
        target_id: `t${i % 4}`,
        summary: `entry ${i}`,
        changes: i === 0 ? JSON.stringify({ price: [1, 2] }) : null,
        request_id: `req-${i}`,
      };
    });
    await insertEntries(t.app.db, rows);
  }, 60_000);
  afterAll(() => t.close());

  /** The summaries of the rows `keep` selects, newest first: what a filter must answer. */
  const expected = (keep: (row: AuditRow, i: number) => boolean) =>
    rows
      .filter((row, i) => keep(row, i))
      .map((row) => row.summary)
      .reverse();
  const summaries = (items: AuditEntry[]) => items.map((e) => e.summary);

  it('answers every entry newest first, paged, with the entry shape', async () => {
    const first = await auditPage(t.app, admin, 'pageSize=10');
    expect(first).toMatchObject({ total: 36, totalExact: true, page: 1, pageSize: 10 });
    expect(summaries(first.items)).toEqual(expected(() => true).slice(0, 10));
    const last = await auditPage(t.app, admin, 'pageSize=10&page=4');
    expect(summaries(last.items)).toEqual(['entry 5', 'entry 4', 'entry 3', 'entry 2', 'entry 1', 'entry 0']);
    expect(last.items.at(-1)).toEqual({
      _id: idAt(DAY1, 0),
      at: '2026-03-30T00:00:00.000Z',
      actor: { type: 'user', id: admin.id, email: ADMIN.email, name: admin.name },
      action: 'product.updated',
      targetType: 'product',
      targetId: 't0',
      summary: 'entry 0',
      changes: { price: [1, 2] },
      requestId: 'req-0',
    });
    expect(last.items.at(-2)?.actor).toEqual({ type: 'apiKey', id: KEY_ID, email: null, name: 'ERP' });
    expect((await auditPage(t.app, admin, 'page=9')).items).toEqual([]);
  });

  it('filters by actor as a user id, an e-mail (any case) or an API key id', async () => {
    const mine = expected((r) => r.actor_id === admin.id);
    const byId = await auditPage(t.app, admin, `actor=${admin.id}`);
    expect([byId.total, summaries(byId.items)]).toEqual([18, mine]);
    const byEmail = await auditPage(t.app, admin, `actor=${encodeURIComponent('Boss@Example.com')}`);
    expect(summaries(byEmail.items)).toEqual(mine);
    const byKey = await auditPage(t.app, admin, `actor=${KEY_ID}`);
    expect(summaries(byKey.items)).toEqual(expected((r) => r.actor_id === KEY_ID));
    await signUp(t.app, 'Nobody', 'nobody@example.com');
    expect(await auditPage(t.app, admin, 'actor=nobody@example.com')).toMatchObject({ items: [], total: 0 });
    expect(await auditPage(t.app, admin, 'actor=who@nowhere.example')).toMatchObject({ items: [], total: 0 });
  });

  it('pages a filter past its first page exactly (the ids-first read): every entry once, newest first', async () => {
    const mine = expected((r) => r.actor_id === admin.id);
    const pages = [];
    for (let page = 1; page <= 4; page += 1) {
      const answer = await auditPage(t.app, admin, `actor=${admin.id}&pageSize=5&page=${page}`);
      expect([answer.total, answer.page]).toEqual([18, page]);
      pages.push(...summaries(answer.items));
    }
    expect(pages).toEqual(mine);
    const both = await auditPage(t.app, admin, `actor=${KEY_ID}&action=order.shipped&pageSize=2&page=3`);
    expect(summaries(both.items)).toEqual(
      expected((r) => r.actor_id === KEY_ID && r.action === 'order.shipped').slice(4, 6),
    );
    expect(await auditPage(t.app, admin, `actor=${admin.id}&pageSize=5&page=5`)).toMatchObject({
      items: [],
      total: 18,
    });
  });

  it('filters by action, target type and target id, alone and together', async () => {
    const shipped = await auditPage(t.app, admin, 'action=order.shipped');
    expect([shipped.total, summaries(shipped.items)]).toEqual([12, expected((r) => r.action === 'order.shipped')]);
    const companies = await auditPage(t.app, admin, 'targetType=company');
    expect(summaries(companies.items)).toEqual(expected((r) => r.target_type === 'company'));
    const target = await auditPage(t.app, admin, 'targetId=t1');
    expect(summaries(target.items)).toEqual(expected((r) => r.target_id === 't1'));
    const combined = await auditPage(t.app, admin, `actor=${KEY_ID}&action=order.shipped&targetId=t1`);
    expect(summaries(combined.items)).toEqual(
      expected((r) => r.actor_id === KEY_ID && r.action === 'order.shipped' && r.target_id === 't1'),
    );
    expect(summaries(combined.items)).toEqual(['entry 25', 'entry 13', 'entry 1']);
  });

  it('takes from/to as ISO times, both included, and a date alone as its whole UTC day', async () => {
    const day2 = await auditPage(t.app, admin, 'from=2026-03-31&to=2026-03-31');
    expect(summaries(day2.items)).toEqual(expected((_r, i) => i >= 12 && i < 24));
    const times = await auditPage(t.app, admin, 'from=2026-03-30T04:00:00Z&to=2026-03-30T08:00:00.000Z');
    expect(summaries(times.items)).toEqual(['entry 4', 'entry 3', 'entry 2']);
    const zoned = await auditPage(
      t.app,
      admin,
      `from=${encodeURIComponent('2026-03-30T06:00:00+02:00')}&to=2026-03-30`,
    );
    expect(summaries(zoned.items)).toEqual(expected((_r, i) => i >= 2 && i < 12));
    const fromOnly = await auditPage(t.app, admin, 'from=2026-04-01&actor=' + admin.id);
    expect(summaries(fromOnly.items)).toEqual(expected((r, i) => i >= 24 && r.actor_id === admin.id));
  });

  it('answers 400 naming the field for bad parameters', async () => {
    const bad: Array<[string, string]> = [
      ['from=yesterday', 'from must be an ISO time (2026-03-31T12:00:00Z) or a date (2026-03-31)'],
      ['to=2026-02-30', 'to must be an ISO time (2026-03-31T12:00:00Z) or a date (2026-03-31)'],
      ['from=2026-04-02&to=2026-04-01', '"from" must not be after "to"'],
      ['action=DROP TABLE', 'action must look like product.updated'],
      ['targetType=1x', 'targetType must be a word such as product or order'],
      ['page=0', 'page must be a whole number from 1'],
      ['pageSize=101', 'pageSize must be a whole number from 1 to 100'],
      [
        'page=201&pageSize=50',
        'page: only the first 10000 entries of a filter are paged; narrow the filters (from, to)',
      ],
      ['actor=a%20b', 'actor must be a user id, an e-mail or an API key id'],
    ];
    for (const [query, message] of bad) {
      const res = await call(t.app, 'GET', `/api/admin/audit?${query}`, admin);
      expect([query, res.statusCode, res.json().error]).toEqual([query, 400, { code: 'validation_error', message }]);
    }
  });

  it('answers 401 to the anonymous and 403 to a customer; no call edits or deletes an entry', async () => {
    expect((await call(t.app, 'GET', '/api/admin/audit')).statusCode).toBe(401);
    const customer = await signUp(t.app, 'Cathy Customer', 'cathy@example.com');
    expect((await call(t.app, 'GET', '/api/admin/audit', customer)).statusCode).toBe(403);
    for (const method of ['DELETE', 'PATCH', 'PUT', 'POST'] as const) {
      expect((await call(t.app, method, `/api/admin/audit/${idAt(DAY1, 0)}`, admin)).statusCode).toBe(404);
      expect((await call(t.app, method, '/api/admin/audit', admin)).statusCode).toBe(404);
    }
  });
});
