// Turns the provider's verified claims into the identity the shop signs in: an e-mail the provider vouches for
// (email_verified exactly true) and a display name. An unverified address could belong to anyone, and the account it
// would reach may be someone's password account, so it never signs in.
import { isEmailAddress, MAX_NAME_LENGTH, oneLine } from '@kestrel/shared';
import type { IDToken, UserInfoResponse } from 'openid-client';
import { OidcSignInError } from './oidc-errors.js';

export interface VerifiedIdentity {
  /** The provider's stable subject identifier (`sub`), with its issuer. */
  issuer: string;
  subject: string;
  /** Lower-cased, as the shop stores every e-mail. */
  email: string;
  /** The provider's display name, or the e-mail's local part when it has none. */
  name: string;
}

/** `userInfo`, when given, was fetched with the subject pinned to the ID token's, so its claims are the same user's. */
export function identityFromClaims(idToken: IDToken, userInfo?: UserInfoResponse): VerifiedIdentity {
  const source = userInfo ?? idToken;
  const email = typeof source.email === 'string' ? source.email.trim().toLowerCase() : '';
  if (!isEmailAddress(email)) {
    throw new OidcSignInError('unverified_email', 'the provider gave no usable e-mail address');
  }
  // Some providers send the flag as the string "true"; only a real boolean true counts (Google sends a boolean).
  if (source.email_verified !== true) {
    throw new OidcSignInError('unverified_email', `the provider has not verified ${email}`);
  }
  return { issuer: idToken.iss, subject: idToken.sub, email, name: displayName(source, email) };
}

function displayName(claims: IDToken | UserInfoResponse, email: string): string {
  const given = typeof claims.given_name === 'string' ? claims.given_name : '';
  const family = typeof claims.family_name === 'string' ? claims.family_name : '';
  const candidates = [claims.name, `${given} ${family}`, email.split('@')[0]];
  for (const candidate of candidates) {
    // One line, as every name the shop takes: it is shown on pages and orders and written into mail.
    const collapsed = typeof candidate === 'string' ? oneLine(candidate).slice(0, MAX_NAME_LENGTH).trim() : '';
    if (collapsed) return collapsed;
  }
  return email;
}
