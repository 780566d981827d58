// The owner edits the company's details and the invite link reads its invite (issue #47), on both databases:
// PATCH /api/companies/mine for owner, buyer, viewer, a member of another company, a customer in no company, an admin
// and anonymous; its bad input (a web address in the name, line breaks, nothing to change) changes nothing; company
// names refused at creation too; GET /api/invites/{token} answers company, inviter, role and address, nothing else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { ADMIN, call, createTestApp, logIn, signUp, type SignedIn, type TestApp } from '../../helpers/test-app.js';
import { confirmedOwner, inviteTokens } from './invite-fixtures.js';

const ADDRESS = 'Acme Parts\n1 Mill Lane\nOslo';

describe.each(databases)('company details and invite links on %s', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let buyer: SignedIn;
  let viewer: SignedIn;
  let companyId: string;

  const stored = () =>
    t.app.db
      .selectFrom('companies')
      .select(['name', 'tax_id', 'billing_address'])
      .where('id', '=', companyId)
      .executeTakeFirstOrThrow();
  const patch = (who: SignedIn | undefined, body: unknown) => call(t.app, 'PATCH', '/api/companies/mine', who, body);
  const join = async (name: string, email: string, role: 'buyer' | 'viewer') => {
    const sent = await call(t.app, 'POST', '/api/companies/mine/invites', owner, { email, role });
    expect(sent.statusCode).toBe(201);
    const user = await signUp(t.app, name, email);
    const [token] = await inviteTokens(t.app, email);
    expect((await call(t.app, 'POST', `/api/invites/${token}/accept`, user)).statusCode).toBe(200);
    return user;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { AUTH_ATTEMPTS_PER_MINUTE: '1000' });
    ({ owner, companyId } = await confirmedOwner(t.app, 'Olga Owner', 'olga@example.com', 'Acme Parts'));
    await patch(owner, { billingAddress: ADDRESS, taxId: 'DE123' });
    buyer = await join('Bert Buyer', 'bert@example.com', 'buyer');
    viewer = await join('Vera Viewer', 'vera@example.com', 'viewer');
  });
  afterAll(() => t.close());

  it('lets the owner change the name, tax id and billing address, answering the company', async () => {
    const res = await patch(owner, {
      name: '  Acme Parts & Sons  ',
      taxId: 'NO 987 654 321',
      billingAddress: 'Dock 4\nBergen',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      _id: companyId,
      name: 'Acme Parts & Sons',
      taxId: 'NO 987 654 321',
      billingAddress: 'Dock 4\nBergen',
      paymentTerms: 'card',
    });
    expect(await stored()).toEqual({
      name: 'Acme Parts & Sons',
      tax_id: 'NO 987 654 321',
      billing_address: 'Dock 4\nBergen',
    });
    // One field alone leaves the others; an empty tax id clears it.
    expect((await patch(owner, { taxId: '' })).json()).toMatchObject({ name: 'Acme Parts & Sons', taxId: null });
    expect((await patch(owner, { name: 'Acme Parts', taxId: 'DE123', billingAddress: ADDRESS })).statusCode).toBe(200);
    expect(await stored()).toEqual({ name: 'Acme Parts', tax_id: 'DE123', billing_address: ADDRESS });
    // Members read the new name in their own record.
    expect((await call(t.app, 'GET', '/api/auth/me', buyer)).json().company).toEqual({
      _id: companyId,
      name: 'Acme Parts',
      role: 'buyer',
    });
  });

  it('refuses buyers and viewers (403), and everyone outside the company edits nothing of it', async () => {
    const change = { name: 'Taken Over Ltd' };
    for (const who of [buyer, viewer]) {
      const res = await patch(who, change);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: { code: 'forbidden', message: "Only the company's owners can do this" } });
    }
    const loner = await signUp(t.app, 'Lena Loner', 'lena@example.com');
    const admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    for (const who of [loner, admin]) {
      const res = await patch(who, change);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'You are not in a company' } });
    }
    expect((await patch(undefined, change)).statusCode).toBe(401);
    // Another company's owner changes their own company only.
    const other = await confirmedOwner(t.app, 'Otto Other', 'otto@example.com', 'Other Co');
    expect((await patch(other.owner, change)).json()).toMatchObject({ _id: other.companyId, name: 'Taken Over Ltd' });
    expect(await stored()).toEqual({ name: 'Acme Parts', tax_id: 'DE123', billing_address: ADDRESS });
  });

  it('refuses a web address, a domain, a line break or a direction control in the name (400 naming name)', async () => {
    const webAddress = 'name must not hold a web address or domain (such as www.example.com or example.com)';
    const cases: Array<[unknown, string]> = [
      [{ name: 'Acme https://acme-login.example' }, webAddress],
      [{ name: 'Acme, see www.acme-pay' }, webAddress],
      [{ name: 'Account locked: verify at acme-billing.net' }, webAddress],
      [{ name: 'Acme 203.0.113.9' }, webAddress],
      [{ name: 'Acme\nYour account is suspended' }, 'name must be one line, without line breaks or control characters'],
      [{ name: 'Acme\u2028Pay now' }, 'name must be one line, without line breaks or control characters'],
      [{ name: 'Acme \u202Egnp.exe' }, 'name must not hold text-direction control characters'],
      [{ name: '   ' }, 'name is required'],
      [{ taxId: 'DE1\n23' }, 'taxId must be one line, without line breaks or control characters'],
      [{ billingAddress: '' }, 'billingAddress is required'],
      [{}, 'send name, taxId or billingAddress'],
    ];
    for (const [body, message] of cases) {
      const res = await patch(owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual({ error: { code: 'validation_error', message } });
    }
    expect(await stored()).toEqual({ name: 'Acme Parts', tax_id: 'DE123', billing_address: ADDRESS });
    // The same rule at creation: no company is made.
    const newcomer = await signUp(t.app, 'Nina New', 'nina@example.com');
    const created = await call(t.app, 'POST', '/api/companies', newcomer, {
      name: 'Free gifts at http://evil.example',
      billingAddress: 'x',
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ error: { code: 'validation_error', message: webAddress } });
    expect((await call(t.app, 'GET', '/api/companies/mine', newcomer)).statusCode).toBe(404);
    // Names of firms with dots followed by a space stay welcome.
    expect((await patch(owner, { name: 'J. P. Acme & Co. Ltd.' })).statusCode).toBe(200);
    expect((await patch(owner, { name: 'Acme Parts' })).statusCode).toBe(200);
  });

  it("reads an invite's company, inviter, role and address by its token, signed out, and nothing once unusable", async () => {
    const email = 'ivy@example.com';
    const sent = await call(t.app, 'POST', '/api/companies/mine/invites', owner, { email, role: 'viewer' });
    expect(sent.statusCode).toBe(201);
    const [token] = await inviteTokens(t.app, email);
    const res = await call(t.app, 'GET', `/api/invites/${token}`);
    expect(res.statusCode).toBe(200);
    const row = await t.app.db
      .selectFrom('company_invites')
      .select('expires_at')
      .where('id', '=', String(sent.json().inviteId))
      .executeTakeFirstOrThrow();
    expect(res.json()).toEqual({
      companyName: 'Acme Parts',
      inviterName: 'Olga Owner',
      role: 'viewer',
      email,
      expiresAt: row.expires_at,
    });
    expect((await call(t.app, 'GET', '/api/invites/not-a-token')).json()).toEqual({
      error: {
        code: 'invalid_invite',
        message: 'This invite link is not valid: it was used, revoked or never existed',
      },
    });
    await t.app.db
      .updateTable('company_invites')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', String(sent.json().inviteId))
      .execute();
    const expired = await call(t.app, 'GET', `/api/invites/${token}`);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('invite_expired');
    await t.app.db
      .updateTable('company_invites')
      .set({ revoked_at: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', String(sent.json().inviteId))
      .execute();
    expect((await call(t.app, 'GET', `/api/invites/${token}`)).json().error.code).toBe('invalid_invite');
    // An accepted link reads as used.
    const [bertToken] = await inviteTokens(t.app, 'bert@example.com');
    expect((await call(t.app, 'GET', `/api/invites/${bertToken}`)).json().error.code).toBe('invalid_invite');
  });
});
