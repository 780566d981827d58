import type { QueryClient } from '@tanstack/react-query';

/**
 * Joining, creating or leaving a company changes more than the company page: prices (contract prices), the cart, the
 * account offered at checkout, the orders a member reads and the sidebar. Everything is read again.
 */
export function membershipChanged(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries();
}
