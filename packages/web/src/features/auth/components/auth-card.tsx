// The pieces the sign-in and sign-up forms share (their errors are components/ui/form-problem.tsx's).

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
