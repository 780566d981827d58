// Locations on the Company page (B2B §12): every member reads the company's ship-to locations; owners add, edit, set
// the default and delete them, and limit which members may order to which (the API refuses anyone else, 403). The
// address form is a lazy part (it holds the country lists); the list itself is light.
import { useId, useState } from 'react';
import type { CompanyMember } from '@kestrel/shared';
import type { CompanyLocation } from '@kestrel/shared/ship-to';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Modal } from '../../../components/ui/modal';
import { ListState } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../lib/notify';
import { useDeleteLocation, useLocations, useSaveLocation } from '../api/locations';
import { AddressText } from './address-text';
import { LazyAddressForm } from './lazy-address-form';
import { MemberLimits } from './member-limits';

type Editing = { location: CompanyLocation | null } | null;

function LocationCard({
  location,
  owner,
  onEdit,
  onDelete,
}: {
  location: CompanyLocation;
  owner: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const save = useSaveLocation();
  const makeDefault = () =>
    save.mutate(
      { id: location._id, body: { isDefault: true } },
      {
        onSuccess: () => notify.success(`${location.name} is the default location`),
        onError: (error) => notify.error(error.message),
      },
    );
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-box border border-base-300 p-4">
      <h3 className="font-semibold break-words">
        {location.name}
        {location.isDefault ? <span className="badge badge-outline badge-sm ml-2">Default</span> : null}
      </h3>
      <AddressText address={location.address} phone={location.phone} />
      {owner ? (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={onEdit}
            aria-label={`Edit ${location.name}`}
          >
            Edit
          </button>
          {location.isDefault ? null : (
            <button
              type="button"
              className="btn btn-outline btn-sm"
              disabled={save.isPending}
              onClick={makeDefault}
              aria-label={`Make ${location.name} the default`}
            >
              Make default
            </button>
          )}
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm"
            onClick={onDelete}
            aria-label={`Delete ${location.name}`}
          >
            Delete
          </button>
        </div>
      ) : null}
    </li>
  );
}

export function LocationsSection({ owner, members }: { owner: boolean; members: CompanyMember[] }) {
  const titleId = useId();
  const { data: locations, isPending, isError, error } = useLocations();
  const save = useSaveLocation();
  const remove = useDeleteLocation();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<CompanyLocation | null>(null);
  const close = () => setEditing(null);
  const current = editing?.location ?? null;

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={titleId} className="text-xl font-semibold">
          Locations
        </h2>
        {owner ? (
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditing({ location: null })}>
            Add location
          </button>
        ) : null}
      </div>
      <p className="text-sm">
        {owner
          ? 'Where the company takes deliveries. Once it has a location, every order names one; the default is chosen first at checkout.'
          : "Where the company takes deliveries; every order names one. Only the company's owners change them."}
      </p>
      {isPending ? <Spinner label="Loading the locations" size="sm" /> : null}
      {isError ? <ListState alert>{error.message}</ListState> : null}
      {locations && locations.length === 0 ? <p className="text-sm">No locations yet.</p> : null}
      {locations && locations.length > 0 ? (
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" aria-label="Locations">
          {locations.map((location) => (
            <LocationCard
              key={location._id}
              location={location}
              owner={owner}
              onEdit={() => setEditing({ location })}
              onDelete={() => setDeleting(location)}
            />
          ))}
        </ul>
      ) : null}
      {locations && locations.length > 0 ? (
        <MemberLimits members={members} locations={locations} owner={owner} />
      ) : null}
      <Modal open={editing !== null} onClose={close} title={current ? `Edit ${current.name}` : 'Add a location'}>
        {editing ? (
          <LazyAddressForm
            key={current?._id ?? 'new'}
            kind="location"
            initial={current ? { title: current.name, phone: current.phone, address: current.address } : undefined}
            submitLabel={current ? 'Save location' : 'Add location'}
            onCancel={close}
            onSave={async ({ title, phone, address }) => {
              await save.mutateAsync({ id: current?._id, body: { name: title, phone, address } });
              notify.success(`${title} is saved`);
              close();
            }}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'the location'}?`}
        confirmLabel="Delete location"
        danger
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) await remove.mutateAsync(deleting._id);
        }}
      >
        <p>
          Orders already placed to it keep their copy of the address. Members limited to it lose it from their list.
        </p>
      </ConfirmDialog>
    </section>
  );
}
