// The address book on the profile page (B2B §12): the signed-in user's own delivery addresses, the default chosen
// first at checkout. Add, edit, make default, delete; the form is a lazy part (it holds the country lists).
import { useId, useState } from 'react';
// Types only: a value from `@kestrel/shared/ship-to` would bring the country lists into the profile page.
import type { AddressBookEntry } from '@kestrel/shared/ship-to';
import { ListState } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../lib/notify';
import { useAddressBook, useDeleteAddress, useSaveAddress } from '../api/address-book';
import { SavedAddressCard, SavedAddressDialogs, type SavedAddress } from './saved-addresses';

const asSaved = (entry: AddressBookEntry): SavedAddress => ({ ...entry, title: entry.label });

function EntryCard({ entry, onEdit, onDelete }: { entry: AddressBookEntry; onEdit: () => void; onDelete: () => void }) {
  const save = useSaveAddress();
  const makeDefault = () =>
    save.mutate(
      { id: entry._id, body: { isDefault: true } },
      {
        onSuccess: () => notify.success(`${entry.label} is your default address`),
        onError: (error) => notify.error(error.message),
      },
    );
  return (
    <SavedAddressCard
      saved={asSaved(entry)}
      settingDefault={save.isPending}
      onMakeDefault={makeDefault}
      onEdit={onEdit}
      onDelete={onDelete}
    />
  );
}

export function AddressBookSection() {
  const titleId = useId();
  const { data: entries, isPending, isError, error } = useAddressBook();
  const save = useSaveAddress();
  const remove = useDeleteAddress();
  const [editing, setEditing] = useState<{ entry: AddressBookEntry | null } | null>(null);
  const [deleting, setDeleting] = useState<AddressBookEntry | null>(null);
  const close = () => setEditing(null);

  return (
    <section aria-labelledby={titleId} className="mt-8 flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={titleId} className="text-xl font-semibold">
          Address book
        </h2>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditing({ entry: null })}>
          Add address
        </button>
      </div>
      <p className="text-sm">Where your orders can go; the default is chosen first at checkout.</p>
      {isPending ? <Spinner label="Loading your addresses" size="sm" /> : null}
      {isError ? <ListState alert>{error.message}</ListState> : null}
      {entries && entries.length === 0 ? <p className="text-sm">No addresses yet.</p> : null}
      {entries && entries.length > 0 ? (
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" aria-label="Your addresses">
          {entries.map((entry) => (
            <EntryCard
              key={entry._id}
              entry={entry}
              onEdit={() => setEditing({ entry })}
              onDelete={() => setDeleting(entry)}
            />
          ))}
        </ul>
      ) : null}
      <SavedAddressDialogs
        kind="entry"
        noun="address"
        editing={editing ? { saved: editing.entry ? asSaved(editing.entry) : null } : null}
        deleting={deleting ? asSaved(deleting) : null}
        onSave={async (id, { title, phone, address }) => {
          await save.mutateAsync({ id, body: { label: title, phone, address } });
          notify.success(`${title} is saved`);
          close();
        }}
        onDelete={(id) => remove.mutateAsync(id).then(() => undefined)}
        onCloseEdit={close}
        onCloseDelete={() => setDeleting(null)}
        deleteNote="Orders already placed to it keep their copy of the address."
      />
    </section>
  );
}
