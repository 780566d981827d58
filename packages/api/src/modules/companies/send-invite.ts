// Sending an invite (B2B §5, issue #47): one transaction under the company's row lock, so invites of one company are
// decided one at a time. PostgreSQL let five invites of one address at once leave four live links, each with its own
// role; under the lock the first mails a link and the others find it. The limits bound the mail an owner can cause:
// INVITE_LIMITS.perCompanyPerHour invites a company mails an hour, perAddressPerDay mails an address gets a day from
// every company together, both counted from the invites' rows (each row is one mail; revoked ones count, or invite
// and revoke would loop). Inviting an address again within reinviteMinutes of its mail changes the pending invite's
// role and limit and mails nothing (the link already mailed stays the one that works).
import { INVITE_DAYS, INVITE_LIMITS, companyMessages, holdsWebAddress, type CompanyRole } from '@kestrel/shared';
import type { Kysely } from 'kysely';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../infra/db/create-db.js';
import type { Database } from '../../infra/db/schema.js';
import { newId } from '../../infra/db/ids.js';
import { RetryLaterError } from '../../infra/errors.js';
import type { MailService } from '../mail/index.js';
import * as repo from './repository.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const INVITE_MS = INVITE_DAYS * DAY_MS;

export const hashInviteToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export interface InviteRequest {
  companyId: string;
  companyName: string;
  inviter: { id: string; name: string };
  email: string;
  role: CompanyRole;
  spendingLimitCents: number | null;
}

export interface SentInvite {
  inviteId: string;
  /** False when a pending invite mailed within the re-invite window was changed instead. */
  mailed: boolean;
}

/** The 429 of a full window: when its oldest counted invite leaves it, one more may go. */
async function refuseWhenFull(
  trx: Kysely<Database>,
  by: 'company_id' | 'email',
  value: string,
  limit: { points: number; windowMs: number; message: string },
  at: number,
): Promise<void> {
  const since = await repo.invitesSince(trx, by, value, new Date(at - limit.windowMs).toISOString());
  if (since.count < limit.points) return;
  const freeAt = since.oldest === null ? at : Date.parse(since.oldest) + limit.windowMs;
  throw new RetryLaterError(Math.max(1, Math.ceil((freeAt - at) / 1000)), limit.message);
}

export async function sendInvite(
  db: Db,
  mail: Pick<MailService, 'enqueue'>,
  request: InviteRequest,
  at: number,
): Promise<SentInvite> {
  const { companyId, email } = request;
  return db.transaction().execute(async (trx) => {
    await repo.lockCompany(trx, companyId);
    const live = await repo.liveInviteTo(trx, companyId, email);
    const iso = new Date(at).toISOString();
    if (live && live.expires_at > iso && Date.parse(live.created_at) > at - INVITE_LIMITS.reinviteMinutes * MINUTE_MS) {
      await repo.changeInviteTerms(trx, live.id, {
        role: request.role,
        spending_limit_cents: request.spendingLimitCents,
      });
      return { inviteId: live.id, mailed: false };
    }
    await refuseWhenFull(
      trx,
      'company_id',
      companyId,
      { points: INVITE_LIMITS.perCompanyPerHour, windowMs: HOUR_MS, message: companyMessages.inviteCompanyLimit },
      at,
    );
    await refuseWhenFull(
      trx,
      'email',
      email,
      { points: INVITE_LIMITS.perAddressPerDay, windowMs: DAY_MS, message: companyMessages.inviteAddressLimit },
      at,
    );
    const token = randomBytes(32).toString('base64url');
    const id = newId(at);
    // One live link per address: a new invite replaces a pending (or lapsed) one (docs/product.md, "Companies").
    await repo.revokeInvitesTo(trx, companyId, email, iso);
    await repo.insertInvite(trx, {
      id,
      company_id: companyId,
      email,
      role: request.role,
      spending_limit_cents: request.spendingLimitCents,
      token_hash: hashInviteToken(token),
      invited_by: request.inviter.id,
      created_at: iso,
      expires_at: new Date(at + INVITE_MS).toISOString(),
      accepted_at: null,
      accepted_by: null,
      revoked_at: null,
    });
    // In the invite's own transaction (the outbox): the link is mailed exactly when the invite exists.
    await mail.enqueue(trx, {
      to: email,
      dedupeKey: `company-invite:${id}`,
      content: {
        kind: 'company-invite',
        data: {
          companyName: request.companyName,
          // An account's name is the inviter's own choice too: one holding a web address is not printed.
          inviterName: holdsWebAddress(request.inviter.name) ? 'An owner' : request.inviter.name,
          role: request.role,
          token,
          validDays: INVITE_DAYS,
        },
      },
    });
    return { inviteId: id, mailed: true };
  });
}
