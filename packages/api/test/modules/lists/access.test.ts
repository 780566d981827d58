// Who may read, edit, rename and delete a requisition list (B2B §16), for every kind of caller: its creator, an owner,
// another buyer, a viewer, an outsider in no company, the admin, and anonymous callers.
import type { List, ListSummary } from '@kestrel/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { call } from '../../helpers/test-app.js';
import { createList, createListWorld, putLines, storedList, type ListWorld } from './list-fixtures.js';

describe.each(databases)('requisition list access (%s)', (kind) => {
  let w: ListWorld;
  beforeEach(async () => {
    w = await createListWorld(kind);
  });
  afterEach(async () => w.t.close());

  it('answers 401 to anonymous callers on every list call', async () => {
    const list = await createList(w, w.free, 'Plant 1', true);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/lists'],
      ['POST', '/api/lists', { name: 'x' }],
      ['GET', `/api/lists/${list._id}`],
      ['PATCH', `/api/lists/${list._id}`, { name: 'y' }],
      ['DELETE', `/api/lists/${list._id}`],
      ['PUT', `/api/lists/${list._id}/lines`, { lines: [] }],
      ['POST', `/api/lists/${list._id}/lines`, { lines: [{ sku: 'KC-CPU-1', quantity: 1 }] }],
      ['POST', `/api/lists/${list._id}/to-cart`, {}],
      ['POST', '/api/cart/list', { name: 'x' }],
    ];
    for (const [method, url, body] of calls) {
      const res = await call(w.t.app, method as 'GET', url, undefined, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await storedList(w, list._id)).list?.name).toBe('Plant 1');
  });

  it('lets every member read a shared list, buyers and owners edit it, and hides it from outsiders and the admin', async () => {
    const list = await createList(w, w.free, 'Plant 1', true);
    expect(list).toMatchObject({ shared: true, companyId: w.companyId, createdBy: w.free.id, lines: [], total: 0 });
    for (const who of [w.free, w.owner, w.limited, w.viewer]) {
      const res = await call(w.t.app, 'GET', `/api/lists/${list._id}`, who);
      expect(res.statusCode).toBe(200);
      expect(res.json<List>().name).toBe('Plant 1');
    }
    for (const who of [w.outsider, w.admin]) {
      const res = await call(w.t.app, 'GET', `/api/lists/${list._id}`, who);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'List not found' } });
    }

    // Buyers and owners edit the lines; the viewer reads only; the outsider is told nothing.
    await putLines(w, w.limited, list._id, [{ productId: w.cpu, quantity: 5 }]);
    await putLines(w, w.owner, list._id, [{ productId: w.cpu, quantity: 6 }]);
    const before = await storedList(w, list._id);
    const viewerPut = await call(w.t.app, 'PUT', `/api/lists/${list._id}/lines`, w.viewer, {
      lines: [{ productId: w.cpu, quantity: 7 }],
    });
    expect(viewerPut.statusCode).toBe(403);
    expect(viewerPut.json()).toEqual({
      error: {
        code: 'forbidden',
        message: 'Your company role is viewer: you can read its shared lists but not change them',
      },
    });
    const viewerAdd = await call(w.t.app, 'POST', `/api/lists/${list._id}/lines`, w.viewer, {
      lines: [{ sku: 'KC-CPU-1', quantity: 1 }],
    });
    expect(viewerAdd.statusCode).toBe(403);
    const outsiderPut = await call(w.t.app, 'PUT', `/api/lists/${list._id}/lines`, w.outsider, {
      lines: [{ productId: w.cpu, quantity: 7 }],
    });
    expect(outsiderPut.statusCode).toBe(404);
    const adminPut = await call(w.t.app, 'PUT', `/api/lists/${list._id}/lines`, w.admin, {
      lines: [{ productId: w.cpu, quantity: 7 }],
    });
    expect(adminPut.statusCode).toBe(404);
    expect(await storedList(w, list._id)).toEqual(before);
    expect(before.lines).toEqual([{ product_id: w.cpu, quantity: 6, note: null, position: 0 }]);
  });

  it('lets only the creator and the owners rename, unshare or delete a shared list', async () => {
    const list = await createList(w, w.free, 'Plant 1', true);
    const refused: Array<[typeof w.free, number]> = [
      [w.limited, 403],
      [w.viewer, 403],
      [w.outsider, 404],
      [w.admin, 404],
    ];
    for (const [who, status] of refused) {
      expect((await call(w.t.app, 'PATCH', `/api/lists/${list._id}`, who, { name: 'Taken' })).statusCode).toBe(status);
      expect((await call(w.t.app, 'DELETE', `/api/lists/${list._id}`, who)).statusCode).toBe(status);
    }
    const byBuyer = await call(w.t.app, 'PATCH', `/api/lists/${list._id}`, w.limited, { name: 'Taken' });
    expect(byBuyer.json()).toEqual({
      error: { code: 'forbidden', message: "Only the list's creator or a company owner may do that" },
    });
    expect((await storedList(w, list._id)).list?.name).toBe('Plant 1');

    const renamed = await call(w.t.app, 'PATCH', `/api/lists/${list._id}`, w.free, { name: 'Plant 2' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<List>().name).toBe('Plant 2');
    const byOwner = await call(w.t.app, 'PATCH', `/api/lists/${list._id}`, w.owner, { name: 'Plant 3' });
    expect(byOwner.json<List>()).toMatchObject({ name: 'Plant 3', shared: true, companyId: w.companyId });

    // An owner making it private gives it back to its creator alone.
    const unshared = await call(w.t.app, 'PATCH', `/api/lists/${list._id}`, w.owner, { shared: false });
    expect(unshared.statusCode).toBe(200);
    expect(unshared.json<List>()).toMatchObject({ shared: false, companyId: null, createdBy: w.free.id });
    expect((await call(w.t.app, 'GET', `/api/lists/${list._id}`, w.owner)).statusCode).toBe(404);
    expect((await call(w.t.app, 'GET', `/api/lists/${list._id}`, w.free)).statusCode).toBe(200);

    const other = await createList(w, w.limited, 'Plant 9', true);
    expect((await call(w.t.app, 'DELETE', `/api/lists/${other._id}`, w.owner)).statusCode).toBe(204);
    expect((await storedList(w, other._id)).list).toBeUndefined();
    expect((await call(w.t.app, 'DELETE', `/api/lists/${list._id}`, w.free)).statusCode).toBe(204);
    expect((await call(w.t.app, 'GET', `/api/lists/${list._id}`, w.free)).statusCode).toBe(404);
  });

  it("keeps a private list its creator's alone, owners and the admin included", async () => {
    const list = await createList(w, w.free, 'Mine');
    expect(list).toMatchObject({ shared: false, companyId: null, createdBy: w.free.id });
    for (const who of [w.owner, w.limited, w.viewer, w.outsider, w.admin]) {
      expect((await call(w.t.app, 'GET', `/api/lists/${list._id}`, who)).statusCode).toBe(404);
      expect((await call(w.t.app, 'PATCH', `/api/lists/${list._id}`, who, { name: 'x' })).statusCode).toBe(404);
      expect((await call(w.t.app, 'DELETE', `/api/lists/${list._id}`, who)).statusCode).toBe(404);
      expect((await call(w.t.app, 'POST', `/api/lists/${list._id}/to-cart`, who, {})).statusCode).toBe(404);
    }
    // The creator shares it: the company then reads it.
    const shared = await call(w.t.app, 'PATCH', `/api/lists/${list._id}`, w.free, { shared: true });
    expect(shared.json<List>()).toMatchObject({ shared: true, companyId: w.companyId });
    expect((await call(w.t.app, 'GET', `/api/lists/${list._id}`, w.viewer)).statusCode).toBe(200);
  });

  it("lists the caller's private lists and the company's shared ones, and nobody else's", async () => {
    const mine = await createList(w, w.free, 'Mine');
    const shared = await createList(w, w.limited, 'Ours', true);
    const outsiders = await createList(w, w.outsider, 'Alone');
    await putLines(w, w.limited, shared._id, [
      { productId: w.cpu, quantity: 5 },
      { productId: w.gear, quantity: 100 },
    ]);
    const ids = async (who: typeof w.free) => {
      const res = await call(w.t.app, 'GET', '/api/lists', who);
      expect(res.statusCode).toBe(200);
      return res.json<ListSummary[]>().map((l) => [l.name, l.lineCount]);
    };
    expect(await ids(w.free)).toEqual([
      ['Ours', 2],
      ['Mine', 0],
    ]);
    expect(await ids(w.owner)).toEqual([['Ours', 2]]);
    expect(await ids(w.viewer)).toEqual([['Ours', 2]]);
    expect(await ids(w.outsider)).toEqual([['Alone', 0]]);
    expect(await ids(w.admin)).toEqual([]);
    const summary = (await call(w.t.app, 'GET', '/api/lists', w.owner)).json<ListSummary[]>()[0];
    expect(summary).toEqual({
      _id: shared._id,
      name: 'Ours',
      shared: true,
      companyId: w.companyId,
      createdBy: w.limited.id,
      lineCount: 2,
      total: 2040,
      updatedAt: expect.any(String),
    });
    expect([mine._id, outsiders._id]).not.toContain(summary?._id);
  });

  it("gives each summary the list's own total, priced for the reader, leaving out lines with a problem", async () => {
    const shared = await createList(w, w.limited, 'Ours', true);
    const outsiders = await createList(w, w.outsider, 'Alone');
    // The CPU at the company's contract $8 for members ($10 to others); 105 gears break the packs of 10 (a problem).
    const lines = [
      { productId: w.cpu, quantity: 5 },
      { productId: w.gear, quantity: 105 },
      { productId: w.scarce, quantity: 3 },
    ];
    const read = await putLines(w, w.limited, shared._id, lines);
    await putLines(w, w.outsider, outsiders._id, lines);
    expect(read.lines.map((l) => l.problem !== null)).toEqual([false, true, false]);
    const totals = async (who: typeof w.free) =>
      (await call(w.t.app, 'GET', '/api/lists', who)).json<ListSummary[]>().map((l) => [l.name, l.total]);
    const mine = await createList(w, w.free, 'Empty');
    expect(await totals(w.free)).toEqual([
      ['Empty', 0],
      ['Ours', 55],
    ]);
    expect(await totals(w.outsider)).toEqual([['Alone', 65]]);
    // Exactly what each list's own GET says.
    for (const { who, id } of [
      { who: w.free, id: shared._id },
      { who: w.outsider, id: outsiders._id },
      { who: w.free, id: mine._id },
    ]) {
      expect((await call(w.t.app, 'GET', `/api/lists/${id}`, who)).json<List>().total).toBe(
        (await call(w.t.app, 'GET', '/api/lists', who)).json<ListSummary[]>().find((l) => l._id === id)?.total,
      );
    }
  });

  it("follows the creator's membership now: demoted to viewer they only read their shared list, removed they lose it", async () => {
    const list = await createList(w, w.free, 'Plant 1', true);
    await putLines(w, w.free, list._id, [{ productId: w.cpu, quantity: 5 }]);
    const before = await storedList(w, list._id);
    const setRole = (role: 'buyer' | 'viewer') =>
      call(w.t.app, 'PATCH', `/api/companies/mine/members/${w.free.id}`, w.owner, { role });

    expect((await setRole('viewer')).statusCode).toBe(200);
    expect((await call(w.t.app, 'GET', `/api/lists/${list._id}`, w.free)).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['PATCH', `/api/lists/${list._id}`, { name: 'Renamed' }],
      ['DELETE', `/api/lists/${list._id}`, undefined],
      ['PUT', `/api/lists/${list._id}/lines`, { lines: [] }],
    ] as const) {
      const res = await call(w.t.app, method, url, w.free, body);
      expect([res.statusCode, res.json()], `${method} ${url}`).toEqual([
        403,
        {
          error: {
            code: 'forbidden',
            message: 'Your company role is viewer: you can read its shared lists but not change them',
          },
        },
      ]);
    }
    expect(await storedList(w, list._id)).toEqual(before);

    // Removed from the company, the creator no longer sees the company's list; the owners keep it.
    expect((await setRole('buyer')).statusCode).toBe(200);
    const removed = await call(w.t.app, 'DELETE', `/api/companies/mine/members/${w.free.id}`, w.owner);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    for (const [method, url] of [
      ['GET', `/api/lists/${list._id}`],
      ['DELETE', `/api/lists/${list._id}`],
    ] as const) {
      const res = await call(w.t.app, method, url, w.free);
      expect([res.statusCode, res.json()], `${method} ${url}`).toEqual([
        404,
        { error: { code: 'not_found', message: 'List not found' } },
      ]);
    }
    expect((await call(w.t.app, 'GET', '/api/lists', w.free)).json<ListSummary[]>()).toEqual([]);
    expect((await call(w.t.app, 'GET', `/api/lists/${list._id}`, w.owner)).json<List>().createdBy).toBe(w.free.id);
  });

  it('refuses sharing for a person in no company (400) and for a viewer (403), creating nothing', async () => {
    const loner = await call(w.t.app, 'POST', '/api/lists', w.outsider, { name: 'Ours', shared: true });
    expect(loner.statusCode).toBe(400);
    expect(loner.json()).toEqual({
      error: {
        code: 'validation_error',
        message: 'shared: true shares a list with your company, and you are in none',
      },
    });
    const viewer = await call(w.t.app, 'POST', '/api/lists', w.viewer, { name: 'Ours', shared: true });
    expect(viewer.statusCode).toBe(403);
    expect(await w.t.app.db.selectFrom('requisition_lists').selectAll().execute()).toEqual([]);

    // A private list of the loner cannot be shared either; a viewer keeps private lists of their own.
    const own = await createList(w, w.outsider, 'Alone');
    const share = await call(w.t.app, 'PATCH', `/api/lists/${own._id}`, w.outsider, { shared: true });
    expect(share.statusCode).toBe(400);
    expect((await storedList(w, own._id)).list?.company_id).toBeNull();
    const viewersOwn = await createList(w, w.viewer, 'Notes');
    expect(viewersOwn.shared).toBe(false);
    expect((await call(w.t.app, 'PATCH', `/api/lists/${viewersOwn._id}`, w.viewer, { shared: true })).statusCode).toBe(
      403,
    );
  });
});
