// The pieces the address book (a person's addresses) and the Company page's locations share (B2B §12): a saved
// address's card with its Edit, Make default and Delete, and the two dialogs (the lazy address form to add or edit one,
// the confirmation to delete one). Each section says its own words and calls its own API.
import type { AddressAnswer } from '@kestrel/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Modal } from '../../../components/ui/modal';
// Types only: a value from `@kestrel/shared/ship-to` would bring the country lists into the page.
import type { AddressFormOutput } from '@kestrel/shared/ship-to';
import { AddressText } from './address-text';
import { LazyAddressForm } from './lazy-address-form';

/** An address book entry or a location, by its title (the entry's label, the location's name). */
export interface SavedAddress {
  _id: string;
  title: string;
  address: AddressAnswer;
  phone: string | null;
  isDefault: boolean;
}

interface CardProps {
  saved: SavedAddress;
  /** False: read only (a company member who is not an owner). */
  editable?: boolean;
  settingDefault: boolean;
  onMakeDefault: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

export function SavedAddressCard({
  saved,
  editable = true,
  settingDefault,
  onMakeDefault,
  onEdit,
  onDelete,
}: CardProps) {
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-box border border-base-300 p-4">
      <h3 className="font-semibold break-words">
        {saved.title}
        {saved.isDefault ? <span className="badge badge-outline badge-sm ml-2">Default</span> : null}
      </h3>
      <AddressText address={saved.address} phone={saved.phone} />
      {editable ? (
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-outline btn-sm" onClick={onEdit} aria-label={`Edit ${saved.title}`}>
            Edit
          </button>
          {saved.isDefault ? null : (
            <button
              type="button"
              className="btn btn-outline btn-sm"
              disabled={settingDefault}
              onClick={onMakeDefault}
              aria-label={`Make ${saved.title} the default`}
            >
              Make default
            </button>
          )}
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm"
            onClick={onDelete}
            aria-label={`Delete ${saved.title}`}
          >
            Delete
          </button>
        </div>
      ) : null}
    </li>
  );
}

interface DialogsProps {
  kind: 'entry' | 'location';
  /** "address" or "location": the dialogs' and buttons' noun. */
  noun: string;
  /** null: no form open; { saved: null }: adding one. */
  editing: { saved: SavedAddress | null } | null;
  deleting: SavedAddress | null;
  onSave: (id: string | undefined, values: AddressFormOutput) => Promise<void>;
  onDelete: (id: string) => Promise<void>;
  onCloseEdit: () => void;
  onCloseDelete: () => void;
  /** What deleting one leaves as it was. */
  deleteNote: string;
}

export function SavedAddressDialogs(props: DialogsProps) {
  const { kind, noun, editing, deleting } = props;
  const current = editing?.saved ?? null;
  return (
    <>
      <Modal
        open={editing !== null}
        onClose={props.onCloseEdit}
        title={current ? `Edit ${current.title}` : `Add a${/^[aeiou]/.test(noun) ? 'n' : ''} ${noun}`}
      >
        {editing ? (
          <LazyAddressForm
            key={current?._id ?? 'new'}
            kind={kind}
            initial={current ? { title: current.title, phone: current.phone, address: current.address } : undefined}
            submitLabel={current ? `Save ${noun}` : `Add ${noun}`}
            onCancel={props.onCloseEdit}
            onSave={(values) => props.onSave(current?._id, values)}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.title ?? `the ${noun}`}?`}
        confirmLabel={`Delete ${noun}`}
        danger
        onClose={props.onCloseDelete}
        onConfirm={async () => {
          if (deleting) await props.onDelete(deleting._id);
        }}
      >
        <p>{props.deleteNote}</p>
      </ConfirmDialog>
    </>
  );
}
