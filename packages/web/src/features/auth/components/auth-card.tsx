import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  children: ReactNode;
}

export function AuthCard({ title, children }: AuthCardProps) {
  return (
    <div className="flex justify-center px-4 py-12">
      <section
        className="card w-full max-w-md border border-base-300 bg-base-100 shadow-sm"
        aria-labelledby="auth-title"
      >
        <div className="card-body gap-4">
          <h1 id="auth-title" className="text-center text-2xl font-semibold">
            {title}
          </h1>
          {children}
        </div>
      </section>
    </div>
  );
}

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
