// Companies (B2B §5): what clients send and what the API answers about a company, its members and invites, shared by
// the storefront's forms and the API's validation so both say the same thing.
import './zod-setup.js';
import { z } from 'zod';
import { isWholeCents } from './money.js';
import { MAX_TAX_EXEMPTION_ID_LENGTH } from './tax.js';
import {
  ADDRESS_CONTROL_MESSAGE,
  ADDRESS_PATTERN,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  MAX_FIELD_LENGTH,
  SINGLE_LINE_PATTERN,
  singleLineMessage,
} from './constants.js';

export const COMPANY_ROLES = ['owner', 'buyer', 'viewer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
export const PAYMENT_TERMS = ['card', 'net15', 'net30', 'net60'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];

export const MAX_COMPANY_NAME_LENGTH = 200;
export const MAX_TAX_ID_LENGTH = 64;
/** The largest spending or credit limit, in dollars: far above any order (MAX_ORDER_TOTAL), exact in cents. */
export const MAX_LIMIT_DOLLARS = 100_000_000;
/** How long an invite link works (B2B §5). */
export const INVITE_DAYS = 7;
/** GET /api/company/orders answers at most this many of the newest orders (docs/product.md, "Companies"). */
export const COMPANY_ORDERS_DEFAULT_LIMIT = 100;
export const COMPANY_ORDERS_MAX_LIMIT = 500;
/**
 * Invite mail is bounded (issue #47): an owner mails at most `perCompanyPerHour` invites an hour, an address gets at
 * most `perAddressPerDay` a day from all companies together, and inviting an address again within `reinviteMinutes`
 * of its last mail changes the pending invite without mailing again (docs/product.md, "Companies").
 */
export const INVITE_LIMITS = { perCompanyPerHour: 20, perAddressPerDay: 3, reinviteMinutes: 10 } as const;

export const companyMessages = {
  nameRequired: 'name is required',
  nameTooLong: `name must be at most ${MAX_COMPANY_NAME_LENGTH} characters`,
  nameOneLine: singleLineMessage('name'),
  taxIdTooLong: `taxId must be at most ${MAX_TAX_ID_LENGTH} characters`,
  taxIdOneLine: singleLineMessage('taxId'),
  billingAddressRequired: 'billingAddress is required',
  billingAddressTooLong: `billingAddress must be at most ${MAX_FIELD_LENGTH} characters`,
  limitInvalid: `a limit is null (none) or an amount from 0 to ${MAX_LIMIT_DOLLARS} with at most 2 decimals`,
  roleInvalid: "role must be 'owner', 'buyer' or 'viewer'",
  termsInvalid: "paymentTerms must be 'card', 'net15', 'net30' or 'net60'",
  emailInvalid: 'email must be one valid e-mail address',
  alreadyInCompany: 'You are already in a company',
  noCompany: 'You are not in a company',
  ownersOnly: "Only the company's owners can do this",
  lastOwner: 'A company needs an owner: make someone else an owner first',
  alreadyMember: 'This person is already a member of your company',
  inviteInvalid: 'This invite link is not valid: it was used, revoked or never existed',
  inviteExpired: 'This invite link has expired: ask for a new one',
  inviteWrongEmail: 'This invite was sent to another e-mail address: sign in with that address to accept it',
  invitePending: 'An invite to this e-mail address is already pending: revoke it first to send a new one',
  changeNothing: 'send role, spendingLimit or locationIds',
  detailsNothing: 'send name, taxId or billingAddress',
  nameWebAddress: 'name must not hold a web address or domain (such as www.example.com or example.com)',
  nameDirection: 'name must not hold text-direction control characters',
  emailUnconfirmed:
    'Confirm your e-mail address before inviting anyone: open the link we mailed you, or ask for a new one on your account page',
  inviteCompanyLimit: `Your company has sent ${INVITE_LIMITS.perCompanyPerHour} invites in the last hour, the most an hour allows: try again later`,
  inviteAddressLimit: `This address has had ${INVITE_LIMITS.perAddressPerDay} invites in the last day, the most a day allows: try again tomorrow`,
} as const;

/**
 * What a company name may not hold, so that the invite mail ("Join {name}") carries no link of the inviter's
 * choosing: a scheme (`http://`), `www.`, a domain-like token (a letter or digit, a dot, then two letters: `evil.com`;
 * "Acme Inc." and "J. P. Morgan" pass, "Booking.com" does not) or an IPv4 address. Full-width dots count as dots.
 */
const WEB_ADDRESS_PATTERN =
  /[a-z][a-z0-9+.-]*:\/\/|\bwww[.\u3002\uff0e\uff61]|[\p{L}\p{N}][.\u3002\uff0e\uff61]\p{L}{2}|\d{1,3}(?:\.\d{1,3}){3}/iu;
/** Whether text holds what the company name may not (a web address): an inviter's name in the mail is checked too. */
export function holdsWebAddress(text: string): boolean {
  return WEB_ADDRESS_PATTERN.test(text);
}
/** Bidirectional overrides and isolates: they let a name read other than it is written. */
const DIRECTION_CONTROL_PATTERN = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/**
 * A spending or credit limit in dollars; null: no limit. $0 is a limit; a fraction of a cent is not (issue 47: the old
 * tolerance read $0.000000001 as a whole number of cents and stored it as $0), so whole cents as money.ts judges them.
 */
export const limitSchema = z
  .number({ error: companyMessages.limitInvalid })
  .min(0, companyMessages.limitInvalid)
  .max(MAX_LIMIT_DOLLARS, companyMessages.limitInvalid)
  .refine(isWholeCents, companyMessages.limitInvalid)
  .nullable();

export const companyRoleSchema = z.enum(COMPANY_ROLES, { error: companyMessages.roleInvalid });
export const paymentTermsSchema = z.enum(PAYMENT_TERMS, { error: companyMessages.termsInvalid });

const emailSchema = z
  .string({ error: companyMessages.emailInvalid })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, companyMessages.emailInvalid)
  .regex(EMAIL_PATTERN, companyMessages.emailInvalid);

