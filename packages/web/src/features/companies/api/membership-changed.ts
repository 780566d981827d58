import type { QueryClient } from '@tanstack/react-query';
import { refreshUser } from '../../../lib/auth-store';

/**
 * Joining, creating or leaving a company changes more than the company page: prices (contract prices), the cart, the
 * account offered at checkout, the orders a member reads and the sidebar. The signed-in user's own record (which
 * names their company and role) is read first, then everything else.
 */
export async function membershipChanged(queryClient: QueryClient): Promise<void> {
  await refreshUser();
  await queryClient.invalidateQueries();
}
