// OWASP API1/API2/API5 and docs/product.md §4: every call of the API x nine callers, from one table (the project's only
// authorization table): anonymous, the owner, another customer and an admin, plus five forged or dead tokens that
// must be treated exactly as no token.
// The table is checked against the OpenAPI description, so a new route without a row fails this test.
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../src/seed/factories.js';
import { databases } from '../helpers/databases.js';
import { ADMIN, addProduct, createTestApp, logIn, signUp, type SignedIn, type TestApp } from '../helpers/test-app.js';
import { clientSecretFor, GOOD_CARD, intentIdOf, placeOrder } from '../modules/payments/payment-fixtures.js';
import { badToken, badTokens } from './forged-tokens.js';

interface Ctx {
  app: FastifyInstance;
  admin: SignedIn;
  ann: SignedIn;
  productId: string;
  annOrderId: string;
}
type Make = (c: Ctx) => string | Promise<string>;
type Body = ((c: Ctx) => unknown) | undefined;
/** [method, route as in OpenAPI, concrete url, body, expected for anonymous, customer (Ann, owner), Bob, admin]. */
type Row = [HTTPMethods, string, Make, Body, [number, number, number, number]];

const profile = { phone: '555', education: 'BSc', location: 'Oslo', linkedinprofile: 'https://linkedin.com/in/x' };
const order = (c: Ctx) => ({ productId: c.productId, inputQuantity: 1000, phone: '1', address: 'a' });
const annOrder = (c: Ctx) => placeOrder(c.app, c.ann, c.productId);
// A fresh intent of a fresh order of Ann's for each caller: the client secret is the capability, not the token.
const freshSecret = async (c: Ctx) => clientSecretFor(c.app, c.ann, await annOrder(c));
// A fresh webhook endpoint for each caller to change, delete or read the log of (a public address: no DNS needed).
const HOOK: { url: string; events: ['*'] } = { url: 'https://93.184.216.34/hooks', events: ['*'] };
const newHook = async (c: Ctx) => (await c.app.webhooks.create(HOOK, null))._id;
// A fresh company (B2B §5) for each caller, written straight into its table.
const newCompany = async (c: Ctx): Promise<string> => {
  const id = `c0${Math.random().toString(16).slice(2, 12).padEnd(10, '0')}000000000000`;
  const at = new Date().toISOString();
  await c.app.db
    .insertInto('companies')
    .values({ id, name: 'Matrix Co', tax_id: null, billing_address: 'a', created_at: at, updated_at: at })
    .execute();
  return id;
};
// A fresh API key for each caller to try to revoke, made by the admin through the API.
const newKey = async (c: Ctx): Promise<string> => {
  const made = await c.app.inject({
    method: 'POST',
    url: '/api/admin/api-keys',
    headers: { authorization: `Bearer ${c.admin.token}` },
    payload: { name: 'ERP', scopes: ['orders:read'] },
  });
  return String(made.json()._id);
};
// A fresh quote request of Ann's (B2B §10) for each caller, and one the admin has offered.
const annQuote = async (c: Ctx): Promise<string> => {
  const made = await c.app.inject({
    method: 'POST',
    url: '/api/quotes',
    headers: { authorization: `Bearer ${c.ann.token}` },
    payload: { lines: [{ productId: c.productId, quantity: 1000 }] },
  });
  return String(made.json()._id);
};
const offer = (c: Ctx) => ({
  lines: [{ productId: c.productId, unitPrice: 1 }],
  validUntil: new Date(Date.now() + 86_400_000).toISOString(),
});
const annOffered = async (c: Ctx): Promise<string> => {
  const id = await annQuote(c);
  await c.app.inject({
    method: 'POST',
    url: `/api/quotes/${id}/offer`,
    headers: { authorization: `Bearer ${c.admin.token}` },
    payload: offer(c),
  });
  return id;
};
// A fresh private requisition list of Ann's (B2B §16) for each caller (test/modules/lists/access.test.ts has every company role).
const annList = async (c: Ctx): Promise<string> => {
  const made = await c.app.inject({
    method: 'POST',
    url: '/api/lists',
    headers: { authorization: `Bearer ${c.ann.token}` },
    payload: { name: 'Plant 1' },
  });
  return String(made.json()._id);
};
// A fresh address book entry of Ann's (B2B §12) for each caller.
const ADDRESS = { line1: 'Alexanderplatz 1', city: 'Berlin', postalCode: '10178', country: 'DE' };
const annAddress = async (c: Ctx): Promise<string> => {
  const made = await c.app.inject({
    method: 'POST',
    url: '/api/me/addresses',
    headers: { authorization: `Bearer ${c.ann.token}` },
    payload: { label: 'Office', address: ADDRESS },
  });
  return String(made.json()._id);
};
// A fresh session of Ann's for each caller to try to sign out.
const annSessionId = async (c: Ctx) => String(decodeJwt(await c.app.sessions.issueSession(c.ann.id)).sid);

