// The storefront's punch-out calls (B2B §17): the start page's exchange of its token for a session, and the transfer
// that answers the page carrying the cart back (the storefront posts a form to it, so the browser navigates there).
import { errorSchema, punchoutSessionSchema, punchoutSessionStartSchema } from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../infra/errors.js';
import { bearerToken, type SessionService } from '../accounts/index.js';
import { acceptFormPosts } from './form-body.js';
import type { VisitsService } from './visits.js';
import { routeDocs } from '../../infra/http/route-docs.js';

const { tags } = routeDocs('punchout');

export const punchoutSessionRoutes: FastifyPluginAsyncZod<{
  visits: VisitsService;
  sessions: Pick<SessionService, 'authenticate'>;
}> = async (app, { visits, sessions }) => {
  // The transfer is also a plain form post from the storefront: its only field is the session token.
  acceptFormPosts(app);

  app.post(
    '/punchout/session',
    {
      schema: {
        tags,
        summary: 'Exchange a punch-out start token (once) for a punch-out session of the connection’s user',
        body: punchoutSessionStartSchema,
        response: { 200: punchoutSessionSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => visits.exchange(request.body.startToken, request.headers['user-agent']),
  );

  app.post(
    '/punchout/transfer',
    { schema: { tags, summary: 'Transfer the punch-out cart back: an HTML page that posts it to the system' } },
    async (request, reply) => {
      const fromHeader = bearerToken(request.headers.authorization);
      const body: unknown = request.body;
      const fromForm =
        typeof body === 'object' && body !== null && 'token' in body && typeof body.token === 'string'
          ? body.token
          : undefined;
      const token = fromHeader ?? fromForm;
      const user = token === undefined ? undefined : await sessions.authenticate(token);
      if (!user) throw unauthorized('Sign in to do this (missing, invalid or expired token)');
      const { html, returnOrigin } = await visits.transfer(user);
      // The shop's CSP, but the form may post to the system's address (and only there, besides the shop).
      return reply
        .header('cache-control', 'no-store')
        .header(
          'content-security-policy',
          `default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'; form-action 'self' ${returnOrigin}`,
        )
        .type('text/html; charset=utf-8')
        .send(html);
    },
  );
};
