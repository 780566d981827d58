// Whether a staff call was refused with 403 two_factor_required (STAFF_2FA=required, B2B §15): the API client marks
// it, the dashboard shows why and links to the Security page, and turning two-step sign-in on clears it.
import { useSyncExternalStore } from 'react';

let refused = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  if (refused === value) return;
  refused = value;
  for (const listener of listeners) listener();
}

export const markTwoFactorRequired = () => set(true);
export const clearTwoFactorRequired = () => set(false);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTwoFactorRequired(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => refused,
    () => false,
  );
}
