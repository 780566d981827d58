// Why a Google sign-in did not end with a session. Each reason maps to one short text from the shared contract,
// which the callback sends back to the login page; the technical detail goes to the log only.
import { messages } from '@kestrel/shared';

export type OidcFailureReason =
  /** The user declined at the provider (error=access_denied) or the provider answered with another error. */
  | 'denied'
  /** Unknown, expired, replayed or foreign state: the flow was not started by this browser or was used already. */
  | 'state'
  /** The provider refused the code (expired, reused, wrong verifier) or the ID token failed verification. */
  | 'invalid'
  /** The provider's e-mail is missing or not verified: it cannot identify an account here. */
  | 'unverified_email'
  /** Discovery, keys or the token endpoint could not be reached. */
  | 'unavailable'
  /** A password account with this e-mail exists and has not confirmed it: its owner must sign in with it first. */
  | 'verify_first';

const userMessages: Record<OidcFailureReason, string> = {
  denied: messages.googleSignIn.cancelled,
  state: messages.googleSignIn.expired,
  invalid: messages.googleSignIn.failed,
  unverified_email: messages.googleSignIn.unverifiedEmail,
  unavailable: messages.googleSignIn.unavailable,
  verify_first: messages.googleSignIn.verifyFirst,
};

export class OidcSignInError extends Error {
  readonly reason: OidcFailureReason;

  constructor(reason: OidcFailureReason, detail: string, options?: { cause?: unknown }) {
    super(detail, options);
    this.name = 'OidcSignInError';
    this.reason = reason;
  }

  /** The short text the login page shows. */
  get userMessage(): string {
    return userMessages[this.reason];
  }
}
