import { useId } from 'react';
import { useProviders } from '../api/get-providers';
import { markGoogleSignInStarted } from '../google-sign-in-marker';

interface GoogleButtonProps {
  /** The page to come back to after Google sign-in. */
  returnTo: string;
}

/** Google sign-in starts on the backend (OpenID Connect), so the button is a full-page navigation, not a fetch. */
export function GoogleButton({ returnTo }: GoogleButtonProps) {
  const { data, isPending } = useProviders();
  const noteId = useId();
  const available = data?.google === true;
  const start = () => {
    markGoogleSignInStarted();
    window.location.assign(`/api/auth/google?returnTo=${encodeURIComponent(returnTo)}`);
  };
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className="btn btn-outline w-full"
        disabled={!available}
        aria-describedby={!available && !isPending ? noteId : undefined}
        onClick={start}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
          <path
            fill="#4285F4"
            d="M22.6 12.3c0-.8-.1-1.5-.2-2.3H12v4.4h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2.1-1.9 3.3-4.8 3.3-8.1z"
          />
          <path
            fill="#34A853"
            d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z"
          />
          <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8z" />
          <path
            fill="#EA4335"
            d="M12 5.4c1.6 0 3 .6 4.2 1.6l3.1-3.1A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z"
          />
        </svg>
        Continue with Google
      </button>
      {!available && !isPending ? (
        <p id={noteId} className="text-center text-xs">
          Google sign-in is not set up on this shop
        </p>
      ) : null}
    </div>
  );
}
