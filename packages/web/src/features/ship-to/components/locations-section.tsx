// Locations on the Company page (B2B §12): every member reads the company's ship-to locations; owners add, edit, set
// the default and delete them, and limit which members may order to which (the API refuses anyone else, 403). The
// address form is a lazy part (it holds the country lists); the list itself is light.
import { useId, useState } from 'react';
import type { CompanyMember } from '@kestrel/shared';
import type { CompanyLocation } from '@kestrel/shared/ship-to';
import { ListState } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../lib/notify';
import { useDeleteLocation, useLocations, useSaveLocation } from '../api/locations';
import { SavedAddressCard, SavedAddressDialogs, type SavedAddress } from './saved-addresses';
import { MemberLimits } from './member-limits';

type Editing = { location: CompanyLocation | null } | null;

const asSaved = (location: CompanyLocation): SavedAddress => ({ ...location, title: location.name });

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
    <SavedAddressCard
      saved={asSaved(location)}
      editable={owner}
      settingDefault={save.isPending}
      onMakeDefault={makeDefault}
      onEdit={onEdit}
      onDelete={onDelete}
    />
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
      <SavedAddressDialogs
        kind="location"
        noun="location"
        editing={editing ? { saved: editing.location ? asSaved(editing.location) : null } : null}
        deleting={deleting ? asSaved(deleting) : null}
        onSave={async (id, { title, phone, address }) => {
          await save.mutateAsync({ id, body: { name: title, phone, address } });
          notify.success(`${title} is saved`);
          close();
        }}
        onDelete={(id) => remove.mutateAsync(id).then(() => undefined)}
        onCloseEdit={close}
        onCloseDelete={() => setDeleting(null)}
        deleteNote="Orders already placed to it keep their copy of the address. Members limited to it lose it from their list."
      />
    </section>
  );
}