/** A company's name: one line, no web address, no direction controls (create and the owner's edit alike). */
export const companyNameSchema = z
  .string({ error: companyMessages.nameRequired })
  .trim()
  .min(1, companyMessages.nameRequired)
  .max(MAX_COMPANY_NAME_LENGTH, companyMessages.nameTooLong)
  .regex(SINGLE_LINE_PATTERN, companyMessages.nameOneLine)
  .refine((v) => !DIRECTION_CONTROL_PATTERN.test(v), companyMessages.nameDirection)
  .refine((v) => !WEB_ADDRESS_PATTERN.test(v), companyMessages.nameWebAddress);

const taxIdText = z
  .string()
  .trim()
  .max(MAX_TAX_ID_LENGTH, companyMessages.taxIdTooLong)
  .regex(SINGLE_LINE_PATTERN, companyMessages.taxIdOneLine);
const taxIdSchema = taxIdText.nullish().transform((v) => (v ? v : null));

const billingAddressSchema = z
  .string({ error: companyMessages.billingAddressRequired })
  .trim()
  .min(1, companyMessages.billingAddressRequired)
  .max(MAX_FIELD_LENGTH, companyMessages.billingAddressTooLong)
  .regex(ADDRESS_PATTERN, ADDRESS_CONTROL_MESSAGE);

export const companyCreateSchema = z.object({
  name: companyNameSchema,
  taxId: taxIdSchema,
  billingAddress: billingAddressSchema,
});
export type CompanyCreate = z.input<typeof companyCreateSchema>;

/** PATCH /api/companies/mine (owners): any of the details, by the create's rules; `taxId` null or empty clears it. */
export const companyDetailsPatchSchema = z
  .object({
    name: companyNameSchema.optional(),
    taxId: taxIdText
      .nullable()
      .optional()
      .transform((v) => (v === undefined ? undefined : v ? v : null)),
    billingAddress: billingAddressSchema.optional(),
  })
  .refine(
    (v) => v.name !== undefined || v.taxId !== undefined || v.billingAddress !== undefined,
    companyMessages.detailsNothing,
  );
export type CompanyDetailsPatch = z.input<typeof companyDetailsPatchSchema>;

export const companyMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: companyRoleSchema,
  spendingLimit: z.number().nullable(),
  /** B2B §12: the company locations this member may order to; null: all of them. */
  locationIds: z.string().array().nullable(),
});
export type CompanyMember = z.infer<typeof companyMemberSchema>;

export const companySchema = z.object({
  _id: z.string(),
  name: z.string(),
  taxId: z.string().nullable(),
  billingAddress: z.string(),
  paymentTerms: paymentTermsSchema,
  creditLimit: z.number().nullable(),
  balance: z.number(),
  members: companyMemberSchema.array(),
  /** B2B §13: the company pays no tax; its certificate's id is on its orders. */
  taxExempt: z.boolean(),
  taxExemptionId: z.string().nullable(),
});
export type Company = z.infer<typeof companySchema>;

