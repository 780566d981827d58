// The centred card of the single-form pages (sign in, sign up, forgot and reset password, confirm e-mail).
import { useId, type ReactNode } from 'react';

export function FormCard({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <div className="flex justify-center px-4 py-12">
      <section className="card w-full max-w-md border border-base-300 bg-base-100 shadow-sm" aria-labelledby={titleId}>
        <div className="card-body gap-4">
          <h1 id={titleId} className="text-center text-2xl font-semibold">
            {title}
          </h1>
          {children}
        </div>
      </section>
    </div>
  );
}
