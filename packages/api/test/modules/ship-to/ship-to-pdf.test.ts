// B2B §12 on the documents: the invoice and the credit note of an order placed with a ship-to print that address on
// its lines (read back with poppler's pdftotext), for a person (their address book entry, under their name) and for a
// company member (the company location, as "Deliver to" beside the billing address), on both databases.
import { execFileSync } from 'node:child_process';
import type { Order } from '@kestrel/shared';
import type { AddressBookEntry, CompanyLocation } from '@kestrel/shared/ship-to';
import { afterEach, describe, expect, it } from 'vitest';
import { createCompanyWorld, placed } from '../orders/company-ordering/fixtures.js';
import { databases } from '../../helpers/databases.js';
import { call, type SignedIn } from '../../helpers/test-app.js';
import { createWorld, payByCard, post, type World } from '../orders/lifecycle/lifecycle-fixtures.js';

/** The text of a PDF as on the page, runs of spaces squeezed to one. */
function pdfText(pdf: Buffer): string {
  return execFileSync('/usr/bin/pdftotext', ['-layout', '-', '-'], { input: pdf })
    .toString('utf8')
    .replace(/[ \t]+/g, ' ');
}

const BOSTON = {
  line1: '1 Main St',
  line2: 'Suite 200',
  city: 'Boston',
  postalCode: '02110',
  region: 'MA',
  country: 'US',
};

describe.each(databases)('ship-to on the invoice and credit note (%s)', (kind) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  const documentText = async (app: World['app'], who: SignedIn, id: string, file: string) => {
    const res = await call(app, 'GET', `/api/orders/${id}/${file}`, who);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    return pdfText(res.rawPayload);
  };

  it("prints a person's address book entry on its lines under their name", async () => {
    const w = await createWorld(kind);
    close = () => w.t.close();
    const entry = await call(w.app, 'POST', '/api/me/addresses', w.alice, { label: 'Boston dock', address: BOSTON });
    expect(entry.statusCode, entry.body).toBe(201);
    const res = await post(w, w.alice, '/api/orders', {
      lines: [{ productId: w.gpu, quantity: 200 }],
      phone: '555-0100',
      address: 'typed, then replaced by the ship-to',
      shipTo: { addressId: entry.json<AddressBookEntry>()._id },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { order }: { order: Order } = res.json();
    expect(order.address).toBe('Boston dock\n1 Main St\nSuite 200\nBoston, MA 02110\nUS');
    await payByCard(w, order._id);
    expect((await post(w, w.admin, `/api/orders/${order._id}/cancel`, { reason: 'Customer asked' })).statusCode).toBe(
      200,
    );

    for (const file of ['invoice.pdf', 'credit-note.pdf']) {
      const text = await documentText(w.app, w.alice, order._id, file);
      for (const line of ['\nBoston dock\n', '\n1 Main St\n', '\nSuite 200\n', '\nBoston, MA 02110\n', '\nUS\n']) {
        expect(text, file).toContain(line);
      }
      expect(text, file).not.toContain('typed, then replaced');
    }
  });

  it("prints a company location as 'Deliver to' beside the billing address", async () => {
    const w = await createCompanyWorld(kind, { paymentTerms: 'net30', creditLimitCents: null });
    close = () => w.t.close();
    const added = await call(w.t.app, 'POST', '/api/companies/mine/locations', w.owner, {
      name: 'Toronto plant',
      address: { line1: '100 King St W', city: 'Toronto', postalCode: 'M5X 1A9', region: 'ON', country: 'CA' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const order = await placed(w, w.free, 10, {
      paymentTerms: 'account',
      shipTo: { locationId: added.json<CompanyLocation>()._id },
    });
    expect(order.shipTo).toMatchObject({ name: 'Toronto plant', city: 'Toronto', region: 'ON', country: 'CA' });
    expect(
      (await call(w.t.app, 'POST', `/api/orders/${order._id}/cancel`, w.admin, { reason: 'Wrong plant' })).statusCode,
    ).toBe(200);

    const deliverTo = 'Deliver to: Toronto plant, 100 King St W, Toronto, ON M5X 1A9, CA';
    for (const file of ['invoice.pdf', 'credit-note.pdf']) {
      const text = await documentText(w.t.app, w.free, order._id, file);
      expect(text, file).toContain(deliverTo);
    }
  });
});
