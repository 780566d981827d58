// What a company role may not do, said before the buyer tries (B2B §5; issue #47): a viewer reads the company's
// orders, prices and quotes but places, pays and cancels nothing. The server decides (companies/roles.ts answers a
// viewer 403); the screens only keep refused steps off screen and say why, from the role GET /api/auth/me answered.
import { useAuth } from './auth-store';

/** Why the signed-in user may not order, pay or cancel for their company, or null when they may. */
export function useOrderingRefusal(): string | null {
  const company = useAuth().user?.company;
  if (company?.role !== 'viewer') return null;
  return `Viewers in ${company.name} cannot place, pay or cancel orders; ask an owner to make you a buyer.`;
}