// B2B §14: a fresh order of Ann's, paid, shipped and delivered, and a return she asked of it, for each caller.
const annDelivered = async (c: Ctx): Promise<string> => {
  const id = await annOrder(c);
  const secret = await clientSecretFor(c.app, c.ann, id);
  await c.app.inject({ method: 'POST', url: '/api/sandbox/confirm', payload: { clientSecret: secret, ...GOOD_CARD } });
  const as = (who: SignedIn) => ({ authorization: `Bearer ${who.token}` });
  const transactionId = intentIdOf(secret);
  await c.app.inject({
    method: 'PATCH',
    url: `/api/orders/${id}`,
    headers: as(c.ann),
    payload: { order: id, transactionId },
  });
  await c.app.inject({
    method: 'POST',
    url: `/api/orders/${id}/ship`,
    headers: as(c.admin),
    payload: { carrier: 'DHL', trackingNumber: 'T' },
  });
  await c.app.inject({ method: 'POST', url: `/api/orders/${id}/deliver`, headers: as(c.ann) });
  return id;
};
const returnLines = (c: Ctx) => ({ lines: [{ productId: c.productId, quantity: 1, reason: 'damaged' }] });
const annReturn = async (c: Ctx): Promise<string> => {
  const made = await c.app.inject({
    method: 'POST',
    url: `/api/orders/${await annDelivered(c)}/returns`,
    headers: { authorization: `Bearer ${c.ann.token}` },
    payload: returnLines(c),
  });
  return String(made.json()._id);
};

