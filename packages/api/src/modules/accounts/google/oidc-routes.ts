// Google sign-in over HTTP (docs/product.md §3): GET /api/auth/google starts the flow, the provider sends the browser to
// GET /api/auth/google/callback, and that ends at the storefront's /auth/callback with the same access token as an
// e-mail/password sign-in, carried in the URL fragment (never sent to a server, never in a log); an account with
// two-step sign-in on gets a challenge there instead, for the storefront's code step (B2B §15). Every failure ends
// at /login?authError=<one of the shared short messages>. Registered under the /api prefix.
import { messages } from '@kestrel/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccountsService } from '../service.js';
import { readFlowCookie, setFlowCookie } from './flow-cookie.js';
import { createOidcClient } from './oidc-client.js';
import { OidcSignInError } from './oidc-errors.js';
import { newBrowserBinding, OIDC_FLOW_TTL_MS, saveFlow, takeFlow } from './oidc-flow-store.js';
import { resolveOidcSettings } from './oidc-settings.js';
import { safeReturnTo } from './return-to.js';
import { routeDocs } from '../../../infra/http/route-docs.js';

const { tags } = routeDocs('auth');

/** The storefront route that stores the token and goes on to returnTo. */
export const STOREFRONT_CALLBACK_PATH = '/auth/callback';

function toLogin(reply: FastifyReply, authError: string) {
  return reply.redirect(`/login?${new URLSearchParams({ authError }).toString()}`, 302);
}

export const oidcRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (app, { accounts }) => {
  // A bad OIDC_ISSUER throws here, which stops the start with a message naming it.
  const settings = resolveOidcSettings(app.config);
  const client = settings ? createOidcClient(settings) : null;
  const secureCookie = app.config.publicUrl.startsWith('https:');

  app.get(
    '/auth/google',
    {
      schema: {
        tags,
        summary: 'Start Google sign-in (redirects to the provider)',
        querystring: z.object({ returnTo: z.unknown().optional() }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!client) return toLogin(reply, messages.googleSignIn.notSetUp);
      // Each start writes a row: counted with sign-ins and sign-ups from the same address.
      await app.limitAuthAttempt(request);
      const returnTo = safeReturnTo(request.query.returnTo);
      try {
        const { url, checks } = await client.startAuthorization();
        const browserBinding = readFlowCookie(request) ?? newBrowserBinding();
        await saveFlow(app.db, { checks, returnTo, browserBinding });
        setFlowCookie(reply, browserBinding, secureCookie, OIDC_FLOW_TTL_MS / 1000);
        return reply.redirect(url.href, 302);
      } catch (error) {
        const refusal = error instanceof OidcSignInError ? error : new OidcSignInError('unavailable', String(error));
        request.log.warn({ reason: refusal.reason, detail: refusal.message }, 'Google sign-in could not start');
        return toLogin(reply, refusal.userMessage);
      }
    },
  );

  app.get(
    '/auth/google/callback',
    { schema: { tags, summary: "The provider's redirect URI (register PUBLIC_URL + this path)" } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // The raw query, untouched, so duplicated or extra parameters are judged by the OIDC library itself.
      const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      const query = new URLSearchParams(rawQuery);
      try {
        if (!client) throw new OidcSignInError('unavailable', 'Google sign-in is not configured');
        // The state is consumed first, whatever the provider answered, so no callback URL works twice.
        const flow = await takeFlow(app.db, query.get('state') ?? undefined, readFlowCookie(request));
        const identity = await client.completeAuthorization(query, flow.checks);
        const user = await accounts.findOrCreateUser({ email: identity.email, name: identity.name });
        if (await accounts.twoFactor.isOn(user.id)) {
          // Google proved the e-mail, not the second step: the storefront's code step finishes it, as after a password.
          const challenge = await accounts.twoFactor.startChallenge(user.id);
          request.log.info({ userId: user.id, issuer: identity.issuer }, 'OpenID Connect sign-in awaits its code');
          const fragment = new URLSearchParams({ challenge, returnTo: flow.returnTo });
          return reply.redirect(`${STOREFRONT_CALLBACK_PATH}#${fragment.toString()}`, 302);
        }
        const token = await accounts.sessions.issueSession(user.id, request.headers['user-agent']);
        request.log.info({ userId: user.id, issuer: identity.issuer }, 'signed in with OpenID Connect');
        const fragment = new URLSearchParams({ token, returnTo: flow.returnTo });
        return reply.redirect(`${STOREFRONT_CALLBACK_PATH}#${fragment.toString()}`, 302);
      } catch (error) {
        if (error instanceof OidcSignInError) {
          request.log.warn({ reason: error.reason, detail: error.message }, 'Google sign-in refused');
          return toLogin(reply, error.userMessage);
        }
        // A database failure or a bug: logged in full, and the person still lands on a page rather than on JSON.
        request.log.error({ err: error }, 'Google sign-in failed');
        return toLogin(reply, messages.googleSignIn.failed);
      }
    },
  );
};
