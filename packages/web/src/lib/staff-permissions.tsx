// The signed-in member of staff's permissions (B2B §15), as the dashboard read them from the server's admin check,
// handed to the staff pages' parts so they offer only the steps the role may take (a warehouse clerk sees Ship, not
// Mark paid). The server refuses the others either way; this only keeps dead buttons off the page.
import { createContext, useContext } from 'react';
import type { Permission } from '@kestrel/shared';

/** undefined outside the dashboard: every step is shown, as before staff roles. */
export const StaffPermissionsContext = createContext<readonly Permission[] | undefined>(undefined);

export function useStaffPermissions(): readonly Permission[] | undefined {
  return useContext(StaffPermissionsContext);
}
