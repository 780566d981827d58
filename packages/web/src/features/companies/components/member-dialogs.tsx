// An owner changes a member's role and spending limit, or removes them (B2B §5), each in a dialog. The server's
// refusals (the last owner, 409) are said inside the dialog: the page behind a modal <dialog> is inert.
import { useState, type FormEvent } from 'react';
import { COMPANY_ROLES, type CompanyMember, type CompanyRole } from '@kestrel/shared';
import { InputField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { ModalActions } from '../../../components/ui/modal-actions';
import { notify } from '../../../lib/notify';
import { useChangeMember, useRemoveMember } from '../api/members';
import { limitText, parseLimit, ROLE_HINTS } from '../company-checks';

function Problem({ text }: { text: string | null }) {
  return text ? (
    <p role="alert" className="text-sm text-error">
      {text}
    </p>
  ) : null;
}

function ChangeMemberForm({ member, onClose }: { member: CompanyMember; onClose: () => void }) {
  const change = useChangeMember();
  const [role, setRole] = useState<CompanyRole>(member.role);
  const [limit, setLimit] = useState(limitText(member.spendingLimit));
  const [limitError, setLimitError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseLimit(limit);
    if (!parsed.ok) {
      setLimitError(parsed.message);
      return;
    }
    setLimitError(undefined);
    setProblem(null);
    change.mutate(
      { userId: member.userId, patch: { role, spendingLimit: parsed.value } },
      {
        onSuccess: () => {
          notify.success(`${member.name} is saved`);
          onClose();
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">Role</legend>
        {COMPANY_ROLES.map((r) => (
          <label key={r} className="flex items-start gap-2">
            <input
              type="radio"
              name="member-role"
              className="radio radio-sm mt-0.5"
              value={r}
              checked={role === r}
              onChange={() => setRole(r)}
              data-autofocus={role === r ? true : undefined}
            />
            <span>{ROLE_HINTS[r]}</span>
          </label>
        ))}
      </fieldset>
      <InputField
        label="Spending limit in dollars (optional)"
        name="spendingLimit"
        inputMode="decimal"
        value={limit}
        onChange={(event) => setLimit(event.target.value)}
        hint="A buyer's order above it waits for an owner's approval. Empty: no limit."
        error={limitError}
      />
      <Problem text={problem} />
      <ModalActions dismissLabel="Cancel" onDismiss={onClose} confirmLabel="Save" pending={change.isPending} />
    </form>
  );
}

export function ChangeMemberModal({ member, onClose }: { member: CompanyMember | null; onClose: () => void }) {
  return (
    <Modal open={member !== null} onClose={onClose} title={`Change ${member?.name ?? 'member'}`}>
      {/* Keyed by member: the form starts from that member's role and limit each time it opens. */}
      {member ? <ChangeMemberForm key={member.userId} member={member} onClose={onClose} /> : null}
    </Modal>
  );
}

export function RemoveMemberModal({
  member,
  companyName,
  self,
  onClose,
}: {
  member: CompanyMember | null;
  companyName: string;
  self: boolean;
  onClose: () => void;
}) {
  const remove = useRemoveMember();
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setProblem(null);
    onClose();
  };
  const confirm = () => {
    if (!member) return;
    // mutateAsync: leaving the company unmounts this page's members (the page becomes "Create a company").
    remove.mutateAsync(member.userId).then(
      () => {
        notify.success(self ? `You left ${companyName}` : `${member.name} is removed from ${companyName}`);
        close();
      },
      (error: unknown) => setProblem(error instanceof Error ? error.message : String(error)),
    );
  };
  return (
    <Modal
      open={member !== null}
      onClose={close}
      title={self ? `Leave ${companyName}?` : `Remove ${member?.name ?? ''}?`}
    >
      <p>
        {self ? 'You' : <strong>{member?.name}</strong>} ({member?.email}) will no longer order for {companyName} or see
        its orders. Orders already placed stay the company&apos;s.
      </p>
      <div className="mt-3">
        <Problem text={problem} />
      </div>
      <ModalActions
        dismissLabel={<>Keep {self ? 'me' : 'them'}</>}
        onDismiss={close}
        confirmLabel={self ? 'Yes, leave' : 'Yes, remove'}
        pending={remove.isPending}
        danger
        onConfirm={confirm}
      />
    </Modal>
  );
}
