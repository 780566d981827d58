// /dashboard/security, "Sign-in and security" (B2B.md §7): the password, the e-mail address's confirmation and the
// places the account is signed in, for every signed-in user; and two-step sign-in (B2B.md §15).
import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/ui/page-title';
import { ChangePasswordForm } from './change-password-form';
import { EmailStatus } from './email-status';
import { SessionsList } from './sessions-list';
import { TwoFactorPart } from './two-factor-part';

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-box border border-base-300 bg-base-100 p-4 md:p-6">
      <h2 id={id} className="mb-4 text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function SecurityPage() {
  return (
    <>
      <PageTitle lead="Change your password, turn on two-step sign-in, confirm your e-mail address and see where your account is signed in.">
        Sign-in and security
      </PageTitle>
      <div className="flex flex-col gap-6">
        <Part id="security-password" title="Password">
          <ChangePasswordForm />
        </Part>
        <Part id="security-two-factor" title="Two-step sign-in">
          <TwoFactorPart />
        </Part>
        <Part id="security-email" title="E-mail address">
          <EmailStatus />
        </Part>
        <Part id="security-sessions" title="Sessions">
          <SessionsList />
        </Part>
      </div>
    </>
  );
}
