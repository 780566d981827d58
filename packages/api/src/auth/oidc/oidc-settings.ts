// Which OpenID provider the shop signs in with, resolved once from the validated configuration.
// Google is the default issuer; OIDC_ISSUER points the same code at any provider with a discovery document
// (the tests use a local one). Without both client id and secret, Google sign-in is simply off.

export const GOOGLE_ISSUER = 'https://accounts.google.com';

/** The path of the redirect URI, under PUBLIC_URL: the address to register with the provider. */
export const OIDC_CALLBACK_PATH = '/api/auth/google/callback';

export interface OidcSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** PUBLIC_URL + OIDC_CALLBACK_PATH: what the provider sends the browser back to. */
  redirectUri: URL;
}

export interface OidcEnvironment {
  GOOGLE_CLIENT_ID?: string | undefined;
  GOOGLE_CLIENT_SECRET?: string | undefined;
  OIDC_ISSUER?: string | undefined;
  PUBLIC_URL: string;
}

/** The settings, or null when sign-in with Google is not configured (the button is then disabled). */
export function resolveOidcSettings(env: OidcEnvironment): OidcSettings | null {
  const clientId = env.GOOGLE_CLIENT_ID?.trim();
  const clientSecret = env.GOOGLE_CLIENT_SECRET?.trim();
  if (!clientId || !clientSecret) return null;
  const issuer = new URL(env.OIDC_ISSUER?.trim() || GOOGLE_ISSUER);
  if (issuer.protocol !== 'https:' && !isLoopbackHttp(issuer)) {
    // A plain-http issuer would let anyone on the path forge discovery and keys; only a local test provider may use it.
    throw new Error('OIDC_ISSUER must be an https URL (plain http is allowed only for 127.0.0.1 or localhost)');
  }
  return {
    issuer,
    clientId,
    clientSecret,
    redirectUri: new URL(OIDC_CALLBACK_PATH, env.PUBLIC_URL),
  };
}

/** http://127.0.0.1, http://[::1] or http://localhost: a provider on this machine (tests and local development). */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}