// One line per call, so the table reads as a table.
// prettier-ignore
const table: Row[] = [
  ['GET', '/api/health', () => '/api/health', undefined, [200, 200, 200, 200]],
  ['GET', '/api/service', () => '/api/service', undefined, [200, 200, 200, 200]],
  ['POST', '/api/service', () => '/api/service', () => createProduct(), [401, 403, 403, 201]],
  ['GET', '/api/service/{id}', (c) => `/api/service/${c.productId}`, undefined, [200, 200, 200, 200]],
  ['PATCH', '/api/service/{id}', (c) => `/api/service/${c.productId}`, () => ({ stockAdjustment: 1 }), [401, 403, 403, 200]],
  ['GET', '/api/catalog', () => '/api/catalog?q=part', undefined, [200, 200, 200, 200]],
  ['GET', '/api/admin/products.csv', () => '/api/admin/products.csv', undefined, [401, 403, 403, 200]],
  // A JSON body where CSV is expected: refused as bad input once the caller may import at all.
  ['POST', '/api/admin/products.csv', () => '/api/admin/products.csv', () => ({ csv: 'not text/csv' }), [401, 403, 403, 400]],
  ['DELETE', '/api/service/{id}', async (c) => `/api/service/${await addProduct(c.app, c.admin)}`, undefined, [401, 403, 403, 200]],
  ['GET', '/api/review', () => '/api/review', undefined, [200, 200, 200, 200]],
  ['POST', '/api/review', () => '/api/review', () => ({ name: 'n', rating: 4, description: 'd' }), [401, 201, 201, 201]],
  ['POST', '/api/order', () => '/api/order', order, [401, 201, 201, 201]],
  ['POST', '/api/orders', () => '/api/orders', (c) => ({ lines: [{ productId: c.productId, quantity: 1000 }], phone: '1', address: 'a' }), [401, 201, 201, 201]],
  ['GET', '/api/cart', () => '/api/cart', undefined, [401, 200, 200, 200]],
  ['PUT', '/api/cart', () => '/api/cart', (c) => ({ lines: [{ productId: c.productId, quantity: 1000 }] }), [401, 200, 200, 200]],
  ['POST', '/api/cart/lines', () => '/api/cart/lines', () => ({ lines: [{ sku: 'KC-NONE', quantity: 1 }] }), [401, 200, 200, 200]],
  // Each caller's cart holds the product PUT put there: checkout places it.
  ['POST', '/api/cart/checkout', () => '/api/cart/checkout', () => ({ phone: '1', address: 'a' }), [401, 201, 201, 201]],
  // B2B §13: the caller's own cart's totals, any signed-in caller.
  ['POST', '/api/cart/totals', () => '/api/cart/totals', () => ({}), [401, 200, 200, 200]],
  ['POST', '/api/orders/{id}/reorder', (c) => `/api/orders/${c.annOrderId}/reorder`, undefined, [401, 200, 404, 404]],
  ['GET', '/api/order', () => '/api/order', undefined, [401, 403, 403, 200]],
  ['GET', '/api/orders', () => '/api/orders?email=ann@example.com', undefined, [401, 200, 403, 200]],
  ['GET', '/api/orders/{id}', (c) => `/api/orders/${c.annOrderId}`, undefined, [401, 200, 404, 200]],
  // Everyone signed in may search; what each finds (own orders, or all for admins) is test/order-desk's.
  ['GET', '/api/orders/search', () => '/api/orders/search?q=ann@example.com', undefined, [401, 200, 200, 200]],
  // Ann's order is unpaid, so it has no invoice yet: 409 to those who may see it (test/modules/documents has the 200s).
  ['GET', '/api/orders/{id}/invoice.pdf', (c) => `/api/orders/${c.annOrderId}/invoice.pdf`, undefined, [401, 409, 404, 409]],
  ['GET', '/api/orders/{id}/credit-note.pdf', (c) => `/api/orders/${c.annOrderId}/credit-note.pdf`, undefined, [401, 409, 404, 409]],
  // B2B §14: Ann's order has no credit notes, so a number is no note of it: 404 to everyone signed in.
  ['GET', '/api/orders/{id}/credit-notes/{number}.pdf', (c) => `/api/orders/${c.annOrderId}/credit-notes/CN-2026-000001.pdf`, undefined, [401, 404, 404, 404]],
  ['GET', '/api/orders.csv', () => '/api/orders.csv?status=pending', undefined, [401, 200, 200, 200]],
  ['PATCH', '/api/orders/{id}', (c) => `/api/orders/${c.annOrderId}`, () => ({ transactionId: 'pi_x' }), [401, 400, 404, 404]],
  ['DELETE', '/api/order/{id}', async (c) => `/api/order/${await annOrder(c)}`, undefined, [401, 200, 404, 404]],
  // B2B §4's steps on Ann's unpaid card order: her own step refused by status (409) or role (403); a fresh one to cancel.
  ['POST', '/api/orders/{id}/ship', (c) => `/api/orders/${c.annOrderId}/ship`, () => ({ carrier: 'DHL', trackingNumber: 'T1' }), [401, 403, 404, 409]],
  ['POST', '/api/orders/{id}/deliver', (c) => `/api/orders/${c.annOrderId}/deliver`, undefined, [401, 409, 404, 409]],
  // B2B §14: Ann's order is pending, so neither ships nor delivers; her shipping it is refused first (403).
  ['POST', '/api/orders/{id}/shipments', (c) => `/api/orders/${c.annOrderId}/shipments`, (c) => ({ lines: [{ productId: c.productId, quantity: 1 }], carrier: 'DHL', trackingNumber: 'T1' }), [401, 403, 404, 409]],
  ['POST', '/api/orders/{id}/shipments/{shipmentId}/deliver', (c) => `/api/orders/${c.annOrderId}/shipments/${c.annOrderId}/deliver`, undefined, [401, 409, 404, 409]],
  ['POST', '/api/orders/{id}/mark-paid', (c) => `/api/orders/${c.annOrderId}/mark-paid`, () => ({ reference: 'R1' }), [401, 403, 404, 409]],
  ['POST', '/api/orders/{id}/cancel', async (c) => `/api/orders/${await annOrder(c)}/cancel`, undefined, [401, 200, 404, 200]],
  // B2B §14's returns: Ann asks of her delivered order (staff do not ask, Bob sees nothing of it); the lists are
  // everyone's own; the shop's steps are staff's (receiving a return not yet authorized is the admin's 409).
  ['POST', '/api/orders/{id}/returns', async (c) => `/api/orders/${await annDelivered(c)}/returns`, returnLines, [401, 201, 404, 403]],
  ['GET', '/api/returns', () => '/api/returns', undefined, [401, 200, 200, 200]],
  ['GET', '/api/returns/{id}', async (c) => `/api/returns/${await annReturn(c)}`, undefined, [401, 200, 404, 200]],
  ['POST', '/api/returns/{id}/authorize', async (c) => `/api/returns/${await annReturn(c)}/authorize`, undefined, [401, 403, 403, 200]],
  ['POST', '/api/returns/{id}/reject', async (c) => `/api/returns/${await annReturn(c)}/reject`, () => ({ reason: 'Used' }), [401, 403, 403, 200]],
  ['POST', '/api/returns/{id}/receive', async (c) => `/api/returns/${await annReturn(c)}/receive`, (c) => ({ lines: [{ productId: c.productId, quantity: 1, restock: true }] }), [401, 403, 403, 409]],
  ['POST', '/api/create-payment-intent', () => '/api/create-payment-intent', (c) => ({ orderId: c.annOrderId }), [401, 200, 404, 404]],
  ['POST', '/api/sandbox/confirm', () => '/api/sandbox/confirm', undefined, [200, 200, 200, 200]],
  ['GET', '/api/payments/config', () => '/api/payments/config', undefined, [200, 200, 200, 200]],
  ['GET', '/api/user', () => '/api/user', undefined, [401, 403, 403, 200]],
  ['PUT', '/api/user/admin/{email}', () => '/api/user/admin/carl@example.com', undefined, [401, 403, 403, 200]],
  // Ann is a customer already: nothing to change (test/modules/accounts/demote-admin.test.ts has the demotions).
  ['DELETE', '/api/user/admin/{email}', () => '/api/user/admin/ann@example.com', undefined, [401, 403, 403, 200]],
  ['GET', '/api/admin/{email}', () => '/api/admin/ann@example.com', undefined, [401, 200, 403, 200]],
  // Staff roles (B2B §15; test/modules/accounts/staff-roles.test.ts has every role against every row of its table).
  ['GET', '/api/admin/staff', () => '/api/admin/staff', undefined, [401, 403, 403, 200]],
  ['PUT', '/api/admin/staff/{email}', () => '/api/admin/staff/boss@example.com', () => ({ role: 'administrator' }), [401, 403, 403, 200]],
  ['DELETE', '/api/admin/staff/{email}', () => '/api/admin/staff/ann@example.com', undefined, [401, 403, 403, 200]],
  ['PUT', '/api/user/{email}', () => '/api/user/ann@example.com', () => ({ email: 'ann@example.com' }), [401, 200, 403, 403]],
  ['POST', '/api/profile', () => '/api/profile', () => profile, [401, 200, 200, 200]],
  ['PUT', '/api/profile/{email}', () => '/api/profile/ann@example.com', () => profile, [401, 200, 403, 403]],
  ['GET', '/api/profile/{email}', () => '/api/profile/ann@example.com', undefined, [401, 200, 403, 403]],
  // A JSON body where multipart is expected: refused as a bad upload once the caller may upload at all.
  ['POST', '/api/image', () => '/api/image', () => ({ image: 'not multipart' }), [401, 403, 403, 400]],
  ['GET', '/api/images/{name}', () => '/api/images/0000.webp', undefined, [404, 404, 404, 404]],
  ['GET', '/api/auth/me', () => '/api/auth/me', undefined, [401, 200, 200, 200]],
  ['POST', '/api/auth/logout', () => '/api/auth/logout', undefined, [401, 204, 204, 204]],
  ['POST', '/api/auth/signup', () => '/api/auth/signup', () => ({ name: 'S', email: `s${Math.random()}@example.com`, password: 'a-fine-passphrase' }), [201, 201, 201, 201]],
  ['POST', '/api/auth/login', () => '/api/auth/login', () => ({ email: 'carl@example.com', password: 'password-123' }), [200, 200, 200, 200]],
  ['GET', '/api/auth/providers', () => '/api/auth/providers', undefined, [200, 200, 200, 200]],
  // Google sign-in is not configured here: both answer a redirect to the login page with an error, for everyone.
  ['GET', '/api/auth/google', () => '/api/auth/google', undefined, [302, 302, 302, 302]],
  ['GET', '/api/auth/google/callback', () => '/api/auth/google/callback?code=x&state=y', undefined, [302, 302, 302, 302]],
  ['POST', '/api/auth/password/forgot', () => '/api/auth/password/forgot', () => ({ email: 'nobody@example.com' }), [202, 202, 202, 202]],
  ['POST', '/api/auth/password/reset', () => '/api/auth/password/reset', () => ({ token: 'unknown', password: 'a-fine-passphrase' }), [400, 400, 400, 400]],
  ['POST', '/api/auth/password/change', () => '/api/auth/password/change', () => ({ currentPassword: 'not-the-password', newPassword: 'a-fine-passphrase' }), [401, 400, 400, 400]],
  ['GET', '/api/auth/sessions', () => '/api/auth/sessions', undefined, [401, 200, 200, 200]],
  ['DELETE', '/api/auth/sessions/{id}', async (c) => `/api/auth/sessions/${await annSessionId(c)}`, undefined, [401, 204, 404, 404]],
  ['POST', '/api/auth/logout-all', () => '/api/auth/logout-all', undefined, [401, 204, 204, 204]],
  ['POST', '/api/auth/verify-email', () => '/api/auth/verify-email', () => ({ token: 'unknown' }), [400, 400, 400, 400]],
  // The administrator ensureAdmin made is confirmed already.
  ['POST', '/api/auth/verify-email/resend', () => '/api/auth/verify-email/resend', undefined, [401, 202, 202, 409]],
  // Two-step sign-in (B2B §15): bodies that fail validation past the identity check, an unknown challenge, no such user.
  ['GET', '/api/auth/2fa', () => '/api/auth/2fa', undefined, [401, 200, 200, 200]],
  ['POST', '/api/auth/2fa/setup', () => '/api/auth/2fa/setup', undefined, [401, 200, 200, 200]],
  ['POST', '/api/auth/2fa/enable', () => '/api/auth/2fa/enable', () => ({ code: 'x' }), [401, 400, 400, 400]],
  ['POST', '/api/auth/2fa/disable', () => '/api/auth/2fa/disable', () => ({ password: 'p', code: 'x' }), [401, 400, 400, 400]],
  ['POST', '/api/auth/2fa/verify', () => '/api/auth/2fa/verify', () => ({ challenge: 'unknown', code: '123456' }), [401, 401, 401, 401]],
  ['DELETE', '/api/admin/staff/{email}/2fa', () => '/api/admin/staff/nobody@example.com/2fa', undefined, [401, 403, 403, 404]],
  // B2B §9's webhooks, admins only; the ping goes to an unknown endpoint (no outside network here).
  ['POST', '/api/admin/api-keys', () => '/api/admin/api-keys', () => ({ name: 'ERP', scopes: ['orders:read'] }), [401, 403, 403, 201]],
  ['GET', '/api/admin/api-keys', () => '/api/admin/api-keys', undefined, [401, 403, 403, 200]],
  ['GET', '/api/admin/stats', () => '/api/admin/stats?from=2026-01-01&to=2026-01-31', undefined, [401, 403, 403, 200]],
  // B2B §15's audit trail: administrators only.
  ['GET', '/api/admin/audit', () => '/api/admin/audit?action=product.updated', undefined, [401, 403, 403, 200]],
  // B2B §13's tax rates and settings: administrators only (a body without rates is the admin's 400: nothing changed).
  ['GET', '/api/admin/tax-rates', () => '/api/admin/tax-rates', undefined, [401, 403, 403, 200]],
  ['PUT', '/api/admin/tax-rates', () => '/api/admin/tax-rates', () => ({}), [401, 403, 403, 400]],
  ['GET', '/api/admin/tax-settings', () => '/api/admin/tax-settings', undefined, [401, 403, 403, 200]],
  // B2B §17's punch-out: connections are the administrator's; the start and transfer take a punch-out session's token
  // (an ordinary session is refused 403); the systems' own calls take their credentials in the request, not a token.
  ['POST', '/api/admin/punchout', () => '/api/admin/punchout', (c) => ({ name: 'Ariba', protocol: 'oci', companyId: '0'.repeat(24), userEmail: c.ann.email }), [401, 403, 403, 404]],
  ['GET', '/api/admin/punchout', () => '/api/admin/punchout', undefined, [401, 403, 403, 200]],
  ['DELETE', '/api/admin/punchout/{id}', () => `/api/admin/punchout/${'0'.repeat(24)}`, undefined, [401, 403, 403, 404]],
  ['POST', '/api/punchout/session', () => '/api/punchout/session', () => ({ startToken: 'unknown' }), [401, 401, 401, 401]],
  ['POST', '/api/punchout/transfer', () => '/api/punchout/transfer', undefined, [401, 403, 403, 403]],
  ['POST', '/punchout/cxml/setup', () => '/punchout/cxml/setup', undefined, [415, 415, 415, 415]],
  ['POST', '/punchout/cxml/order', () => '/punchout/cxml/order', undefined, [415, 415, 415, 415]],
  ['GET', '/punchout/oci/{connectionId}', () => `/punchout/oci/${'0'.repeat(24)}?HOOK_URL=https://srm.example.com/`, undefined, [404, 404, 404, 404]],
  ['POST', '/punchout/oci/{connectionId}', () => `/punchout/oci/${'0'.repeat(24)}`, () => ({ HOOK_URL: 'https://srm.example.com/' }), [404, 404, 404, 404]],
  ['GET', '/punchout/transfer.js', () => '/punchout/transfer.js', undefined, [200, 200, 200, 200]],
  ['DELETE', '/api/admin/api-keys/{id}', async (c) => `/api/admin/api-keys/${await newKey(c)}`, undefined, [401, 403, 403, 204]],
  ['POST', '/api/admin/webhooks', () => '/api/admin/webhooks', () => HOOK, [401, 403, 403, 201]],
  ['GET', '/api/admin/webhooks', () => '/api/admin/webhooks', undefined, [401, 403, 403, 200]],
  ['PATCH', '/api/admin/webhooks/{id}', async (c) => `/api/admin/webhooks/${await newHook(c)}`, () => ({ enabled: false }), [401, 403, 403, 200]],
  ['DELETE', '/api/admin/webhooks/{id}', async (c) => `/api/admin/webhooks/${await newHook(c)}`, undefined, [401, 403, 403, 204]],
  ['POST', '/api/admin/webhooks/{id}/ping', () => '/api/admin/webhooks/0123456789abcdef01234567/ping', undefined, [401, 403, 403, 404]],
  ['GET', '/api/admin/webhooks/{id}/deliveries', async (c) => `/api/admin/webhooks/${await newHook(c)}/deliveries`, undefined, [401, 403, 403, 200]],
  // Contract prices (B2B §5): a fresh company for each caller.
  ['GET', '/api/admin/companies/{id}/prices', async (c) => `/api/admin/companies/${await newCompany(c)}/prices`, undefined, [401, 403, 403, 200]],
  ['PUT', '/api/admin/companies/{id}/prices', async (c) => `/api/admin/companies/${await newCompany(c)}/prices`, (c) => ({ prices: [{ productId: c.productId, price: 1 }] }), [401, 403, 403, 200]],
  ['POST', '/api/admin/companies/{id}/prices.csv', async (c) => `/api/admin/companies/${await newCompany(c)}/prices.csv`, () => ({ csv: 'not text/csv' }), [401, 403, 403, 400]],
  // B2B §5's companies: nobody here is in a company (test/modules/companies/company-access.test.ts has every role).
  ['POST', '/api/companies', () => '/api/companies', () => ({}), [401, 400, 400, 400]],
  ['GET', '/api/companies/mine', () => '/api/companies/mine', undefined, [401, 404, 404, 404]],
  ['POST', '/api/companies/mine/invites', () => '/api/companies/mine/invites', () => ({ email: 'x@example.com', role: 'buyer' }), [401, 404, 404, 404]],
  ['GET', '/api/companies/mine/invites', () => '/api/companies/mine/invites', undefined, [401, 404, 404, 404]],
  ['DELETE', '/api/companies/mine/invites/{id}', () => '/api/companies/mine/invites/0123456789abcdef01234567', undefined, [401, 404, 404, 404]],
  ['POST', '/api/invites/{token}/accept', () => '/api/invites/unknown-token/accept', undefined, [401, 400, 400, 400]],
  ['GET', '/api/invites/{token}', () => '/api/invites/unknown-token', undefined, [400, 400, 400, 400]],
  ['PATCH', '/api/companies/mine', () => '/api/companies/mine', () => ({ name: 'Matrix Co' }), [401, 404, 404, 404]],
  ['PATCH', '/api/companies/mine/members/{userId}', (c) => `/api/companies/mine/members/${c.ann.id}`, () => ({ role: 'buyer' }), [401, 404, 404, 404]],
  ['DELETE', '/api/companies/mine/members/{userId}', (c) => `/api/companies/mine/members/${c.ann.id}`, undefined, [401, 404, 404, 404]],
  ['GET', '/api/company/orders', () => '/api/company/orders', undefined, [401, 404, 404, 404]],
  ['GET', '/api/admin/companies', () => '/api/admin/companies', undefined, [401, 403, 403, 200]],
  ['GET', '/api/admin/companies/{id}', async (c) => `/api/admin/companies/${await newCompany(c)}`, undefined, [401, 403, 403, 200]],
  ['PATCH', '/api/admin/companies/{id}', () => '/api/admin/companies/0123456789abcdef01234567', () => ({ paymentTerms: 'net30', creditLimit: 1000 }), [401, 403, 403, 404]],
  // Approvals and the account (B2B §5): Ann's order has no company, so nobody may decide it; its buyer is told 403.
  ['POST', '/api/orders/{id}/approve', async (c) => `/api/orders/${await annOrder(c)}/approve`, undefined, [401, 403, 404, 403]],
  ['POST', '/api/orders/{id}/reject', async (c) => `/api/orders/${await annOrder(c)}/reject`, () => ({ reason: 'Too many' }), [401, 403, 404, 403]],
  ['GET', '/api/company/approvals', () => '/api/company/approvals', undefined, [401, 404, 404, 404]],
  // Issue 47: why an order waits (Ann's does not: 409 to whoever sees it) and checkout's PO-number check (anyone signed in).
  ['GET', '/api/orders/{id}/approval', async (c) => `/api/orders/${await annOrder(c)}/approval`, undefined, [401, 409, 404, 409]],
  ['GET', '/api/orders/po-number-check', () => '/api/orders/po-number-check?poNumber=PO-1', undefined, [401, 200, 200, 200]],
  ['GET', '/api/company/account', () => '/api/company/account', undefined, [401, 404, 404, 404]],
  ['GET', '/api/admin/companies/{id}/balance', async (c) => `/api/admin/companies/${await newCompany(c)}/balance`, undefined, [401, 403, 403, 200]],
  // Quotes (B2B §10): Ann's quotes; Bob is an outsider to them (test/modules/quotes/transitions.test.ts has every company role).
  ['POST', '/api/quotes', () => '/api/quotes', (c) => ({ lines: [{ productId: c.productId, quantity: 1000 }] }), [401, 201, 201, 201]],
  // Checkout above emptied every cart; reorder then put Ann's order back in hers (400: an empty cart).
  ['POST', '/api/cart/list', () => '/api/cart/list', () => ({ name: 'From the cart' }), [401, 201, 400, 400]],
  ['POST', '/api/cart/quote', () => '/api/cart/quote', () => ({}), [401, 201, 400, 400]],
  ['GET', '/api/quotes', () => '/api/quotes', undefined, [401, 200, 200, 200]],
  ['GET', '/api/quotes/{id}', async (c) => `/api/quotes/${await annQuote(c)}`, undefined, [401, 200, 404, 200]],
  ['POST', '/api/quotes/{id}/offer', async (c) => `/api/quotes/${await annQuote(c)}/offer`, offer, [401, 403, 404, 200]],
  ['POST', '/api/quotes/{id}/accept', async (c) => `/api/quotes/${await annOffered(c)}/accept`, () => ({ phone: '1', address: 'a' }), [401, 200, 404, 403]],
  ['POST', '/api/quotes/{id}/decline', async (c) => `/api/quotes/${await annOffered(c)}/decline`, () => ({}), [401, 200, 404, 403]],
  ['POST', '/api/quotes/{id}/cancel', async (c) => `/api/quotes/${await annQuote(c)}/cancel`, undefined, [401, 200, 404, 403]],
  ['POST', '/api/quotes/{id}/reject', async (c) => `/api/quotes/${await annQuote(c)}/reject`, () => ({ reason: 'No' }), [401, 403, 404, 200]],
  ['POST', '/api/quotes/{id}/messages', async (c) => `/api/quotes/${await annQuote(c)}/messages`, () => ({ text: 'Hi' }), [401, 201, 404, 201]],
  // Requisition lists (B2B §16): Ann's private list is hers alone, the admin's included.
  ['POST', '/api/lists', () => '/api/lists', () => ({ name: 'Plant 1' }), [401, 201, 201, 201]],
  ['GET', '/api/lists', () => '/api/lists', undefined, [401, 200, 200, 200]],
  ['GET', '/api/lists/{id}', async (c) => `/api/lists/${await annList(c)}`, undefined, [401, 200, 404, 404]],
  ['PATCH', '/api/lists/{id}', async (c) => `/api/lists/${await annList(c)}`, () => ({ name: 'Plant 2' }), [401, 200, 404, 404]],
  ['DELETE', '/api/lists/{id}', async (c) => `/api/lists/${await annList(c)}`, undefined, [401, 204, 404, 404]],
  ['PUT', '/api/lists/{id}/lines', async (c) => `/api/lists/${await annList(c)}/lines`, (c) => ({ lines: [{ productId: c.productId, quantity: 1000 }] }), [401, 200, 404, 404]],
  ['POST', '/api/lists/{id}/lines', async (c) => `/api/lists/${await annList(c)}/lines`, () => ({ lines: [{ sku: 'KC-NONE', quantity: 1 }] }), [401, 200, 404, 404]],
  ['POST', '/api/lists/{id}/to-cart', async (c) => `/api/lists/${await annList(c)}/to-cart`, () => ({}), [401, 200, 404, 404]],
  // B2B §12: the address book is each person's own; Ann is in no company here, so locations are everyone's 404.
  ['GET', '/api/me/addresses', () => '/api/me/addresses', undefined, [401, 200, 200, 200]],
  ['POST', '/api/me/addresses', () => '/api/me/addresses', () => ({ label: 'Office', address: ADDRESS }), [401, 201, 201, 201]],
  ['PATCH', '/api/me/addresses/{id}', async (c) => `/api/me/addresses/${await annAddress(c)}`, () => ({ label: 'Dock' }), [401, 200, 404, 404]],
  ['DELETE', '/api/me/addresses/{id}', async (c) => `/api/me/addresses/${await annAddress(c)}`, undefined, [401, 204, 404, 404]],
  ['GET', '/api/companies/mine/locations', () => '/api/companies/mine/locations', undefined, [401, 404, 404, 404]],
  ['POST', '/api/companies/mine/locations', () => '/api/companies/mine/locations', () => ({ name: 'Plant', address: ADDRESS }), [401, 404, 404, 404]],
  ['PATCH', '/api/companies/mine/locations/{id}', () => '/api/companies/mine/locations/0123456789abcdef01234567', () => ({ name: 'Plant 2' }), [401, 404, 404, 404]],
  ['DELETE', '/api/companies/mine/locations/{id}', () => '/api/companies/mine/locations/0123456789abcdef01234567', undefined, [401, 404, 404, 404]],
];
// The sandbox confirm body needs a fresh secret per caller; every other body is a pure function of the context.
const bodyOf = async (row: Row, c: Ctx) =>
  row[1] === '/api/sandbox/confirm' ? { clientSecret: await freshSecret(c), ...GOOD_CARD } : row[3]?.(c);

