// /punchout/start/{token} (B2B §17): the page a procurement system opens the shop on. It exchanges the single-use
// token for a punch-out session of the connection's user, then lands in the catalogue with the punch-out bar shown.
// Whoever was signed in on this browser before is signed out first: the session is the system's, not theirs.
import type { SessionUser } from '@kestrel/shared';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { startPunchout } from '../../features/punchout/api/start-punchout';
import { ApiRequestError, apiRequest } from '../../lib/api-client';
import { clearSession, startSession } from '../../lib/auth-store';
import { writeToken } from '../../lib/token-storage';
import { useDocumentTitle } from '../../lib/use-document-title';

/** One exchange per token and page load: the token works once, and React may run an effect twice. */
const exchanges = new Map<string, Promise<void>>();

function exchange(startToken: string): Promise<void> {
  let running = exchanges.get(startToken);
  if (!running) {
    running = (async () => {
      clearSession();
      const { token } = await startPunchout(startToken);
      writeToken(token);
      const user = await apiRequest<SessionUser>('/auth/me');
      startSession(token, user);
    })();
    exchanges.set(startToken, running);
  }
  return running;
}

export function PunchoutStartPage() {
  useDocumentTitle('Punch-out');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    exchange(token).then(
      () => void navigate('/products', { replace: true }),
      (error: unknown) => {
        writeToken(null);
        setProblem(
          error instanceof ApiRequestError && error.status === 401
            ? 'This punch-out link is unknown, expired or already used. Start the punch-out again from your procurement system.'
            : error instanceof Error
              ? error.message
              : String(error),
        );
      },
    );
  }, [token, navigate]);

  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">Punch-out</h1>
      {problem ? (
        <p className="mt-4" role="alert">
          {problem}
        </p>
      ) : (
        <p className="mt-4">
          <Spinner label="Opening the shop for your procurement system" />
        </p>
      )}
    </div>
  );
}
