// The Google sign-in error the backend sends back as /login?authError=<message>. Only the shared short messages are
// shown: a crafted link cannot make the login page say something of the sender's choosing.
import { messages } from '@kestrel/shared';

const known: ReadonlySet<string> = new Set(Object.values(messages.googleSignIn));

export function googleAuthError(search: string): string | null {
  const message = new URLSearchParams(search).get('authError');
  if (message === null) return null;
  return known.has(message) ? message : messages.googleSignIn.failed;
}
