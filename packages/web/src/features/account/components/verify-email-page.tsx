// /verify-email/:token, the page the sign-up mail links to. It confirms the address on arrival; the link may open in
// a browser that is not signed in, so it needs no session, and it says where to go next either way.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { messages } from '@kestrel/shared';
import { Spinner } from '../../../components/ui/spinner';
import { ApiRequestError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { verifyEmailOnce } from '../api/verify-email';
import { FormCard } from '../../../components/ui/form-card';
import { FailureMessage, ResultMessage } from './form-parts';

type Outcome = { state: 'sending' } | { state: 'confirmed' } | { state: 'failed'; error: unknown };

export function VerifyEmailPage() {
  useDocumentTitle('Confirm your e-mail address');
  const { token = '' } = useParams();
  const { status } = useAuth();
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>({ state: 'sending' });

  useEffect(() => {
    let active = true;
    verifyEmailOnce(token).then(
      () => active && setOutcome({ state: 'confirmed' }),
      (error: unknown) => active && setOutcome({ state: 'failed', error }),
    );
    return () => {
      active = false;
    };
  }, [token, attempt]);

  const retry = () => {
    setOutcome({ state: 'sending' });
    setAttempt((n) => n + 1);
  };
  // Only an unknown or expired link is "no longer valid"; any other refusal shows the server's own message.
  const refused =
    outcome.state === 'failed' && outcome.error instanceof ApiRequestError && outcome.error.code === 'invalid_token';

  return (
    <FormCard title="Confirm your e-mail address">
      {outcome.state === 'sending' ? (
        <div className="flex justify-center py-4">
          <Spinner label="Confirming your e-mail address" size="lg" />
        </div>
      ) : null}
      <ResultMessage>{outcome.state === 'confirmed' ? messages.account.emailVerified : null}</ResultMessage>
      {outcome.state === 'confirmed' ? (
        <p className="flex flex-wrap justify-center gap-3">
          <Link to="/products" className="btn btn-primary">
            Go to the shop
          </Link>
          <Link to={status === 'signed-in' ? '/dashboard/security' : '/login'} className="btn btn-outline">
            {status === 'signed-in' ? 'Go to your dashboard' : 'Login'}
          </Link>
        </p>
      ) : null}
      {outcome.state === 'failed' ? (
        refused ? (
          <FailureMessage>
            {messages.account.invalidToken}{' '}
            <Link to="/dashboard/security" className="link font-semibold">
              Send a new link from your dashboard
            </Link>
          </FailureMessage>
        ) : (
          <>
            <FailureMessage>
              {outcome.error instanceof Error ? outcome.error.message : 'The address could not be confirmed.'}
            </FailureMessage>
            <button type="button" className="btn btn-primary" onClick={retry}>
              Try again
            </button>
          </>
        )
      ) : null}
    </FormCard>
  );
}
