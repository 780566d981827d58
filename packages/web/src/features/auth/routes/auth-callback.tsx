// /auth/callback: where Google sign-in ends. The backend put the access token and the page to return to in the URL
// fragment (#token=...&returnTo=...), which browsers never send to a server. The token is stored like a password
// sign-in's, checked once with the backend, and the page is left with `replace` so it leaves no history entry. An
// account with two-step sign-in on comes back with #challenge=... instead of a token: the login page's code step
// finishes it (B2B §15).
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '@kestrel/shared';
import { PageSpinner } from '../../../components/ui/spinner';
import { getAuthState, restoreSession } from '../../../lib/auth-store';
import { originPath } from '../../../lib/origin';
import { writeToken } from '../../../lib/token-storage';
import { clearGoogleSignInMark, hasGoogleSignInMark } from '../google-sign-in-marker';

interface CallbackFragment {
  /** Null when absent, or when this tab did not start a Google sign-in (a link with someone else's token). */
  token: string | null;
  /** The code step's challenge, for an account with two-step sign-in on (same rule as the token). */
  challenge: string | null;
  returnTo: string;
}

function readFragment(): CallbackFragment {
  const params = new URLSearchParams(window.location.hash.slice(1));
  const startedHere = hasGoogleSignInMark();
  // The same return-to-origin rule as the login page: same-site paths only, never back to /login or /signup.
  return {
    token: startedHere ? params.get('token') : null,
    challenge: startedHere ? params.get('challenge') : null,
    returnTo: originPath({ from: params.get('returnTo') ?? '/' }),
  };
}

const failedLogin = `/login?${new URLSearchParams({ authError: messages.googleSignIn.failed }).toString()}`;

export function AuthCallbackPage() {
  const navigate = useNavigate();
  // Read once: the effect may run twice in development, after the address has already changed.
  const [fragment] = useState(readFragment);

  useEffect(() => {
    let active = true;
    clearGoogleSignInMark();
    if (fragment.challenge) {
      navigate('/login', { replace: true, state: { challenge: fragment.challenge, from: fragment.returnTo } });
      return;
    }
    if (!fragment.token) {
      navigate(failedLogin, { replace: true });
      return;
    }
    writeToken(fragment.token);
    void restoreSession().then(() => {
      if (!active) return;
      const signedIn = getAuthState().status === 'signed-in';
      navigate(signedIn ? fragment.returnTo : failedLogin, { replace: true });
    });
    return () => {
      active = false;
    };
  }, [fragment, navigate]);

  return <PageSpinner label="Signing in with Google" />;
}
