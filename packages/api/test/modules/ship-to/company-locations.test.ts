// Company locations (B2B §12): owners add, edit, delete and move the default; every member reads; nobody else sees
// them; members may be limited to some, which GET /api/companies/mine shows; at most 200 (one more: 409).
import type { Company } from '@kestrel/shared';
import { MAX_COMPANY_LOCATIONS, type CompanyLocation } from '@kestrel/shared/ship-to';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCompanyWorld, type CompanyWorld } from '../orders/company-ordering/fixtures.js';
import { databases } from '../../helpers/databases.js';
import { call, signUp, type SignedIn } from '../../helpers/test-app.js';

const PLANT = { line1: '1 Main St', city: 'Denver', postalCode: '80202', region: 'CO', country: 'US' };
const DEPOT = { name: 'Goods in', line1: 'Hafenstr. 2', city: 'Hamburg', postalCode: '20457', country: 'DE' };
const URL = '/api/companies/mine/locations';

describe.each(databases)('company locations (%s)', (kind) => {
  let w: CompanyWorld;
  beforeEach(async () => {
    w = await createCompanyWorld(kind, { paymentTerms: 'card', creditLimitCents: null });
  });
  afterEach(async () => w.t.close());

  const add = async (body: unknown) => {
    const res = await call(w.t.app, 'POST', URL, w.owner, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CompanyLocation>();
  };
  const listAs = (who: SignedIn) => call(w.t.app, 'GET', URL, who);

  it('lets owners write, every member read, and nobody else see a location', async () => {
    const plant = await add({ name: 'Denver plant', address: PLANT, phone: '+1 303 555 0100' });
    expect(plant).toEqual({
      _id: plant._id,
      name: 'Denver plant',
      address: {
        name: null,
        line1: '1 Main St',
        line2: null,
        city: 'Denver',
        postalCode: '80202',
        region: 'CO',
        country: 'US',
      },
      phone: '+1 303 555 0100',
      isDefault: true,
    });
    const depot = await add({ name: 'Hamburg depot', address: DEPOT });
    expect(depot.isDefault).toBe(false);

    for (const who of [w.owner, w.free, w.limited, w.viewer]) {
      const res = await listAs(who);
      expect(res.statusCode).toBe(200);
      expect(res.json<CompanyLocation[]>().map((l) => l.name)).toEqual(['Denver plant', 'Hamburg depot']);
    }
    for (const who of [w.outsider, w.admin]) {
      const res = await listAs(who);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'You are not in a company' } });
    }
    expect((await call(w.t.app, 'GET', URL)).statusCode).toBe(401);

    // Buyers and viewers change nothing (403); outsiders and the admin are in no company (404).
    for (const who of [w.free, w.viewer]) {
      for (const [method, url, body] of [
        ['POST', URL, { name: 'Mine', address: PLANT }],
        ['PATCH', `${URL}/${depot._id}`, { isDefault: true }],
        ['DELETE', `${URL}/${depot._id}`, undefined],
      ] as const) {
        const res = await call(w.t.app, method, url, who, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ error: { code: 'forbidden', message: "Only the company's owners can do this" } });
      }
    }
    expect((await call(w.t.app, 'DELETE', `${URL}/${depot._id}`, w.outsider)).statusCode).toBe(404);

    // The owner moves the default and edits.
    const moved = await call(w.t.app, 'PATCH', `${URL}/${depot._id}`, w.owner, { isDefault: true, phone: '040 1234' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<CompanyLocation>()).toMatchObject({ name: 'Hamburg depot', phone: '040 1234', isDefault: true });
    const list = (await listAs(w.owner)).json<CompanyLocation[]>();
    expect(list.map((l) => [l.name, l.isDefault])).toEqual([
      ['Denver plant', false],
      ['Hamburg depot', true],
    ]);
  });

  it("answers 404 for another company's location, and 400 naming the bad field", async () => {
    const plant = await add({ name: 'Denver plant', address: PLANT });
    const rival = await signUp(w.t.app, 'Rita', 'rita@rival.example');
    expect(
      (await call(w.t.app, 'POST', '/api/companies', rival, { name: 'Rival', billingAddress: 'x' })).statusCode,
    ).toBe(201);
    for (const [method, body] of [
      ['PATCH', { name: 'Taken' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(w.t.app, method, `${URL}/${plant._id}`, rival, body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Location not found' } });
    }
    const bad = await call(w.t.app, 'POST', URL, w.owner, { name: 'X', address: { ...PLANT, region: 'ZZ' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: { code: 'validation_error', message: 'address.region must be a US state (or DC) code, such as CA' },
    });
    const noName = await call(w.t.app, 'POST', URL, w.owner, { address: PLANT });
    expect(noName.json<{ error: { message: string } }>().error.message).toBe('name is required');
    expect((await listAs(w.owner)).json<CompanyLocation[]>().map((l) => l.name)).toEqual(['Denver plant']);
  });

  it('limits members to some locations, shows it per member, and prunes a deleted location from the limits', async () => {
    const plant = await add({ name: 'Denver plant', address: PLANT });
    const depot = await add({ name: 'Hamburg depot', address: DEPOT });
    const limit = await call(w.t.app, 'PATCH', `/api/companies/mine/members/${w.free.id}`, w.owner, {
      locationIds: [depot._id],
    });
    expect(limit.statusCode, limit.body).toBe(200);
    const members = limit.json<Company>().members;
    expect(members.find((m) => m.userId === w.free.id)?.locationIds).toEqual([depot._id]);
    expect(members.find((m) => m.userId === w.limited.id)?.locationIds).toBeNull();

    // Only this company's own location ids.
    const foreign = await call(w.t.app, 'PATCH', `/api/companies/mine/members/${w.free.id}`, w.owner, {
      locationIds: ['0123456789abcdef01234567'],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({
      error: { code: 'validation_error', message: "locationIds must name only your company's locations" },
    });
    const buyerTries = await call(w.t.app, 'PATCH', `/api/companies/mine/members/${w.free.id}`, w.free, {
      locationIds: null,
    });
    expect(buyerTries.statusCode).toBe(403);

    // Deleting the depot (the member's one location) leaves them limited to none, not free to order anywhere.
    expect((await call(w.t.app, 'DELETE', `${URL}/${depot._id}`, w.owner)).statusCode).toBe(204);
    const mine = (await call(w.t.app, 'GET', '/api/companies/mine', w.owner)).json<Company>();
    expect(mine.members.find((m) => m.userId === w.free.id)?.locationIds).toEqual([]);
    // Deleting the default makes the oldest remaining one the default.
    await add({ name: 'Third', address: DEPOT });
    expect((await call(w.t.app, 'DELETE', `${URL}/${plant._id}`, w.owner)).statusCode).toBe(204);
    expect((await listAs(w.owner)).json<CompanyLocation[]>().map((l) => [l.name, l.isDefault])).toEqual([
      ['Third', true],
    ]);
  });

  it('holds at most 200 locations (one more: 409)', async () => {
    for (let i = 0; i < MAX_COMPANY_LOCATIONS; i++) await add({ name: `Site ${i}`, address: DEPOT });
    const more = await call(w.t.app, 'POST', URL, w.owner, { name: 'One more', address: DEPOT });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toEqual({
      error: { code: 'too_many_locations', message: 'A company has at most 200 locations' },
    });
  });
});
