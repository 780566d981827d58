// Owners invite colleagues by e-mail (B2B §5): the shop mails a single-use link valid for 7 days. The pending invites
// are listed with their role, limit and expiry, and each can be revoked (its link stops working at once).
import { useId, useState, type FormEvent } from 'react';
import { COMPANY_ROLES, INVITE_DAYS, type CompanyRole, type PendingInvite } from '@kestrel/shared';
import { InputField } from '../../../components/ui/field';
import { ListState } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../lib/notify';
import { useInviteMember, usePendingInvites, useRevokeInvite } from '../api/invites';
import { emailError, parseLimit, ROLE_HINTS, ROLE_LABELS } from '../company-checks';
import { limitLabel } from './members-section';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormProblem } from '../../../components/ui/form-problem';

const time = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => time.format(new Date(iso));

function InviteForm() {
  const invite = useInviteMember();
  const roleId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CompanyRole>('buyer');
  const [limit, setLimit] = useState('');
  const [errors, setErrors] = useState<{ email?: string; limit?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const focus = (name: string) => (form.elements.namedItem(name) as HTMLElement | null)?.focus();
    const parsed = parseLimit(limit);
    const found = { email: emailError(email), limit: parsed.ok ? undefined : parsed.message };
    setErrors(found);
    setProblem(null);
    if (found.email) return focus('email');
    if (!parsed.ok) return focus('spendingLimit');
    const address = email.trim();
    invite.mutate(
      { email: address, role, spendingLimit: role === 'buyer' ? parsed.value : null },
      {
        onSuccess: ({ mailed }) => {
          notify.success(
            mailed
              ? `Invite sent to ${address}`
              : `The invite to ${address} is changed. It was mailed minutes ago, so no new mail goes out: the link already sent now joins with this role.`,
          );
          setEmail('');
          setLimit('');
          focus('email');
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="invite-title"
      className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-5"
    >
      <div>
        <h3 id="invite-title" className="text-lg font-semibold">
          Invite a colleague
        </h3>
        <p className="text-sm">
          We e-mail them a link that works once, within {INVITE_DAYS} days. They sign in (or sign up) with that address
          and accept.
        </p>
      </div>
      <InputField
        label="E-mail"
        name="email"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={roleId} className="text-sm font-medium">
          Role
        </label>
        <select
          id={roleId}
          name="role"
          className="select w-full"
          value={role}
          onChange={(event) => setRole(event.target.value as CompanyRole)}
          aria-describedby={`${roleId}-hint`}
        >
          {COMPANY_ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </select>
        <p id={`${roleId}-hint`} className="text-xs">
          {ROLE_HINTS[role]}.
        </p>
      </div>
      {role === 'buyer' ? (
        <InputField
          label="Spending limit in dollars (optional)"
          name="spendingLimit"
          inputMode="decimal"
          value={limit}
          onChange={(event) => setLimit(event.target.value)}
          hint="Their orders above it wait for an owner's approval. Empty: no limit."
          error={errors.limit}
        />
      ) : null}
      <FormProblem message={problem} />
      <div>
        <BusyButton busy={invite.isPending} type="submit" className="btn btn-primary">
          Send invite
        </BusyButton>
      </div>
    </form>
  );
}

function InviteRow({ invite }: { invite: PendingInvite }) {
  const revoke = useRevokeInvite();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0 text-sm">
        <p className="break-all font-medium">{invite.email}</p>
        <p>
          {ROLE_LABELS[invite.role]}
          {invite.role === 'buyer' ? `, spending limit ${limitLabel(invite)}` : ''} · sent{' '}
          <time dateTime={invite.createdAt}>{when(invite.createdAt)}</time> · expires{' '}
          <time dateTime={invite.expiresAt}>{when(invite.expiresAt)}</time>
        </p>
      </div>
      <button
        type="button"
        className="btn btn-outline btn-error btn-sm"
        aria-label={`Revoke the invite to ${invite.email}`}
        disabled={revoke.isPending}
        onClick={() =>
          revoke.mutate(invite._id, {
            onSuccess: () => notify.success(`The invite to ${invite.email} is revoked: its link no longer works`),
            onError: (error) => notify.error(error.message),
          })
        }
      >
        Revoke
      </button>
    </li>
  );
}

/** For owners only: the form and the pending invites. */
export function InvitesSection() {
  const pending = usePendingInvites(true);
  return (
    <section aria-labelledby="invites-title" className="flex flex-col gap-3">
      <h2 id="invites-title" className="text-xl font-semibold">
        Invites
      </h2>
      <InviteForm />
      <div className="rounded-box border border-base-300 bg-base-100 p-5">
        <h3 className="text-lg font-semibold">Pending invites</h3>
        {pending.isPending ? <Spinner label="Loading the pending invites" /> : null}
        {pending.isError ? <ListState alert>{pending.error.message}</ListState> : null}
        {pending.data?.length === 0 ? <p className="mt-1 text-sm">No invites are waiting to be accepted.</p> : null}
        {pending.data && pending.data.length > 0 ? (
          <ul className="divide-y divide-base-300" aria-label="Pending invites">
            {pending.data.map((invite) => (
              <InviteRow key={invite._id} invite={invite} />
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