const CALLERS = ['anonymous', 'customer', 'other customer', 'admin', ...badTokens] as const;

describe.each(databases)('access matrix on %s', (kind) => {
  let t: TestApp;
  let ctx: Ctx;
  let bob: SignedIn;

  beforeAll(async () => {
    // Sign-up, sign-in, Google and account-care rows make more auth attempts from one address than the default allows.
    t = await createTestApp(kind, { AUTH_ATTEMPTS_PER_MINUTE: '1000' });
    const admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    const ann = await signUp(t.app, 'Ann', 'ann@example.com');
    bob = await signUp(t.app, 'Bob', 'bob@example.com');
    await signUp(t.app, 'Carl', 'carl@example.com');
    const productId = await addProduct(t.app, admin, { availableQuantity: 10_000_000 });
    ctx = { app: t.app, admin, ann, productId, annOrderId: '' };
    ctx.annOrderId = await annOrder(ctx);
  });
  afterAll(() => t.close());

  it('has a row for every operation the API describes', async () => {
    const spec: { paths?: Record<string, object> } = (await t.app.inject({ url: '/api/docs/json' })).json();
    const paths = spec.paths ?? {};
    const described = Object.entries(paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(table.map((r) => `${r[0]} ${r[1]}`).sort()).toEqual(described.sort());
  });

  for (const row of table) {
    const [method, route, url, , real] = row;
    it(`${method} ${route}`, async () => {
      // A user keeps at most 10 live sessions (B2B §7) and some rows sign everyone out: the fixture's own are renewed.
      for (const who of ['admin', 'ann'] as const) {
        const token = await t.app.sessions.issueSession(ctx[who].id);
        ctx[who] = { ...ctx[who], token, auth: { authorization: `Bearer ${token}` } };
      }
      const tokens: (string | undefined)[] = [
        undefined,
        await t.app.sessions.issueSession(ctx.ann.id),
        await t.app.sessions.issueSession(bob.id),
        await t.app.sessions.issueSession(ctx.admin.id),
        ...(await Promise.all(badTokens.map((k) => badToken(t.app, k, ctx.ann.id, ctx.admin.id)))),
      ];
      const actual: Record<string, number> = {};
      for (const [i, token] of tokens.entries()) {
        const payload = await bodyOf(row, ctx);
        const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
        if (payload !== undefined) headers['content-type'] = 'application/json';
        const res = await t.app.inject({
          method,
          url: await url(ctx),
          headers,
          ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
        });
        actual[CALLERS[i] ?? i] = res.statusCode;
        if (res.statusCode >= 400) expect(Object.keys(res.json().error).sort()).toEqual(['code', 'message']);
      }
      // A forged, expired or revoked token is no token at all.
      const expected = Object.fromEntries(CALLERS.map((c, i) => [c, i < 4 ? real[i] : real[0]]));
      expect(actual).toEqual(expected);
    });
  }
});