export const inviteCreateSchema = z.object({
  email: emailSchema,
  role: companyRoleSchema,
  spendingLimit: limitSchema.optional().transform((v) => v ?? null),
});
export type InviteCreate = z.input<typeof inviteCreateSchema>;
/** `mailed: false`: the address was invited within INVITE_LIMITS.reinviteMinutes; its pending invite changed instead. */
export const inviteCreatedSchema = z.object({ inviteId: z.string(), mailed: z.boolean() });

/** GET /api/invites/{token}: what the link's holder needs to decide, and nothing else of the company. */
export const invitePreviewSchema = z.object({
  companyName: z.string(),
  /** The inviter's name, or null when that account is gone. */
  inviterName: z.string().nullable(),
  role: companyRoleSchema,
  email: z.string(),
  expiresAt: z.string(),
});
export type InvitePreview = z.infer<typeof invitePreviewSchema>;

export const pendingInviteSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: companyRoleSchema,
  spendingLimit: z.number().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type PendingInvite = z.infer<typeof pendingInviteSchema>;

export const inviteTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });
export const memberParamsSchema = z.object({ userId: z.string().min(1).max(64) });

/** B2B §12: the locations a member may order to, as ids (at most a company's 200, each once), or null for all. */
const memberLocationIdsSchema = z
  .array(z.string().regex(/^[0-9a-f]{24}$/, 'locationIds must hold 24-character ids'), {
    error: 'locationIds must be an array of location ids, or null for all',
  })
  .max(200, 'locationIds holds at most 200 ids')
  .refine((ids) => new Set(ids).size === ids.length, 'locationIds must name each location once')
  .nullable();

export const memberPatchSchema = z
  .object({
    role: companyRoleSchema.optional(),
    spendingLimit: limitSchema.optional(),
    locationIds: memberLocationIdsSchema.optional(),
  })
  .refine(
    (v) => v.role !== undefined || v.spendingLimit !== undefined || v.locationIds !== undefined,
    companyMessages.changeNothing,
  );
export type MemberPatch = z.input<typeof memberPatchSchema>;

export const companyOrdersQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, `limit must be from 1 to ${COMPANY_ORDERS_MAX_LIMIT}`)
    .max(COMPANY_ORDERS_MAX_LIMIT, `limit must be from 1 to ${COMPANY_ORDERS_MAX_LIMIT}`)
    .optional(),
});

export const adminCompanySchema = z.object({
  _id: z.string(),
  name: z.string(),
  taxId: z.string().nullable(),
  paymentTerms: paymentTermsSchema,
  creditLimit: z.number().nullable(),
  balance: z.number(),
  memberCount: z.number().int(),
  createdAt: z.string(),
  /** B2B §13: the company pays no tax; its certificate's id is on its orders. */
  taxExempt: z.boolean(),
  taxExemptionId: z.string().nullable(),
});
export type AdminCompany = z.infer<typeof adminCompanySchema>;

/**
 * PATCH /api/admin/companies/{id}: every field optional (B2B §13), at least one. `taxExempt: true` needs a
 * `taxExemptionId` (sent now or kept from before: the service checks); `taxExempt: false` clears it.
 */
export const adminCompanyPatchSchema = z
  .object({
    paymentTerms: paymentTermsSchema.optional(),
    creditLimit: limitSchema.optional(),
    taxExempt: z.boolean({ error: 'taxExempt must be true or false' }).optional(),
    taxExemptionId: z
      .string({ error: 'taxExemptionId must be text' })
      .trim()
      .min(1, `taxExemptionId must be 1 to ${MAX_TAX_EXEMPTION_ID_LENGTH} characters`)
      .max(MAX_TAX_EXEMPTION_ID_LENGTH, `taxExemptionId must be 1 to ${MAX_TAX_EXEMPTION_ID_LENGTH} characters`)
      .regex(SINGLE_LINE_PATTERN, singleLineMessage('taxExemptionId'))
      .optional(),
  })
  .refine(
    (v) => Object.values(v).some((x) => x !== undefined),
    'send paymentTerms, creditLimit, taxExempt or taxExemptionId',
  );
export type AdminCompanyPatch = z.input<typeof adminCompanyPatchSchema>;
