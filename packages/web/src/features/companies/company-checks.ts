// The company forms' words (B2B §5), what a purchasing clerk reads in place of the server's schema messages
// (packages/shared/src/companies.ts), which name API fields ("billingAddress is required"); and the checks of the
// fields the schemas read differently from how they are typed (a limit in dollars, one e-mail address).
import {
  ADDRESS_CONTROL_MESSAGE,
  companyMessages,
  isEmailAddress,
  MAX_COMPANY_NAME_LENGTH,
  MAX_FIELD_LENGTH,
  MAX_LIMIT_DOLLARS,
  MAX_TAX_ID_LENGTH,
  type CompanyRole,
} from '@kestrel/shared';
import type { FormWords } from '../../lib/schema-resolver';

export const ROLE_LABELS: Record<CompanyRole, string> = { owner: 'Owner', buyer: 'Buyer', viewer: 'Viewer' };

/** What each role may do, as the invite form and the member dialog explain it. */
export const ROLE_HINTS: Record<CompanyRole, string> = {
  owner: 'Owner: orders, approves orders above a spending limit, manages members and invites',
  buyer: 'Buyer: orders and pays; orders above their spending limit wait for an owner',
  viewer: "Viewer: reads the company's orders and invoices, cannot order",
};

export const companyFormMessages = {
  nameRequired: "Enter the company's name",
  nameTooLong: `The name can be at most ${MAX_COMPANY_NAME_LENGTH} characters`,
  nameOneLine: 'The name must be one line of text',
  nameWebAddress:
    'The name cannot hold a web address or a domain such as example.com (write "Acme Inc.", not "acme.com")',
  nameDirection: 'The name cannot hold text-direction control characters',
  taxIdTooLong: `The tax ID can be at most ${MAX_TAX_ID_LENGTH} characters`,
  taxIdOneLine: 'The tax ID must be one line of text',
  addressRequired: 'Enter the billing address',
  addressTooLong: `The billing address can be at most ${MAX_FIELD_LENGTH} characters`,
  addressText: 'The billing address must be plain text (lines are fine)',
  emailRequired: 'Enter an e-mail address',
  emailInvalid: 'Enter one valid e-mail address, like name@company.com',
  limitInvalid: `Enter an amount in dollars from 0 to ${MAX_LIMIT_DOLLARS.toLocaleString('en-US')} with at most 2 decimals, or leave it empty for no limit`,
} as const;

/** "Create a company" checks with the server's schema (companyCreateSchema) and says its messages in these words. */
export const companyWords: FormWords = {
  [companyMessages.nameRequired]: companyFormMessages.nameRequired,
  [companyMessages.nameTooLong]: companyFormMessages.nameTooLong,
  [companyMessages.nameOneLine]: companyFormMessages.nameOneLine,
  [companyMessages.nameWebAddress]: companyFormMessages.nameWebAddress,
  [companyMessages.nameDirection]: companyFormMessages.nameDirection,
  [companyMessages.taxIdTooLong]: companyFormMessages.taxIdTooLong,
  [companyMessages.taxIdOneLine]: companyFormMessages.taxIdOneLine,
  [companyMessages.billingAddressRequired]: companyFormMessages.addressRequired,
  [companyMessages.billingAddressTooLong]: companyFormMessages.addressTooLong,
  [ADDRESS_CONTROL_MESSAGE]: companyFormMessages.addressText,
};

/** A spending limit as typed: empty is no limit (null); else dollars with at most 2 decimals. */
export function parseLimit(text: string): { ok: true; value: number | null } | { ok: false; message: string } {
  const typed = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (typed === '') return { ok: true, value: null };
  if (!/^\d+(?:\.\d{1,2})?$/.test(typed)) return { ok: false, message: companyFormMessages.limitInvalid };
  const value = Number(typed);
  if (value > MAX_LIMIT_DOLLARS) return { ok: false, message: companyFormMessages.limitInvalid };
  return { ok: true, value };
}

/** A limit as the form shows it again: plain digits, no currency sign (so it parses back as it is). */
export function limitText(limit: number | null): string {
  if (limit === null) return '';
  return Number.isInteger(limit) ? String(limit) : limit.toFixed(2);
}

export function emailError(email: string): string | undefined {
  const typed = email.trim();
  if (!typed) return companyFormMessages.emailRequired;
  return isEmailAddress(typed) ? undefined : companyFormMessages.emailInvalid;
}
