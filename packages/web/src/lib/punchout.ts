// A punch-out session (B2B §17): the procurement system opened the shop, and the cart goes back to it instead of
// becoming an order here (the API refuses every way of ordering with 403). GET /api/auth/me says which session this is.
// The transfer itself is punchout-transfer.ts, apart: this file is in the home page's scripts, that one is not.
import { useAuth } from './auth-store';

export function usePunchout(): boolean {
  return useAuth().user?.punchout === true;
}
