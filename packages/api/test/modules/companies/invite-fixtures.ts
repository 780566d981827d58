// What the invite tests share: an owner with a confirmed e-mail and a company, the link token an invite mail carries,
// and the invites and mails the database holds for an address.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { lastMailedToken } from '../accounts/account-fixtures.js';
import { call, signUp, type SignedIn } from '../../helpers/test-app.js';

/** Confirms the account's e-mail through the mailed link, as its owner would. */
export async function confirmEmail(app: FastifyInstance, user: SignedIn): Promise<void> {
  const token = await lastMailedToken(app, user.email, 'email-verification');
  const res = await call(app, 'POST', '/api/auth/verify-email', undefined, { token });
  expect(res.statusCode, res.body).toBe(204);
}

/** A customer with a confirmed e-mail who creates a company and owns it. */
export async function confirmedOwner(
  app: FastifyInstance,
  name: string,
  email: string,
  company: string,
): Promise<{ owner: SignedIn; companyId: string }> {
  const owner = await signUp(app, name, email);
  await confirmEmail(app, owner);
  const res = await call(app, 'POST', '/api/companies', owner, { name: company, billingAddress: '1 Mill Lane' });
  expect(res.statusCode, res.body).toBe(201);
  return { owner, companyId: String(res.json()._id) };
}

/** The invite mails to `to`, oldest first, as delivery renders them (the outbox holds them sealed). */
export async function inviteMails(app: FastifyInstance, to: string): Promise<Array<{ text: string; html: string }>> {
  const rows = await app.db
    .selectFrom('mail_outbox')
    .select(['content', 'id'])
    .where('to_address', '=', to)
    .where('kind', '=', 'company-invite')
    .orderBy('id', 'asc')
    .execute();
  return rows.map((r) => app.mail.bodies(r.content));
}

/** The invite link tokens mailed to `to`, oldest first. */
export async function inviteTokens(app: FastifyInstance, to: string): Promise<string[]> {
  return (await inviteMails(app, to)).map((mail) => {
    const link = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail.text);
    if (!link?.[1]) throw new Error(`no invite link in a mail to ${to}`);
    return decodeURIComponent(link[1]);
  });
}

/** The company's live invites (not accepted, not revoked) to `email`, as stored. */
export function liveInvites(app: FastifyInstance, companyId: string, email: string) {
  return app.db
    .selectFrom('company_invites')
    .select(['id', 'role', 'spending_limit_cents'])
    .where('company_id', '=', companyId)
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Moves a company's invites back in time, so the rate limits' windows (and the re-invite window) have passed. */
export async function ageInvites(app: FastifyInstance, companyId: string, minutes: number): Promise<void> {
  const rows = await app.db
    .selectFrom('company_invites')
    .select(['id', 'created_at'])
    .where('company_id', '=', companyId)
    .execute();
  for (const row of rows) {
    const created = new Date(Date.parse(row.created_at) - minutes * 60_000).toISOString();
    await app.db.updateTable('company_invites').set({ created_at: created }).where('id', '=', row.id).execute();
  }
}
