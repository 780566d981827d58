// Invite mail bounded (issue #47) on both databases: an unconfirmed owner mails nobody; a company mails at most 20
// invites an hour and an address gets at most 3 a day from all companies; inviting an address again within 10 minutes
// changes the pending invite without mailing; five invites of one address at once leave one live link (50 runs); the
// mail escapes the company's name.
import { INVITE_LIMITS } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { call, createTestApp, signUp, type SignedIn, type TestApp } from '../../helpers/test-app.js';
import { ageInvites, confirmEmail, confirmedOwner, inviteMails, inviteTokens, liveInvites } from './invite-fixtures.js';

describe.each(databases)('invite limits on %s', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let companyId: string;
  let n = 0;
  const fresh = () => `guest${++n}@example.com`;
  const invite = (email: string, role = 'buyer', who = owner, spendingLimit?: number) =>
    call(t.app, 'POST', '/api/companies/mine/invites', who, {
      email,
      role,
      ...(spendingLimit === undefined ? {} : { spendingLimit }),
    });
  const invitesOf = async (id: string) =>
    (await t.app.db.selectFrom('company_invites').select('id').where('company_id', '=', id).execute()).length;

  beforeAll(async () => {
    t = await createTestApp(kind, { AUTH_ATTEMPTS_PER_MINUTE: '1000' });
    ({ owner, companyId } = await confirmedOwner(t.app, 'Olga Owner', 'olga@example.com', 'Acme Parts'));
  });
  afterAll(() => t.close());

  it('refuses an owner whose e-mail is unconfirmed (403), mailing nobody, and sends once it is confirmed', async () => {
    const owner2 = await signUp(t.app, 'Uma Unconfirmed', 'uma@example.com');
    const created = await call(t.app, 'POST', '/api/companies', owner2, { name: 'Uma Co', billingAddress: 'a' });
    expect(created.statusCode).toBe(201);
    const refused = await invite('target@example.com', 'buyer', owner2);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: {
        code: 'email_unconfirmed',
        message:
          'Confirm your e-mail address before inviting anyone: open the link we mailed you, or ask for a new one on your account page',
      },
    });
    expect(await invitesOf(String(created.json()._id))).toBe(0);
    expect(await inviteTokens(t.app, 'target@example.com')).toEqual([]);

    await confirmEmail(t.app, owner2);
    const sent = await invite('target@example.com', 'buyer', owner2);
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({ inviteId: expect.any(String), mailed: true });
    expect(await inviteTokens(t.app, 'target@example.com')).toHaveLength(1);
  });

  it('changes the pending invite without mail within 10 minutes, and mails a new link after', async () => {
    const email = fresh();
    const first = await invite(email, 'buyer', owner, 500);
    expect(first.statusCode).toBe(201);
    const { inviteId } = first.json();
    const again = await invite(email, 'viewer');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ inviteId, mailed: false });
    expect(await liveInvites(t.app, companyId, email)).toEqual([
      { id: inviteId, role: 'viewer', spending_limit_cents: null },
    ]);
    const [token] = await inviteTokens(t.app, email);
    expect(await inviteTokens(t.app, email)).toHaveLength(1);
    // The link already mailed now joins with the changed role.
    expect((await call(t.app, 'GET', `/api/invites/${token}`)).json()).toMatchObject({ role: 'viewer' });

    await ageInvites(t.app, companyId, INVITE_LIMITS.reinviteMinutes + 1);
    const later = await invite(email, 'buyer');
    expect(later.statusCode).toBe(201);
    expect(later.json()).toEqual({ inviteId: expect.not.stringMatching(inviteId), mailed: true });
    const tokens = await inviteTokens(t.app, email);
    expect(tokens).toHaveLength(2);
    expect((await call(t.app, 'GET', `/api/invites/${token}`)).json().error.code).toBe('invalid_invite');
    expect((await call(t.app, 'GET', `/api/invites/${tokens[1]}`)).json()).toMatchObject({ role: 'buyer' });
    await ageInvites(t.app, companyId, 24 * 60);
  });

  it('mails an address at most 3 invites a day from all companies together (429 naming the limit)', async () => {
    const email = fresh();
    for (let i = 0; i < INVITE_LIMITS.perAddressPerDay; i += 1) {
      expect((await invite(email)).statusCode).toBe(201);
      await ageInvites(t.app, companyId, INVITE_LIMITS.reinviteMinutes + 1);
    }
    const refused = await invite(email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: 'This address has had 3 invites in the last day, the most a day allows: try again tomorrow',
      },
    });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(23 * 3600);
    expect(wait).toBeLessThanOrEqual(24 * 3600);
    // Another company's owner is refused the same address.
    const other = await confirmedOwner(t.app, 'Otto Other', `otto${n}@example.com`, `Other Co ${n}`);
    expect((await invite(email, 'buyer', other.owner)).statusCode).toBe(429);
    expect(await inviteTokens(t.app, email)).toHaveLength(3);
    expect(await invitesOf(other.companyId)).toBe(0);
    await ageInvites(t.app, companyId, 24 * 60);
  });

  it('mails at most 20 invites a company an hour (429 naming the limit), then again once the hour has passed', async () => {
    for (let i = 0; i < INVITE_LIMITS.perCompanyPerHour; i += 1) {
      expect((await invite(fresh())).statusCode).toBe(201);
    }
    const before = await invitesOf(companyId);
    const email = fresh();
    const refused = await invite(email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: 'Your company has sent 20 invites in the last hour, the most an hour allows: try again later',
      },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await invitesOf(companyId)).toBe(before);
    expect(await inviteTokens(t.app, email)).toEqual([]);
    await ageInvites(t.app, companyId, 61);
    expect((await invite(email)).statusCode).toBe(201);
    await ageInvites(t.app, companyId, 24 * 60);
  });

  it('leaves one live link and one mail when five invites of one address race (50 runs)', async () => {
    const roles = ['buyer', 'viewer', 'owner', 'buyer', 'viewer'];
    for (let run = 0; run < 50; run += 1) {
      const email = fresh();
      const answers = await Promise.all(roles.map((role) => invite(email, role)));
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes, `run ${run}`).toEqual([200, 200, 200, 200, 201]);
      const ids = new Set(answers.map((a) => String(a.json().inviteId)));
      expect(ids.size, `run ${run}`).toBe(1);
      const live = await liveInvites(t.app, companyId, email);
      expect(live, `run ${run}`).toHaveLength(1);
      expect(live[0]?.id).toBe([...ids][0]);
      expect(roles).toContain(live[0]?.role);
      expect(await inviteTokens(t.app, email), `run ${run}`).toHaveLength(1);
      // Keep the company's hourly count clear for the next run.
      await ageInvites(t.app, companyId, 61);
    }
  }, 120_000);

  it("escapes the company's name in the invite mail's HTML", async () => {
    const email = fresh();
    const { owner: o2 } = await confirmedOwner(t.app, 'Hans <b>', `hans${n}@example.com`, `Bits & <Bobs> "Ltd"`);
    expect((await invite(email, 'buyer', o2)).statusCode).toBe(201);
    const [mail] = await inviteMails(t.app, email);
    if (!mail) throw new Error('no invite mail');
    expect(mail.html).toContain('Bits &amp; &lt;Bobs&gt; &quot;Ltd&quot;');
    expect(mail.html).toContain('Hans &lt;b&gt; invites you');
    expect(mail.html).not.toContain('<Bobs>');
    expect(mail.html).not.toContain('<b>');
    expect(mail.text).toContain('Hans <b> invites you to buy for Bits & <Bobs> "Ltd" as buyer.');
  });

  it("prints no inviter's name that holds a web address, in the mail or on the link's page", async () => {
    const email = fresh();
    const { owner: o3 } = await confirmedOwner(t.app, 'Pay at www.evil.example', `pat${n}@example.com`, `Pat Co ${n}`);
    expect((await invite(email, 'viewer', o3)).statusCode).toBe(201);
    const [mail] = await inviteMails(t.app, email);
    if (!mail) throw new Error('no invite mail');
    expect(mail.text).toContain(`An owner invites you to buy for Pat Co ${n} as viewer.`);
    expect(mail.text + mail.html).not.toContain('evil');
    const [token] = await inviteTokens(t.app, email);
    expect((await call(t.app, 'GET', `/api/invites/${token}`)).json()).toMatchObject({ inviterName: null });
  });
});
