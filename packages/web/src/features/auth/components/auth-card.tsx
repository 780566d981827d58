// The pieces the sign-in and sign-up forms share.

/** docs/product.md §8: an authentication error shows its message in small red text. */
export function AuthError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-error">
      {message}
    </p>
  );
}

export function SubmitButton({
  pending,
  label,
  pendingLabel,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <button type="submit" className="btn btn-primary w-full" disabled={pending} aria-busy={pending}>
      {pending ? (
        <>
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          <span role="status">{pendingLabel}</span>
        </>
      ) : (
        label
      )}
    </button>
  );
}
