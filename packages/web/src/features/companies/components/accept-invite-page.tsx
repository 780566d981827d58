// /invite/:token, the page the invite mail links to (B2B §5). Signed out, it says to sign in or sign up with the
// invited address and brings the person back here afterwards (the login page's return path). Signed in, one button
// accepts; the API has no call to read an invite before accepting, so the company is named once joined.
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { FormCard } from '../../../components/ui/form-card';
import { ApiRequestError } from '../../../lib/api-client';
import { signOut, useAuth } from '../../../lib/auth-store';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAcceptInvite } from '../api/accept-invite';

/** What a refusal means for the person holding the link, and what they can do next. */
function refusalText(error: Error): string {
  if (!(error instanceof ApiRequestError)) return error.message;
  switch (error.code) {
    case 'wrong_email':
      return 'This invite was sent to another e-mail address. Sign out, then sign in (or sign up) with the address the invite was sent to.';
    case 'invalid_invite':
      return 'This invite link no longer works: it was already used, or the owner revoked it. Ask them for a new invite.';
    case 'invite_expired':
      return 'This invite link has expired (invites work for 7 days). Ask the owner who invited you for a new one.';
    case 'already_in_company':
      return 'You are already in a company, and you can be in only one. Leave it (or ask its owner to remove you), then open this link again.';
    default:
      return error.message;
  }
}

export function AcceptInvitePage() {
  useDocumentTitle('Join a company');
  const { token = '' } = useParams();
  const { status, user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const accept = useAcceptInvite();

  const join = () =>
    accept.mutate(token, {
      onSuccess: (company) => {
        notify.success(`You joined ${company.name}`);
        void navigate('/dashboard/company', { replace: true });
      },
    });
  const code = accept.error instanceof ApiRequestError ? accept.error.code : null;

  return (
    <FormCard title="Join a company">
      {status === 'checking' ? (
        <div className="flex justify-center py-4">
          <Spinner label="Checking your session" size="lg" />
        </div>
      ) : null}
      {status === 'signed-out' ? (
        <>
          <p>
            You were invited to join a company&apos;s account at Kestrel Components: to order for it, see its orders and
            invoices.
          </p>
          <p>
            Sign in with the e-mail address the invite was sent to, or create an account with that address. You come
            back to this page to accept.
          </p>
          <p className="flex flex-wrap justify-center gap-3">
            <Link to="/login" state={{ from: location }} className="btn btn-primary">
              Login
            </Link>
            <Link to="/signup" state={{ from: location }} className="btn btn-outline">
              Create new account
            </Link>
          </p>
        </>
      ) : null}
      {status === 'signed-in' ? (
        <>
          <p>
            You were invited to join a company&apos;s account at Kestrel Components. Accepting adds you to it with the
            role the invite names.
          </p>
          <p className="break-words">
            You are signed in as <strong>{user?.email}</strong>; the invite must have been sent to this address.
          </p>
          {accept.error ? (
            <p role="alert" className="text-sm text-error">
              {refusalText(accept.error)}
            </p>
          ) : null}
          {code === 'wrong_email' ? (
            <button type="button" className="btn btn-outline" onClick={() => void signOut()}>
              Sign out to use another address
            </button>
          ) : null}
          {code === 'already_in_company' ? (
            <Link to="/dashboard/company" className="btn btn-outline">
              Go to your company
            </Link>
          ) : null}
          {code === 'invalid_invite' ||
          code === 'invite_expired' ||
          code === 'wrong_email' ||
          code === 'already_in_company' ? null : (
            <button
              type="button"
              className="btn btn-primary"
              disabled={accept.isPending}
              aria-busy={accept.isPending}
              onClick={join}
            >
              {accept.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
              Accept the invite
            </button>
          )}
        </>
      ) : null}
    </FormCard>
  );
}
