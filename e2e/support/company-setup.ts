// A company and its members set up through the API, for journeys that need a member's view (contract prices, a
// viewer's screens) without walking the company screens, which companies.spec.ts does.
import { expect, type APIRequestContext } from '@playwright/test';
import type { Company } from '@kestrel/shared';
import type { Account } from './api';
import { linkIn, waitForMail } from './mail';

const auth = (account: Account) => ({ Authorization: `Bearer ${account.token}` });

/** Confirms the account's e-mail address with the mailed link, as its owner would (invites need it, issue #47). */
export async function confirmEmailByApi(request: APIRequestContext, account: Account): Promise<void> {
  // Sign-up may have mailed the link already; asking again within a minute is refused, and either way one arrives.
  await request.post('/api/auth/verify-email/resend', { headers: auth(account) });
  const token =
    linkIn(await waitForMail(account.email, /^Confirm your e-mail address for /), 'verify-email')
      .split('/')
      .pop() ?? '';
  const confirmed = await request.post('/api/auth/verify-email', { data: { token } });
  expect(confirmed.status()).toBeLessThan(300);
}

export async function createCompanyByApi(request: APIRequestContext, owner: Account, name: string): Promise<Company> {
  const response = await request.post('/api/companies', {
    headers: auth(owner),
    data: { name, taxId: 'GB123456789', billingAddress: '1 Mill Road\nLeeds LS1 4AB' },
  });
  expect(response.status()).toBe(201);
  return response.json();
}

/** The owner invites `account` with `role`, who accepts with the mailed link's token, as the invite page would. */
export async function joinByApi(
  request: APIRequestContext,
  owner: Account,
  account: Account,
  role: 'buyer' | 'viewer' | 'owner',
): Promise<void> {
  const sent = await request.post('/api/companies/mine/invites', {
    headers: auth(owner),
    data: { email: account.email, role },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const token =
    linkIn(await waitForMail(account.email, /^Join /), 'invite')
      .split('/')
      .pop() ?? '';
  const accepted = await request.post(`/api/invites/${token}/accept`, { headers: auth(account), data: {} });
  expect(accepted.status(), await accepted.text()).toBe(200);
}

/** The admin's contract prices for the company (PUT replaces the whole list). */
export async function setContractPricesByApi(
  request: APIRequestContext,
  admin: Account,
  companyId: string,
  prices: Array<{ productId: string; price: number }>,
): Promise<void> {
  const response = await request.put(`/api/admin/companies/${companyId}/prices`, {
    headers: auth(admin),
    data: { prices },
  });
  expect(response.status()).toBe(200);
}

/**
 * Waits until the member's product answer carries the contract price: the catalogue remembers a member's prices for
 * LIST_CACHE_TTL_MS (1 s), so a page opened at once after the PUT could still show the list price.
 */
export async function waitForContractPrice(
  request: APIRequestContext,
  member: Account,
  productId: string,
  price: number,
): Promise<void> {
  await expect
    .poll(async () => {
      const response = await request.get(`/api/service/${productId}`, { headers: auth(member) });
      const product: { contractPrice?: number } = await response.json();
      return product.contractPrice;
    })
    .toBe(price);
}
