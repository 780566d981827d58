// A per-tab mark that this tab started a Google sign-in. /auth/callback takes a token from its URL fragment only when
// the mark is there, so a link carrying someone else's token (#token=...) cannot sign a visitor in to that account.
const MARK_KEY = 'kestrel.googleSignInStartedAt';
/** The backend gives up on a sign-in after 10 minutes; so does the mark. */
const MARK_TTL_MS = 10 * 60 * 1000;

export function markGoogleSignInStarted(now: number = Date.now()): void {
  try {
    window.sessionStorage.setItem(MARK_KEY, String(now));
  } catch {
    // Without storage the callback refuses the token and the person can still sign in with a password.
  }
}

/** Whether this tab started a sign-in in the last 10 minutes. Pure, so a render may call it. */
export function hasGoogleSignInMark(now: number = Date.now()): boolean {
  try {
    const startedAt = Number(window.sessionStorage.getItem(MARK_KEY));
    return startedAt > 0 && now - startedAt >= 0 && now - startedAt < MARK_TTL_MS;
  } catch {
    return false;
  }
}

/** Used up once the callback has taken its token, so the same tab cannot take a second one. */
export function clearGoogleSignInMark(): void {
  try {
    window.sessionStorage.removeItem(MARK_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
