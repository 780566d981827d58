// Which OpenID provider the shop signs in with, taken from the validated configuration (config.ts reads
// GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, OIDC_ISSUER and PUBLIC_URL). Google is the default issuer; OIDC_ISSUER
// points the same code at any provider with a discovery document (the tests use a local one).

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

/** The part of the app's Config this module reads. */
export interface OidcConfigInput {
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  publicUrl: string;
}

/** The settings, or null when Google sign-in is not configured (the storefront then disables the button). */
export function resolveOidcSettings(config: OidcConfigInput): OidcSettings | null {
  const google = config.google;
  if (!google || !google.clientId.trim() || !google.clientSecret.trim()) return null;
  const issuer = new URL(google.issuer || GOOGLE_ISSUER);
  if (issuer.protocol !== 'https:' && !isLoopbackHttp(issuer)) {
    // A plain-http issuer would let anyone on the path forge discovery and keys; only a local test provider may use it.
    throw new Error(
      'Invalid configuration: OIDC_ISSUER must be an https URL (plain http is allowed only for 127.0.0.1 or localhost)',
    );
  }
  return {
    issuer,
    clientId: google.clientId.trim(),
    clientSecret: google.clientSecret.trim(),
    redirectUri: new URL(OIDC_CALLBACK_PATH, config.publicUrl),
  };
}

/** http://127.0.0.1, http://[::1] or http://localhost: a provider on this machine (tests and local development). */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/** What GET /api/auth/providers answers for Google: whether the button may start a sign-in. */
export function isGoogleSignInConfigured(config: OidcConfigInput): boolean {
  return resolveOidcSettings(config) !== null;
}
