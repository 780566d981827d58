// B2B §12 on the order path: `shipTo` on POST /api/orders and SPEC's POST /api/order; the copy on the order; a member
// of a company with locations orders to an allowed one (400 / 403 / 404 otherwise); deleting the location keeps the
// placed order's copy; an order without shipTo carries `shipTo: null` and its own address, as before.
import type { Order } from '@kestrel/shared';
import type { AddressBookEntry, CompanyLocation } from '@kestrel/shared/ship-to';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCompanyWorld, order, placed, type CompanyWorld } from '../orders/company-ordering/fixtures.js';
import { databases } from '../../helpers/databases.js';
import { call } from '../../helpers/test-app.js';

const PLANT = { line1: '1 Main St', city: 'Denver', postalCode: '80202', region: 'CO', country: 'US' };
const DEPOT = { name: 'Goods in', line1: 'Hafenstr. 2', city: 'Hamburg', postalCode: '20457', country: 'DE' };

describe.each(databases)('ship-to on orders (%s)', (kind) => {
  let w: CompanyWorld;
  beforeEach(async () => {
    w = await createCompanyWorld(kind, { paymentTerms: 'card', creditLimitCents: null });
  });
  afterEach(async () => w.t.close());

  const addLocation = async (name: string, address: object) => {
    const res = await call(w.t.app, 'POST', '/api/companies/mine/locations', w.owner, { name, address });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CompanyLocation>();
  };

  it('keeps orders without shipTo as before, and copies a one-off address or an address book entry', async () => {
    const plain = await placed(w, w.outsider, 1);
    expect(plain.shipTo).toBeNull();

    const oneOff = await placed(w, w.outsider, 1, { shipTo: { address: DEPOT } });
    expect(oneOff.shipTo).toEqual({
      locationId: null,
      name: 'Goods in',
      line1: 'Hafenstr. 2',
      line2: null,
      city: 'Hamburg',
      postalCode: '20457',
      region: null,
      country: 'DE',
    });
    expect(oneOff.address).toBe('Goods in\nHafenstr. 2\n20457 Hamburg\nDE');

    const bad = await order(w, w.outsider, 1, { shipTo: { address: { ...PLANT, region: undefined } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: { code: 'validation_error', message: 'shipTo.address.region is required for US' },
    });
    const two = await order(w, w.outsider, 1, { shipTo: { address: DEPOT, addressId: '0123456789abcdef01234567' } });
    expect(two.statusCode).toBe(400);
    expect(two.json<{ error: { message: string } }>().error.message).toBe(
      'shipTo takes exactly one of locationId, addressId or address',
    );

    const entry = (
      await call(w.t.app, 'POST', '/api/me/addresses', w.outsider, { label: 'Denver dock', address: PLANT })
    ).json<AddressBookEntry>();
    const fromBook = await placed(w, w.outsider, 1, { shipTo: { addressId: entry._id } });
    expect(fromBook.shipTo).toMatchObject({ locationId: null, name: 'Denver dock', region: 'CO', country: 'US' });
    // A US address reads city first on SPEC's address text ("Denver, CO 80202"), unlike the German one above.
    expect(fromBook.address).toBe('Denver dock\n1 Main St\nDenver, CO 80202\nUS');
    // Another person's entry does not exist for the caller.
    const theirs = await order(w, w.owner, 1, { shipTo: { addressId: entry._id } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ error: { code: 'not_found', message: 'Address not found' } });
    // A later edit of the entry changes no placed order.
    await call(w.t.app, 'PATCH', `/api/me/addresses/${entry._id}`, w.outsider, { label: 'Renamed' });
    const again = await call(w.t.app, 'GET', `/api/orders/${fromBook._id}`, w.outsider);
    expect(again.json<Order>().shipTo?.name).toBe('Denver dock');
  });

  it('makes members of a company with locations order to an allowed one, and keeps the copy when it is deleted', async () => {
    // Without locations the company's members order as before.
    expect((await placed(w, w.free, 1)).shipTo).toBeNull();
    const plant = await addLocation('Denver plant', PLANT);
    const depot = await addLocation('Hamburg depot', DEPOT);

    for (const extra of [{}, { shipTo: { address: DEPOT } }]) {
      const res = await order(w, w.free, 1, extra);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'ship_to_required', message: 'choose a ship-to location' } });
    }
    const spec = await call(w.t.app, 'POST', '/api/order', w.free, {
      productId: w.cpu,
      inputQuantity: 1,
      phone: '555',
      address: 'x',
    });
    expect(spec.statusCode).toBe(400);
    expect(spec.json<{ error: { message: string } }>().error.message).toBe('choose a ship-to location');

    const atPlant = await placed(w, w.free, 1, { shipTo: { locationId: plant._id } });
    expect(atPlant.shipTo).toEqual({
      locationId: plant._id,
      name: 'Denver plant',
      line1: '1 Main St',
      line2: null,
      city: 'Denver',
      postalCode: '80202',
      region: 'CO',
      country: 'US',
    });
    const specAtDepot = await call(w.t.app, 'POST', '/api/order', w.free, {
      productId: w.cpu,
      inputQuantity: 1,
      phone: '555',
      address: 'x',
      shipTo: { locationId: depot._id },
    });
    expect(specAtDepot.statusCode, specAtDepot.body).toBe(201);

    // Limited to the depot: the plant is refused (403); a location of no company of theirs is 404.
    await call(w.t.app, 'PATCH', `/api/companies/mine/members/${w.free.id}`, w.owner, { locationIds: [depot._id] });
    const refused = await order(w, w.free, 1, { shipTo: { locationId: plant._id } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('forbidden');
    const foreign = await order(w, w.outsider, 1, { shipTo: { locationId: plant._id } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: { code: 'not_found', message: 'Location not found' } });

    // Deleting the location keeps the placed order's copy.
    expect((await call(w.t.app, 'DELETE', `/api/companies/mine/locations/${plant._id}`, w.owner)).statusCode).toBe(204);
    const kept = await call(w.t.app, 'GET', `/api/orders/${atPlant._id}`, w.free);
    expect(kept.json<Order>().shipTo).toMatchObject({ locationId: plant._id, name: 'Denver plant', city: 'Denver' });
  });
});

describe.each(databases)('the order desk finds orders by location name (%s)', (kind) => {
  let w: CompanyWorld;
  beforeEach(async () => {
    w = await createCompanyWorld(kind, { paymentTerms: 'card', creditLimitCents: null });
  });
  afterEach(async () => w.t.close());

  it("matches the start of the location name copied on the order, for the admin and the company's members", async () => {
    const res = await call(w.t.app, 'POST', '/api/companies/mine/locations', w.owner, {
      name: 'Denver plant',
      address: PLANT,
    });
    const plant = res.json<CompanyLocation>();
    const atPlant = await placed(w, w.free, 1, { shipTo: { locationId: plant._id } });
    await placed(w, w.outsider, 1, { shipTo: { address: { ...DEPOT, name: 'Denver annex' } } });
    for (const who of [w.admin, w.owner]) {
      const found = await call(w.t.app, 'GET', '/api/orders/search?q=denver%20pl', who);
      expect(found.statusCode).toBe(200);
      expect(found.json<{ items: Order[] }>().items.map((o) => o._id)).toEqual([atPlant._id]);
    }
    // A one-off address's name is no location name: not matched.
    const annex = await call(w.t.app, 'GET', '/api/orders/search?q=denver%20an', w.admin);
    expect(annex.json<{ total: number }>().total).toBe(0);
  });
});
