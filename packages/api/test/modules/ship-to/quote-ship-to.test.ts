// B2B §12 on a quote's accept: a member of a company with locations accepts to one of them ('choose a ship-to
// location' without), and the accepted order keeps the copy.
import type { Order, Quote } from '@kestrel/shared';
import type { CompanyLocation } from '@kestrel/shared/ship-to';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { call } from '../../helpers/test-app.js';
import { createQuoteWorld, offerQuote, requestQuote, where, type QuoteWorld } from '../quotes/quote-fixtures.js';

describe.each(databases)('ship-to on quote accept (%s)', (kind) => {
  let w: QuoteWorld;
  beforeEach(async () => {
    w = await createQuoteWorld(kind);
  });
  afterEach(async () => w.t.close());

  it('requires a location of a company that has them and copies it onto the order', async () => {
    const location = (
      await call(w.t.app, 'POST', '/api/companies/mine/locations', w.owner, {
        name: 'Toronto DC',
        address: { line1: '100 King St W', city: 'Toronto', postalCode: 'M5X 1A9', region: 'ON', country: 'CA' },
      })
    ).json<CompanyLocation>();
    const quote = await requestQuote(w, w.free);
    await offerQuote(w, quote);
    const without = await call(w.t.app, 'POST', `/api/quotes/${quote._id}/accept`, w.free, where);
    expect(without.statusCode).toBe(400);
    expect(without.json()).toEqual({ error: { code: 'ship_to_required', message: 'choose a ship-to location' } });

    const accepted = await call(w.t.app, 'POST', `/api/quotes/${quote._id}/accept`, w.free, {
      ...where,
      shipTo: { locationId: location._id },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const order = (
      await call(w.t.app, 'GET', `/api/orders/${accepted.json<Quote>().orderId ?? ''}`, w.free)
    ).json<Order>();
    expect(order.shipTo).toEqual({
      locationId: location._id,
      name: 'Toronto DC',
      line1: '100 King St W',
      line2: null,
      city: 'Toronto',
      postalCode: 'M5X 1A9',
      region: 'ON',
      country: 'CA',
    });
    expect(order.address).toBe('Toronto DC\n100 King St W\nToronto, ON M5X 1A9\nCA');
  });
});
