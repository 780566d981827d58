import type { VerifyEmailBody } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

/** No bearer: the mailed link may open in a browser that is not signed in (B2B.md §7). */
export function verifyEmail(body: VerifyEmailBody): Promise<null> {
  return apiRequest<null>('/auth/verify-email', { method: 'POST', body, auth: false });
}

/**
 * One call per token per page load, however often the page mounts: React's StrictMode mounts it twice in
 * development, and a remount must not send the token a second time. A failed call is forgotten, so "Try again"
 * sends it afresh.
 */
const sent = new Map<string, Promise<null>>();

export function verifyEmailOnce(token: string): Promise<null> {
  let call = sent.get(token);
  if (!call) {
    call = verifyEmail({ token });
    sent.set(token, call);
    call.catch(() => sent.delete(token));
  }
  return call;
}
