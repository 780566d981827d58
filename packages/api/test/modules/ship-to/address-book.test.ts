// The personal address book (B2B §12): every signed-in user's own entries, the first the default, `isDefault: true`
// moves it, at most 50; every address part checked on the server with a message naming it.
import { MAX_ADDRESS_BOOK_ENTRIES, type AddressBookEntry } from '@kestrel/shared/ship-to';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { ADMIN, call, createTestApp, logIn, signUp, type SignedIn, type TestApp } from '../../helpers/test-app.js';

const BERLIN = { line1: 'Alexanderplatz 1', city: 'Berlin', postalCode: '10178', country: 'DE' };
const DENVER = {
  name: 'Receiving',
  line1: '1 Main St',
  line2: 'Dock 4',
  city: 'Denver',
  postalCode: '80202',
  region: 'CO',
  country: 'US',
};

describe.each(databases)('address book (%s)', (kind) => {
  let t: TestApp;
  let ann: SignedIn;
  let bob: SignedIn;
  beforeEach(async () => {
    t = await createTestApp(kind);
    ann = await signUp(t.app, 'Ann', 'ann@example.com');
    bob = await signUp(t.app, 'Bob', 'bob@example.com');
  });
  afterEach(async () => t.close());

  const add = async (who: SignedIn, body: unknown) => {
    const res = await call(t.app, 'POST', '/api/me/addresses', who, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<AddressBookEntry>();
  };
  const listOf = async (who: SignedIn) =>
    (await call(t.app, 'GET', '/api/me/addresses', who)).json<AddressBookEntry[]>();

  it('answers 401 to anonymous callers', async () => {
    for (const [method, url] of [
      ['GET', '/api/me/addresses'],
      ['POST', '/api/me/addresses'],
      ['PATCH', '/api/me/addresses/0123456789abcdef01234567'],
      ['DELETE', '/api/me/addresses/0123456789abcdef01234567'],
    ] as const) {
      expect((await call(t.app, method, url, undefined, method === 'GET' ? undefined : {})).statusCode).toBe(401);
    }
  });

  it('keeps each person their own entries, the first the default, and moves the default on request', async () => {
    const home = await add(ann, { label: 'Berlin office', address: BERLIN });
    expect(home).toEqual({
      _id: home._id,
      label: 'Berlin office',
      address: {
        name: null,
        line1: 'Alexanderplatz 1',
        line2: null,
        city: 'Berlin',
        postalCode: '10178',
        region: null,
        country: 'DE',
      },
      phone: null,
      isDefault: true,
    });
    const dock = await add(ann, { label: 'Denver dock', address: DENVER, phone: '+1 303 555 0100' });
    expect(dock.isDefault).toBe(false);
    expect(dock.address).toEqual({ ...DENVER });

    const moved = await call(t.app, 'PATCH', `/api/me/addresses/${dock._id}`, ann, { isDefault: true, label: 'Dock' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<AddressBookEntry>()).toMatchObject({ label: 'Dock', isDefault: true });
    expect((await listOf(ann)).map((e) => [e.label, e.isDefault])).toEqual([
      ['Berlin office', false],
      ['Dock', true],
    ]);

    // Another person sees none of them and changes none (404, nothing changed); the admin is no exception.
    expect(await listOf(bob)).toEqual([]);
    const admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    for (const who of [bob, admin]) {
      const patch = await call(t.app, 'PATCH', `/api/me/addresses/${home._id}`, who, { label: 'Mine now' });
      expect(patch.statusCode).toBe(404);
      expect(patch.json()).toEqual({ error: { code: 'not_found', message: 'Address not found' } });
      expect((await call(t.app, 'DELETE', `/api/me/addresses/${home._id}`, who)).statusCode).toBe(404);
    }
    expect((await listOf(ann)).map((e) => e.label)).toEqual(['Berlin office', 'Dock']);

    // Deleting the default makes the oldest remaining entry the default.
    expect((await call(t.app, 'DELETE', `/api/me/addresses/${dock._id}`, ann)).statusCode).toBe(204);
    expect((await listOf(ann)).map((e) => [e.label, e.isDefault])).toEqual([['Berlin office', true]]);
  });

  it('refuses every bad address part with a message naming it, and changes nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [{ label: '', address: BERLIN }, 'label is required'],
      [{ label: 'x', address: { ...BERLIN, line1: '' } }, 'address.line1 is required'],
      [{ label: 'x', address: { ...BERLIN, line1: 'a'.repeat(101) } }, 'address.line1 must be at most 100 characters'],
      [{ label: 'x', address: { ...BERLIN, city: 'Ber\nlin' } }, 'address.city must be one line of text'],
      [
        { label: 'x', address: { ...BERLIN, postalCode: '1'.repeat(17) } },
        'address.postalCode must be at most 16 characters',
      ],
      [
        { label: 'x', address: { ...BERLIN, country: 'de' } },
        'address.country must be an ISO 3166-1 alpha-2 code in upper case, such as US or DE',
      ],
      [
        { label: 'x', address: { ...BERLIN, country: 'XX' } },
        'address.country must be an ISO 3166-1 alpha-2 code in upper case, such as US or DE',
      ],
      [{ label: 'x', address: { ...DENVER, region: undefined } }, 'address.region is required for US'],
      [
        { label: 'x', address: { ...DENVER, region: 'PR' } },
        'address.region must be a US state (or DC) code, such as CA',
      ],
      [
        { label: 'x', address: { ...DENVER, country: 'CA', region: 'CO' } },
        'address.region must be a Canadian province or territory code, such as ON',
      ],
      [{ label: 'x' }, 'address must be an object'],
    ];
    for (const [body, message] of cases) {
      const res = await call(t.app, 'POST', '/api/me/addresses', ann, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toBe(message);
    }
    // DC, and the states and provinces the lists hold, pass.
    await add(ann, { label: 'DC', address: { ...DENVER, region: 'DC' } });
    await add(ann, { label: 'Toronto', address: { ...BERLIN, country: 'CA', region: 'ON' } });
    expect((await listOf(ann)).map((e) => e.label)).toEqual(['DC', 'Toronto']);
  });

  it('holds at most 50 entries (one more: 409)', async () => {
    for (let i = 0; i < MAX_ADDRESS_BOOK_ENTRIES; i++) await add(ann, { label: `Site ${i}`, address: BERLIN });
    const more = await call(t.app, 'POST', '/api/me/addresses', ann, { label: 'One more', address: BERLIN });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toEqual({
      error: { code: 'address_book_full', message: 'An address book holds at most 50 addresses' },
    });
    expect(await listOf(ann)).toHaveLength(50);
  });
});
