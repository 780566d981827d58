import type { UseFormRegisterReturn } from 'react-hook-form';
import { MAX_LIST_NAME_LENGTH } from '@kestrel/shared';
import { InputField } from '../../../components/ui/field';
import { useAuth } from '../../../lib/auth-store';
import { mayShareLists } from '../list-access';

interface ListNameFieldsProps {
  name: UseFormRegisterReturn;
  shared: UseFormRegisterReturn;
  nameError?: string;
  sharedError?: string;
  autoFocus?: boolean;
}

/**
 * The name field and the "shared" checkbox of every list form (new list, cart saved as a list, rename). Only a member
 * who may share sees the checkbox: a person in no company gets 400 for `shared: true`, a viewer changes nothing of
 * the company's.
 */
export function ListNameFields({ name, shared, nameError, sharedError, autoFocus = false }: ListNameFieldsProps) {
  const { user } = useAuth();
  const company = user?.company;
  return (
    <>
      <InputField
        label="List name"
        maxLength={MAX_LIST_NAME_LENGTH}
        hint="For example the site or project it reorders for."
        registration={name}
        error={nameError}
        {...(autoFocus ? { 'data-autofocus': true } : {})}
      />
      {company && mayShareLists(user) ? (
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="checkbox checkbox-sm mt-0.5" {...shared} />
          <span>
            Share with {company.name}: its members read it, owners and buyers edit it.
            {sharedError ? (
              <span role="alert" className="block text-error">
                {sharedError}
              </span>
            ) : null}
          </span>
        </label>
      ) : null}
    </>
  );
}
