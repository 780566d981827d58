// The signed-in user's own address book (B2B §12): GET / POST /api/me/addresses, PATCH / DELETE
// /api/me/addresses/{id}. Types only from `@kestrel/shared/ship-to` (this file lands in the common chunk).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressBookEntry } from '@kestrel/shared/ship-to';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';

/** Per user: another sign-in on the same tab never sees the last one's entries. */
export const addressBookQueryKey = (userId: string | null) => ['ship-to', 'addresses', userId] as const;

export function getAddressBook(signal?: AbortSignal): Promise<AddressBookEntry[]> {
  return apiRequest<AddressBookEntry[]>('/me/addresses', { signal });
}

export function useAddressBook() {
  const userId = useAuth().user?._id ?? null;
  return useQuery({
    queryKey: addressBookQueryKey(userId),
    queryFn: ({ signal }) => getAddressBook(signal),
    enabled: userId !== null,
  });
}

export interface AddressSave {
  id?: string;
  body: { label?: string; address?: unknown; phone?: string | null; isDefault?: true };
}

const entryPath = (id: string) => `/me/addresses/${encodeURIComponent(id)}`;

export function saveAddress({ id, body }: AddressSave): Promise<AddressBookEntry> {
  return id
    ? apiRequest<AddressBookEntry>(entryPath(id), { method: 'PATCH', body })
    : apiRequest<AddressBookEntry>('/me/addresses', { method: 'POST', body });
}

export function deleteAddress(id: string): Promise<null> {
  return apiRequest<null>(entryPath(id), { method: 'DELETE' });
}

function useAfterChange() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['ship-to', 'addresses'] });
}

export function useSaveAddress() {
  const afterChange = useAfterChange();
  return useMutation({ mutationFn: saveAddress, onSuccess: afterChange });
}

export function useDeleteAddress() {
  const afterChange = useAfterChange();
  return useMutation({ mutationFn: deleteAddress, onSuccess: afterChange });
}
