// The company forms' own checks (B2B §5), in the words a purchasing clerk reads: the same rules as the server's
// schemas (packages/shared/src/companies.ts), whose messages name API fields ("billingAddress is required").
import {
  ADDRESS_PATTERN,
  holdsWebAddress,
  isEmailAddress,
  MAX_COMPANY_NAME_LENGTH,
  MAX_FIELD_LENGTH,
  MAX_LIMIT_DOLLARS,
  MAX_TAX_ID_LENGTH,
  SINGLE_LINE_PATTERN,
  type CompanyRole,
} from '@kestrel/shared';

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
  taxIdTooLong: `The tax ID can be at most ${MAX_TAX_ID_LENGTH} characters`,
  taxIdOneLine: 'The tax ID must be one line of text',
  addressRequired: 'Enter the billing address',
  addressTooLong: `The billing address can be at most ${MAX_FIELD_LENGTH} characters`,
  addressText: 'The billing address must be plain text (lines are fine)',
  emailRequired: 'Enter an e-mail address',
  emailInvalid: 'Enter one valid e-mail address, like name@company.com',
  limitInvalid: `Enter an amount in dollars from 0 to ${MAX_LIMIT_DOLLARS.toLocaleString('en-US')} with at most 2 decimals, or leave it empty for no limit`,
} as const;

export interface CompanyValues {
  name: string;
  taxId: string;
  billingAddress: string;
}
export type CompanyErrors = Partial<Record<keyof CompanyValues, string>>;

export function companyErrors({ name, taxId, billingAddress }: CompanyValues): CompanyErrors {
  const errors: CompanyErrors = {};
  const m = companyFormMessages;
  if (!name.trim()) errors.name = m.nameRequired;
  else if (name.trim().length > MAX_COMPANY_NAME_LENGTH) errors.name = m.nameTooLong;
  else if (!SINGLE_LINE_PATTERN.test(name)) errors.name = m.nameOneLine;
  else if (holdsWebAddress(name)) errors.name = m.nameWebAddress;
  if (taxId.trim().length > MAX_TAX_ID_LENGTH) errors.taxId = m.taxIdTooLong;
  else if (!SINGLE_LINE_PATTERN.test(taxId)) errors.taxId = m.taxIdOneLine;
  if (!billingAddress.trim()) errors.billingAddress = m.addressRequired;
  else if (billingAddress.trim().length > MAX_FIELD_LENGTH) errors.billingAddress = m.addressTooLong;
  else if (!ADDRESS_PATTERN.test(billingAddress)) errors.billingAddress = m.addressText;
  return errors;
}

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
