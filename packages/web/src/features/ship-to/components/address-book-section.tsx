// The address book on the profile page (B2B §12): the signed-in user's own delivery addresses, the default chosen
// first at checkout. Add, edit, make default, delete; the form is a lazy part (it holds the country lists).
import { useId, useState } from 'react';
// Types only: a value from `@kestrel/shared/ship-to` would bring the country lists into the profile page.
import type { AddressBookEntry } from '@kestrel/shared/ship-to';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Modal } from '../../../components/ui/modal';
import { ListState } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../lib/notify';
import { useAddressBook, useDeleteAddress, useSaveAddress } from '../api/address-book';
import { AddressText } from './address-text';
import { LazyAddressForm } from './lazy-address-form';

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
    <li className="flex min-w-0 flex-col gap-2 rounded-box border border-base-300 p-4">
      <h3 className="font-semibold break-words">
        {entry.label}
        {entry.isDefault ? <span className="badge badge-outline badge-sm ml-2">Default</span> : null}
      </h3>
      <AddressText address={entry.address} phone={entry.phone} />
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline btn-sm" onClick={onEdit} aria-label={`Edit ${entry.label}`}>
          Edit
        </button>
        {entry.isDefault ? null : (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={save.isPending}
            onClick={makeDefault}
            aria-label={`Make ${entry.label} the default`}
          >
            Make default
          </button>
        )}
        <button
          type="button"
          className="btn btn-outline btn-error btn-sm"
          onClick={onDelete}
          aria-label={`Delete ${entry.label}`}
        >
          Delete
        </button>
      </div>
    </li>
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
  const current = editing?.entry ?? null;

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
      <Modal open={editing !== null} onClose={close} title={current ? `Edit ${current.label}` : 'Add an address'}>
        {editing ? (
          <LazyAddressForm
            key={current?._id ?? 'new'}
            kind="entry"
            initial={current ? { title: current.label, phone: current.phone, address: current.address } : undefined}
            submitLabel={current ? 'Save address' : 'Add address'}
            onCancel={close}
            onSave={async ({ title, phone, address }) => {
              await save.mutateAsync({ id: current?._id, body: { label: title, phone, address } });
              notify.success(`${title} is saved`);
              close();
            }}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.label ?? 'the address'}?`}
        confirmLabel="Delete address"
        danger
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) await remove.mutateAsync(deleting._id);
        }}
      >
        <p>Orders already placed to it keep their copy of the address.</p>
      </ConfirmDialog>
    </section>
  );
}
