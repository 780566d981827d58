// What the account-care tests share: the token a queued mail carries (its link as delivery renders it, before blanking
// it), the live sessions of a user, and calls from a chosen client address (each test's own rate-limit bucket).
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { SignedIn } from '../../helpers/test-app.js';

export type TokenKind = 'password-reset' | 'email-verification';

/** The tokens of the queued mails of this kind to this address, oldest first. */
export async function mailedTokens(app: FastifyInstance, to: string, kind: TokenKind): Promise<string[]> {
  const rows = await app.db
    .selectFrom('mail_outbox')
    .select(['content', 'created_at', 'id'])
    .where('to_address', '=', to)
    .where('kind', '=', kind)
    .orderBy('id', 'asc')
    .execute();
  // The link as the mail being delivered carries it: the outbox itself holds the token sealed.
  return rows.map((r) => {
    const link = /\/(?:reset-password|verify-email)\/([A-Za-z0-9_-]+)/.exec(app.mail.bodies(r.content).text);
    if (!link?.[1]) throw new Error(`no link in the ${kind} mail to ${to}`);
    return decodeURIComponent(link[1]);
  });
}

export async function lastMailedToken(app: FastifyInstance, to: string, kind: TokenKind): Promise<string> {
  const tokens = await mailedTokens(app, to, kind);
  const token = tokens.at(-1);
  if (!token) throw new Error(`no ${kind} mail to ${to}`);
  return token;
}

/** A JSON call from `ip` (so a test's attempts do not count against another's), optionally signed in. */
export function callFrom(
  app: FastifyInstance,
  ip: string,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
  who?: SignedIn,
) {
  return app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: {
      ...(who ? who.auth : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

/** Answers the status of GET /auth/me with this token: 200 while its session lives, 401 after. */
export async function meStatus(app: FastifyInstance, token: string): Promise<number> {
  const res = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
  return res.statusCode;
}

export const error = (code: string, message: string) => ({ error: { code, message } });
