// The OpenID Connect relying party: discovery, the authorization URL (PKCE S256 + state + nonce), the code exchange
// and the verified identity. Built on openid-client v6 (a certified RP) so that the security-critical checks (issuer,
// audience, expiry, nonce, PKCE, RFC 9207 `iss`) are the library's well-tested ones rather than ours; non-repudiation
// checks are switched on so the ID token's signature is also verified against the provider's JWKS, not only trusted
// because it came over TLS.
import type * as Oidc from 'openid-client';
import { OidcSignInError } from './oidc-errors.js';
import { isLoopbackHttp, type OidcSettings } from './oidc-settings.js';
import { identityFromClaims, type VerifiedIdentity } from './verified-identity.js';

/** What must be remembered between the redirect to the provider and its answer (stored once, used once). */
export interface FlowChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface OidcClient {
  readonly settings: OidcSettings;
  /** A fresh authorization request: the URL to send the browser to and the checks to keep for the callback. */
  startAuthorization(): Promise<{ url: URL; checks: FlowChecks }>;
  /** Exchanges the callback's code and returns the verified identity, or throws OidcSignInError. */
  completeAuthorization(callbackQuery: URLSearchParams, checks: FlowChecks): Promise<VerifiedIdentity>;
}

const SCOPE = 'openid email profile';

/** The library, loaded at the first sign-in rather than at every start-up (a shop without Google never loads it). */
let library: Promise<typeof Oidc> | undefined;
const oidcLibrary = (): Promise<typeof Oidc> => (library ??= import('openid-client'));

export function createOidcClient(settings: OidcSettings, options: { timeoutSeconds?: number } = {}): OidcClient {
  const timeout = options.timeoutSeconds ?? 10;
  // Discovery is fetched on first use and kept for the life of the process (a cache, not state: every instance
  // builds the same one). A failed attempt is forgotten so the next sign-in tries again.
  let configuration: Promise<Oidc.Configuration> | undefined;
  const discover = (): Promise<Oidc.Configuration> => {
    configuration ??= oidcLibrary()
      .then((oidc) =>
        oidc.discovery(settings.issuer, settings.clientId, settings.clientSecret, undefined, {
          timeout,
          execute: isLoopbackHttp(settings.issuer)
            ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks]
            : [oidc.enableNonRepudiationChecks],
        }),
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw new OidcSignInError('unavailable', `OpenID discovery of ${settings.issuer.href} failed`, {
          cause: error,
        });
      });
    return configuration;
  };

  return {
    settings,

    async startAuthorization() {
      const [oidc, config] = await Promise.all([oidcLibrary(), discover()]);
      const checks: FlowChecks = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        response_type: 'code',
        redirect_uri: settings.redirectUri.href,
        scope: SCOPE,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url, checks };
    },

    async completeAuthorization(callbackQuery, checks) {
      const [oidc, config] = await Promise.all([oidcLibrary(), discover()]);
      // The redirect URI sent to the token endpoint must be the registered one (PUBLIC_URL's), whatever host or
      // proxy the request arrived through, so the callback URL is rebuilt on it with only the provider's parameters.
      const callbackUrl = new URL(settings.redirectUri);
      callbackUrl.search = callbackQuery.toString();
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new OidcSignInError('invalid', 'the token response carried no ID token');
        // Google puts the e-mail in the ID token; a provider that only answers it from userinfo is asked there,
        // with the subject pinned to the verified ID token's.
        const userInfo =
          typeof claims.email === 'string'
            ? undefined
            : await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        return identityFromClaims(claims, userInfo);
      } catch (error) {
        throw classify(error, oidc);
      }
    },
  };
}

/** Library codes that mean the provider could not be reached or answered garbage, not that the sign-in is bad. */
const unreachableCodes = new Set([
  'OAUTH_TIMEOUT',
  'OAUTH_ABORT',
  'OAUTH_RESPONSE_IS_NOT_CONFORM',
  'OAUTH_RESPONSE_IS_NOT_JSON',
]);

/** Maps the library's failures to the few reasons the login page distinguishes. */
function classify(error: unknown, oidc: typeof Oidc): OidcSignInError {
  if (error instanceof OidcSignInError) return error;
  if (error instanceof oidc.AuthorizationResponseError) {
    return new OidcSignInError('denied', `the provider answered ${error.error}`, { cause: error });
  }
  if (error instanceof oidc.ResponseBodyError) {
    const reason = error.status >= 500 ? 'unavailable' : 'invalid';
    return new OidcSignInError(reason, `the token endpoint answered ${error.status} ${error.error}`, { cause: error });
  }
  if (error instanceof oidc.ClientError) {
    const reason = error.code && unreachableCodes.has(error.code) ? 'unavailable' : 'invalid';
    // The library's message is generic; its cause names the check that failed, which is what the log needs.
    const detail = error.cause instanceof Error ? error.cause.message : error.message;
    return new OidcSignInError(reason, `${error.code ?? 'client error'}: ${detail}`, { cause: error });
  }
  // fetch() failures (provider down, time-out) surface as TypeError or DOMException.
  const message = error instanceof Error ? error.message : String(error);
  return new OidcSignInError('unavailable', message, { cause: error });
}
