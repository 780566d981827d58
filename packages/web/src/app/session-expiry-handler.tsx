import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api-client';
import { clearSession, getAuthState } from '../lib/auth-store';

/**
 * Mounted by the parts that make identified calls (purchase, dashboard), so the home page does not carry it.
 * A 401 on a call that carried the token means the session is over: forget it and send the person to /login,
 * remembering the page so that signing in brings them back.
 */
export function SessionExpiryHandler() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      const wasSignedIn = getAuthState().status === 'signed-in';
      clearSession();
      if (wasSignedIn) navigate('/login', { replace: true, state: { from: location } });
    });
  }, [navigate, location]);
  return null;
}
