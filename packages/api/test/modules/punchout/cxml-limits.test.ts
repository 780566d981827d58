// What a cXML document costs before its sender is known (B2B §17, issue #54): the credential is read from the Header
// alone, so a wrong one is refused without reading the rest; a body past the cXML routes' limit is refused (413) as it
// arrives; and everything inside the limit answers as before, on both databases.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CXML_BODY_LIMIT } from '../../../src/modules/punchout/protocol-routes.js';
import { MAX_HEADER_CHARS } from '../../../src/modules/punchout/cxml-requests.js';
import { createCompanyWorld, type CompanyWorld } from '../orders/company-ordering/fixtures.js';
import { databases } from '../../helpers/databases.js';
import { call } from '../../helpers/test-app.js';

const head = (identity: string, secret: string, padding = '') =>
  `<?xml version="1.0"?><cXML payloadID="1@buyer" timestamp="2026-01-01T00:00:00Z"><Header>${padding}
<Sender><Credential domain="NetworkID"><Identity>${identity}</Identity><SharedSecret>${secret}</SharedSecret></Credential></Sender>
</Header>`;

/** A create setup request, padded with Extrinsic elements (which the shop ignores) to about `bytes`. */
function setupOf(identity: string, secret: string, bytes = 0) {
  const start = `${head(identity, secret)}<Request><PunchOutSetupRequest operation="create"><BuyerCookie>c1</BuyerCookie>
<BrowserFormPost><URL>https://buyer.example.com/return</URL></BrowserFormPost>`;
  const end = '</PunchOutSetupRequest></Request></cXML>';
  const one = '<Extrinsic name="CostCenter">CC-4410 maintenance plant 2</Extrinsic>';
  const count = Math.max(0, Math.floor((bytes - start.length - end.length) / one.length));
  return start + one.repeat(count) + end;
}

describe.each(databases)('cXML limits (%s)', (kind) => {
  let w: CompanyWorld;
  let identity: string;
  let secret: string;
  beforeEach(async () => {
    w = await createCompanyWorld(kind, { paymentTerms: 'net30', creditLimitCents: null });
    const res = await call(w.t.app, 'POST', '/api/admin/punchout', w.admin, {
      name: 'Ariba',
      protocol: 'cxml',
      companyId: w.companyId,
      userEmail: 'fay@example.com',
      identity: 'AN0001',
    });
    expect(res.statusCode, res.body).toBe(201);
    identity = 'AN0001';
    secret = res.json<{ sharedSecret: string }>().sharedSecret;
  });
  afterEach(async () => w.t.close());

  const post = (url: string, payload: string) =>
    w.t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'text/xml' } });
  const visits = () => w.t.app.db.selectFrom('punchout_visits').selectAll().execute();
  const orders = () => w.t.app.db.selectFrom('orders').select('id').execute();

  it('refuses a body past the limit with 413 on both cXML routes, and nothing is made', async () => {
    const before = (await orders()).length;
    for (const url of ['/punchout/cxml/setup', '/punchout/cxml/order']) {
      const big = setupOf(identity, secret, CXML_BODY_LIMIT + 100);
      expect(Buffer.byteLength(big)).toBeGreaterThan(CXML_BODY_LIMIT);
      const res = await post(url, big);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ error: { code: 'payload_too_large', message: 'The request body is too large' } });
    }
    expect(await visits()).toEqual([]);
    expect((await orders()).length).toBe(before);
  });

  it('reads a document just inside the limit as before: a setup of 190 KiB starts a visit', async () => {
    const near = setupOf(identity, secret, CXML_BODY_LIMIT - 2048);
    expect(Buffer.byteLength(near)).toBeGreaterThan(CXML_BODY_LIMIT - 4096);
    expect(Buffer.byteLength(near)).toBeLessThanOrEqual(CXML_BODY_LIMIT);
    const res = await post('/punchout/cxml/setup', near);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('<Status code="200"');
    expect(await visits()).toHaveLength(1);
  });

  it('refuses a wrong secret from the Header alone: what follows it is never read', async () => {
    // Past the Header the document is not even well-formed: with the right secret that is a 400, with a wrong one
    // the 401 comes first, since the rest was never parsed.
    const broken = `${head(identity, 'wrong-secret')}<Request><PunchOutSetupRequest><<<`;
    const wrong = await post('/punchout/cxml/setup', broken);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('<Status code="401"');
    const right = await post('/punchout/cxml/setup', `${head(identity, secret)}<Request><PunchOutSetupRequest><<<`);
    expect(right.statusCode).toBe(400);
    expect(right.body).toContain('<Status code="400"');
    for (const url of ['/punchout/cxml/setup', '/punchout/cxml/order']) {
      const big = setupOf(identity, 'wrong-secret', CXML_BODY_LIMIT - 2048);
      const res = await post(url, big);
      expect(res.statusCode).toBe(401);
    }
    expect(await visits()).toEqual([]);
  });

  it('refuses a Header that ends past its bound, or never, with Status 400 naming it', async () => {
    const padding = `<Extrinsic>${'x'.repeat(MAX_HEADER_CHARS)}</Extrinsic>`;
    const late = `${head(identity, secret, padding)}<Request><PunchOutSetupRequest/></Request></cXML>`;
    const noHeader = '<?xml version="1.0"?><cXML><Request/></cXML>';
    for (const body of [late, noHeader]) {
      const res = await post('/punchout/cxml/setup', body);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('The request lacks a Header ending within its first 16 KiB');
    }
    expect(await visits()).toEqual([]);
  });
});
