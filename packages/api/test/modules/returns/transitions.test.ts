// B2B §14's return steps and reads on both databases: authorize (the mail names the RMA number and the seller's
// address), reject { reason }, any other step from the wrong status 409 with nothing changed; GET /api/returns for
// whoever asked, the company's members (viewers too), staff (all, ?status=); GET /api/returns/{id}, outsiders 404.
import type { Return } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { call } from '../../helpers/test-app.js';
import {
  createReturnsWorld,
  deliveredByCard,
  deliveredOnAccount,
  post,
  reasonLine,
  requested,
  returnEvents,
  returnMails,
  type ReturnsWorld,
} from './return-fixtures.js';

describe.each(databases)('return steps and reads on %s', (kind) => {
  let w: ReturnsWorld;
  beforeAll(async () => {
    w = await createReturnsWorld(kind);
  });
  afterAll(() => w.t.close());

  const statusOf = async (id: string) =>
    (await w.t.app.db.selectFrom('returns').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('authorize: requested -> authorized, mailed with the RMA number and where to send the goods', async () => {
    const order = await deliveredOnAccount(w, w.free, 5);
    const made = await requested(w, w.owner, order._id, [reasonLine(w.cpu, 2)]);
    const res = await post(w, w.admin, `/api/returns/${made._id}/authorize`);
    expect(res.statusCode).toBe(200);
    const body = res.json<Return>();
    expect([body.status, body.number, body.updatedAt > made.updatedAt || body.updatedAt === made.updatedAt]).toEqual([
      'authorized',
      made.number,
      true,
    ]);
    const mails = await returnMails(w, made._id);
    // Mailed to whoever asked (the owner), not the order's buyer.
    expect(mails.map((m) => [m.dedupe_key, m.to_address, m.subject])).toEqual([
      [`return-requested:${made._id}`, 'olga@example.com', `Return ${made.number} requested`],
      [`return-authorized:${made._id}`, 'olga@example.com', `Return ${made.number} authorized`],
    ]);
    const text = mails[1]?.text ?? '';
    expect(text).toContain(`write ${made.number} on the parcel`);
    expect(text).toContain('Kestrel Components, 1200 Foundry Way, Suite 400, Portland, OR 97209, United States');
    expect(await returnEvents(w, made._id)).toEqual(['return.requested', 'return.authorized']);

    // Once authorized it can be neither authorized nor rejected again: 409, nothing changed.
    for (const [step, payload] of [
      ['authorize', undefined],
      ['reject', { reason: 'Late' }],
    ] as const) {
      const again = await post(w, w.admin, `/api/returns/${made._id}/${step}`, payload);
      expect([again.statusCode, again.json().error.code]).toEqual([409, 'invalid_transition']);
    }
    expect(await statusOf(made._id)).toBe('authorized');
    expect(await returnEvents(w, made._id)).toEqual(['return.requested', 'return.authorized']);
  });

  it('reject { reason }: requested -> rejected, mailed with the reason; then every step is 409', async () => {
    const order = await deliveredOnAccount(w, w.free, 5);
    const made = await requested(w, w.free, order._id, [reasonLine(w.cpu, 1)]);
    const blank = await post(w, w.admin, `/api/returns/${made._id}/reject`, { reason: '  ' });
    expect([blank.statusCode, blank.json().error.message]).toEqual([400, 'reason is required']);
    expect(await statusOf(made._id)).toBe('requested');
    const res = await post(w, w.admin, `/api/returns/${made._id}/reject`, { reason: 'Custom-cut parts are final' });
    expect([res.statusCode, res.json().status]).toEqual([200, 'rejected']);
    const mails = await returnMails(w, made._id);
    expect(mails.map((m) => m.subject)).toEqual([`Return ${made.number} requested`, `Return ${made.number} rejected`]);
    expect(mails[1]?.text).toContain('Custom-cut parts are final');
    expect(await returnEvents(w, made._id)).toEqual(['return.requested', 'return.rejected']);
    for (const [step, payload] of [
      ['authorize', undefined],
      ['reject', { reason: 'Again' }],
      ['receive', { lines: [{ productId: w.cpu, quantity: 1, restock: true }] }],
    ] as const) {
      const again = await post(w, w.admin, `/api/returns/${made._id}/${step}`, payload);
      expect([again.statusCode, again.json().error.message]).toEqual([
        409,
        `A return that is rejected cannot be ${step === 'authorize' ? 'authorized' : step === 'reject' ? 'rejected' : 'received'}`,
      ]);
    }
    expect(await statusOf(made._id)).toBe('rejected');
  });

  it('receive refuses a requested return (409) and lines beyond the return (400), changing nothing', async () => {
    const order = await deliveredOnAccount(w, w.free, 5);
    const made = await requested(w, w.free, order._id, [reasonLine(w.cpu, 2)]);
    const early = await post(w, w.admin, `/api/returns/${made._id}/receive`, {
      lines: [{ productId: w.cpu, quantity: 2, restock: true }],
    });
    expect([early.statusCode, early.json().error.message]).toEqual([
      409,
      'A return that is requested cannot be received',
    ]);
    await post(w, w.admin, `/api/returns/${made._id}/authorize`);
    const tooMany = await post(w, w.admin, `/api/returns/${made._id}/receive`, {
      lines: [{ productId: w.cpu, quantity: 3, restock: true }],
    });
    expect([tooMany.statusCode, tooMany.json().error]).toEqual([
      400,
      {
        code: 'return_lines_invalid',
        message: 'Some lines cannot be received as sent',
        lines: [{ index: 0, productId: w.cpu, message: 'at most 2 were to be returned' }],
      },
    ]);
    expect(await statusOf(made._id)).toBe('authorized');
  });

  it("lists: own, the company's for every member (viewers too), all for staff, ?status= narrows; one return 404 to outsiders", async () => {
    const order = await deliveredOnAccount(w, w.limited, 4);
    const company = await requested(w, w.limited, order._id, [reasonLine(w.cpu, 1)]);
    const own = await deliveredByCard(w, 3);
    const personal = await requested(w, w.outsider, own._id, [reasonLine(w.cpu, 1)]);
    await post(w, w.admin, `/api/returns/${personal._id}/authorize`);

    const ids = async (who: Parameters<typeof call>[3], query = '') => {
      const res = await call(w.t.app, 'GET', `/api/returns${query}`, who);
      expect(res.statusCode).toBe(200);
      return res.json<Return[]>().map((r) => r._id);
    };
    for (const member of [w.viewer, w.owner, w.free, w.limited]) {
      const seen = await ids(member);
      expect(seen).toContain(company._id);
      expect(seen).not.toContain(personal._id);
    }
    expect(await ids(w.outsider)).toEqual([personal._id]);
    const all = await ids(w.admin);
    expect(all.slice(0, 2)).toEqual([personal._id, company._id]);
    expect(await ids(w.admin, '?status=authorized')).toContain(personal._id);
    expect(await ids(w.admin, '?status=authorized')).not.toContain(company._id);
    expect(await ids(w.owner, `?orderId=${order._id}`)).toEqual([company._id]);
    expect(await ids(w.owner, `?orderId=${own._id}`)).toEqual([]);
    const bad = await call(w.t.app, 'GET', '/api/returns?status=lost', w.admin);
    expect([bad.statusCode, bad.json().error.message]).toEqual([
      400,
      'status must be one of requested, authorized, rejected, received',
    ]);

    const read = async (who: Parameters<typeof call>[3], id: string) =>
      (await call(w.t.app, 'GET', `/api/returns/${id}`, who)).statusCode;
    expect(await read(w.viewer, company._id)).toBe(200);
    expect(await read(w.outsider, company._id)).toBe(404);
    expect(await read(w.owner, personal._id)).toBe(404);
    expect(await read(w.outsider, personal._id)).toBe(200);
    expect(await read(w.admin, personal._id)).toBe(200);
    expect(await read(undefined, personal._id)).toBe(401);
    expect(await read(w.admin, '0123456789abcdef01234567')).toBe(404);
  });
});
