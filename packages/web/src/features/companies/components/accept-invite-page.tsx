// /invite/:token, the page the invite mail links to (B2B §5). It reads the invite first (GET /api/invites/{token},
// public: the token is the credential) and names the company, who invited and the role (issue #47). Signed out, it
// says to sign in or sign up with the invited address, which the sign-up form is given, and brings the person back
// here afterwards (the login page's return path). Signed in with the invited address, one button accepts; with
// another, it says so before anything is sent.
import type { InvitePreview } from '@kestrel/shared';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { FormCard } from '../../../components/ui/form-card';
import { ApiRequestError } from '../../../lib/api-client';
import { signOut, useAuth } from '../../../lib/auth-store';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { formatDay } from '../../../lib/date-time';
import { useAcceptInvite } from '../api/accept-invite';
import { useInvite } from '../api/get-invite';
import { ROLE_HINTS, ROLE_LABELS } from '../company-checks';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormProblem } from '../../../components/ui/form-problem';

/** What a refusal means for the person holding the link, and what they can do next. */
function refusalText(error: Error): string {
  return codeText(error instanceof ApiRequestError ? error.code : '') ?? error.message;
}

function codeText(code: string): string | null {
  switch (code) {
    case 'wrong_email':
      return 'This invite was sent to another e-mail address. Sign out, then sign in (or sign up) with the address the invite was sent to.';
    case 'invalid_invite':
      return 'This invite link no longer works: it was already used, or the owner revoked it. Ask them for a new invite.';
    case 'invite_expired':
      return 'This invite link has expired (invites work for 7 days). Ask the owner who invited you for a new one.';
    case 'already_in_company':
      return 'You are already in a company, and you can be in only one. Leave it (or ask its owner to remove you), then open this link again.';
    default:
      return null;
  }
}

/** Who invites the reader to what, and what the role may do. */
function InviteFacts({ invite }: { invite: InvitePreview }) {
  return (
    <>
      <p>
        {invite.inviterName ? <strong>{invite.inviterName}</strong> : 'An owner'} invited you to join{' '}
        <strong className="break-words">{invite.companyName}</strong> at Kestrel Components as{' '}
        <strong>{ROLE_LABELS[invite.role]}</strong>.
      </p>
      <p className="text-sm">{ROLE_HINTS[invite.role]}.</p>
      <p className="break-words text-sm">
        The invite was sent to <strong>{invite.email}</strong> and works until {formatDay(invite.expiresAt)}.
      </p>
    </>
  );
}

export function AcceptInvitePage() {
  useDocumentTitle('Join a company');
  const { token = '' } = useParams();
  const { status, user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const invite = useInvite(token);
  const accept = useAcceptInvite();

  const join = () =>
    accept.mutate(token, {
      onSuccess: (company) => {
        notify.success(`You joined ${company.name}`);
        void navigate('/dashboard/company', { replace: true });
      },
    });
  const code = accept.error instanceof ApiRequestError ? accept.error.code : null;
  const details = invite.data;
  // The invite names its address: a reader signed in with another one is told before sending anything.
  const otherAddress = details !== undefined && user !== null && user.email.toLowerCase() !== details.email;
  const refusal = accept.error ? refusalText(accept.error) : otherAddress ? codeText('wrong_email') : null;
  const shownCode = code ?? (otherAddress ? 'wrong_email' : null);
  // The sign-up form starts with the invited address (signup-page.tsx reads `email` from the router state).
  const state = { from: location, ...(details ? { email: details.email } : {}) };

  if (status === 'checking' || invite.isPending) {
    return (
      <FormCard title="Join a company">
        <div className="flex justify-center py-4">
          <Spinner label="Reading the invite" size="lg" />
        </div>
      </FormCard>
    );
  }
  if (invite.isError) {
    return (
      <FormCard title="Join a company">
        <p role="alert" className="text-sm text-error">
          {refusalText(invite.error)}
        </p>
        {status === 'signed-in' ? (
          <Link to="/dashboard/company" className="btn btn-outline">
            Go to the Company page
          </Link>
        ) : null}
      </FormCard>
    );
  }

  return (
    <FormCard title="Join a company">
      <InviteFacts invite={invite.data} />
      {status === 'signed-out' ? (
        <>
          <p>
            Sign in with the address the invite was sent to, or create an account with it. You come back to this page to
            accept.
          </p>
          <p className="flex flex-wrap justify-center gap-3">
            <Link to="/login" state={state} className="btn btn-primary">
              Login
            </Link>
            <Link to="/signup" state={state} className="btn btn-outline">
              Create new account
            </Link>
          </p>
        </>
      ) : null}
      {status === 'signed-in' ? (
        <>
          <p className="break-words">
            You are signed in as <strong>{user?.email}</strong>.
          </p>
          <FormProblem message={refusal} />
          {shownCode === 'wrong_email' ? (
            <button type="button" className="btn btn-outline" onClick={() => void signOut()}>
              Sign out to use another address
            </button>
          ) : null}
          {shownCode === 'already_in_company' ? (
            <Link to="/dashboard/company" className="btn btn-outline">
              Go to your company
            </Link>
          ) : null}
          {shownCode === 'invalid_invite' ||
          shownCode === 'invite_expired' ||
          shownCode === 'wrong_email' ||
          shownCode === 'already_in_company' ? null : (
            <BusyButton busy={accept.isPending} className="btn btn-primary" onClick={join}>
              Accept the invite
            </BusyButton>
          )}
        </>
      ) : null}
    </FormCard>
  );
}
