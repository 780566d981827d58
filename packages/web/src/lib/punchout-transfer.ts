// "Transfer cart" (B2B §17): the cart goes back to the procurement system through the API's transfer page.
import type { Cart } from '@kestrel/shared';
import { apiRequest } from './api-client';
import { readToken } from './token-storage';

/** The transfer's address: it answers the page whose form carries the cart to the system. */
const TRANSFER_PATH = '/api/punchout/transfer';

/** How many of the cart's lines have a problem, by the server's own check; the transfer refuses (409) while any do. */
export async function cartProblems(): Promise<number> {
  const cart = await apiRequest<Cart>('/cart');
  return cart.lines.filter((line) => line.problem !== null).length;
}

/**
 * Posts the storefront's own form to the transfer, so the browser navigates to its page (a fetch could not: the page
 * must post its form from a document of its own). The session token is the form's one field.
 */
export function postTransfer(): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = TRANSFER_PATH;
  const token = document.createElement('input');
  token.type = 'hidden';
  token.name = 'token';
  token.value = readToken() ?? '';
  form.append(token);
  document.body.append(form);
  form.submit();
}
