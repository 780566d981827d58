// Which members may order to which locations (B2B §12: a member's `locationIds`, null for every location). Everyone
// in the company reads it; owners change it in a dialog. A member whose only locations were deleted keeps an empty
// list (none), never widened to all by itself: the screen says "None" for them.
import { useId, useState, type FormEvent } from 'react';
import type { CompanyMember } from '@kestrel/shared';
import type { CompanyLocation } from '@kestrel/shared/ship-to';
import { Modal } from '../../../components/ui/modal';
import { ModalActions } from '../../../components/ui/modal-actions';
import { notify } from '../../../lib/notify';
import { useLimitMember } from '../api/locations';
import { FormProblem } from '../../../components/ui/form-problem';

function allowedText(member: CompanyMember, locations: CompanyLocation[]): string {
  if (member.locationIds === null) return 'Every location';
  const names = locations.filter((l) => member.locationIds?.includes(l._id)).map((l) => l.name);
  return names.length > 0 ? names.join(', ') : 'None';
}

function LimitForm({
  member,
  locations,
  onClose,
}: {
  member: CompanyMember;
  locations: CompanyLocation[];
  onClose: () => void;
}) {
  const limit = useLimitMember();
  const [all, setAll] = useState(member.locationIds === null);
  const [chosen, setChosen] = useState<string[]>(member.locationIds ?? []);
  const [problem, setProblem] = useState<string | null>(null);
  const toggle = (id: string) => setChosen((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    limit.mutate(
      { userId: member.userId, locationIds: all ? null : chosen },
      {
        onSuccess: () => {
          notify.success(`${member.name}'s locations are saved`);
          onClose();
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={all}
          onChange={(event) => setAll(event.target.checked)}
          data-autofocus
        />
        Every location, and any added later
      </label>
      <fieldset className="flex flex-col gap-1" disabled={all}>
        <legend className="mb-1 text-sm font-medium">Only these</legend>
        {locations.map((location) => (
          <label key={location._id} className="flex items-center gap-2">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={!all && chosen.includes(location._id)}
              onChange={() => toggle(location._id)}
            />
            <span className="break-words">{location.name}</span>
          </label>
        ))}
      </fieldset>
      <FormProblem message={problem} />
      <ModalActions dismissLabel="Cancel" onDismiss={onClose} confirmLabel="Save" pending={limit.isPending} />
    </form>
  );
}

export function MemberLimits({
  members,
  locations,
  owner,
}: {
  members: CompanyMember[];
  locations: CompanyLocation[];
  owner: boolean;
}) {
  const titleId = useId();
  const [limiting, setLimiting] = useState<CompanyMember | null>(null);
  const close = () => setLimiting(null);
  return (
    <div className="flex flex-col gap-2">
      <h3 id={titleId} className="font-semibold">
        Who may order to which location
      </h3>
      <ul aria-labelledby={titleId} className="flex flex-col divide-y divide-base-300 text-sm">
        {members.map((member) => (
          <li key={member.userId} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
            <span className="font-medium break-words">{member.name}</span>
            <span className="min-w-0 break-words">{allowedText(member, locations)}</span>
            {owner ? (
              <button
                type="button"
                className="btn btn-outline btn-xs ml-auto"
                aria-label={`Choose ${member.name}'s locations`}
                onClick={() => setLimiting(member)}
              >
                Choose
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <Modal open={limiting !== null} onClose={close} title={`${limiting?.name ?? 'Member'}: locations`}>
        {limiting ? <LimitForm key={limiting.userId} member={limiting} locations={locations} onClose={close} /> : null}
      </Modal>
    </div>
  );
}
