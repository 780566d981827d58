// B2B §12's structured address, apart from the shared index (`@kestrel/shared/ship-to`): the country and subdivision
// lists it checks against are the maintained ones of i18n-iso-countries and iso-3166-2, and only the pages that take
// an address (lazily loaded) and the API load them, never the storefront's home bundle.
import './zod-setup.js';
// Both lists are CommonJS packages whose exports Node's ES module loader cannot name: imported whole (the server runs
// these sources under Node itself, not only through a bundler).
import countries from 'i18n-iso-countries';
import iso3166 from 'iso-3166-2';
import { z } from 'zod';
import { SINGLE_LINE_PATTERN } from './constants.js';
import { addressAnswerSchema } from './ordering.js';

export const ADDRESS_TEXT_MAX = 100;
export const POSTAL_CODE_MAX = 16;
/** How many entries a personal address book holds (B2B §12; one more: 409). */
export const MAX_ADDRESS_BOOK_ENTRIES = 50;

/**
 * The countries whose `region` is required and checked, with the subdivision types that count: US states and DC
 * (not the outlying areas, which have country codes of their own: PR, GU...), Canada's provinces and territories.
 */
const REGION_TYPES: Record<string, readonly string[]> = {
  US: ['State', 'District'],
  CA: ['Province', 'Territory'],
};

const ALPHA2 = new Set(Object.keys(countries.getAlpha2Codes()));

/** Whether `code` is a real ISO 3166-1 alpha-2 code, upper case. */
export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && ALPHA2.has(code);
}

export interface PlaceOption {
  code: string;
  name: string;
}

/**
 * The subdivisions a country's `region` must be one of (code without the country prefix, and its name), in code
 * order, or null when the country's region is free text. The one rule both the check and the storefront's select use.
 */
export function regionOptionsOf(country: string): PlaceOption[] | null {
  // Every address check asks (the order path included): the list of a country is built once.
  const known = regionsByCountry.get(country);
  if (known !== undefined) return known;
  const built = buildRegionOptions(country);
  regionsByCountry.set(country, built);
  return built;
}
const regionsByCountry = new Map<string, PlaceOption[] | null>();

function buildRegionOptions(country: string): PlaceOption[] | null {
  const types = REGION_TYPES[country];
  const found = types ? iso3166.country(country) : undefined;
  if (!types || !found) return null;
  return Object.entries(found.sub)
    .filter(([, sub]) => types.includes(sub.type))
    .map(([code, sub]) => ({ code: code.slice(country.length + 1), name: sub.name }))
    .sort((a, b) => a.code.localeCompare(b.code));
}

/** The subdivision codes (without the country prefix) a country's `region` must be one of, or null when unchecked. */
export function regionCodesOf(country: string): string[] | null {
  return regionOptionsOf(country)?.map((option) => option.code) ?? null;
}

/** Whether `region` is one of the country's checked subdivision codes (a set lookup, built once per country). */
function isRegionOf(country: string, region: string): boolean {
  let codes = regionCodeSets.get(country);
  if (!codes) {
    codes = new Set(regionCodesOf(country) ?? []);
    regionCodeSets.set(country, codes);
  }
  return codes.has(region);
}
const regionCodeSets = new Map<string, Set<string>>();

/** A country's name for sentences ("Germany"); the code itself when the list has none. */
export function countryName(code: string): string {
  return iso3166.country(code)?.name ?? code;
}

/**
 * Every country an address may name, by English name (iso-3166-2's; the code itself for the one code it lacks,
 * XK), for the storefront's country select.
 */
export function countryOptions(): PlaceOption[] {
  return [...ALPHA2]
    .map((code) => ({ code, name: countryName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

const text = (field: string, max = ADDRESS_TEXT_MAX) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`)
    .regex(SINGLE_LINE_PATTERN, `${field} must be one line of text`);
const optionalText = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(ADDRESS_TEXT_MAX, `${field} must be at most ${ADDRESS_TEXT_MAX} characters`)
    .regex(SINGLE_LINE_PATTERN, `${field} must be one line of text`)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * An address whose messages name each field under `at` (`address`, `shipTo.address`): `{ name?, line1, line2?, city,
 * postalCode, region?, country }`, the optional parts null when absent.
 */
export function addressSchemaAt(at: string) {
  const field = (name: string) => `${at}.${name}`;
  return z
    .object(
      {
        name: optionalText(field('name')),
        line1: text(field('line1')),
        line2: optionalText(field('line2')),
        city: text(field('city')),
        postalCode: text(field('postalCode'), POSTAL_CODE_MAX),
        region: optionalText(field('region')),
        country: z
          .string({ error: `${field('country')} is required` })
          .refine(
            isCountryCode,
            `${field('country')} must be an ISO 3166-1 alpha-2 code in upper case, such as US or DE`,
          ),
      },
      { error: `${at} must be an object` },
    )
    .superRefine((address, ctx) => {
      if (!REGION_TYPES[address.country]) return;
      if (address.region === null) {
        ctx.addIssue({
          code: 'custom',
          path: ['region'],
          message: `${field('region')} is required for ${address.country}`,
        });
      } else if (!isRegionOf(address.country, address.region)) {
        ctx.addIssue({
          code: 'custom',
          path: ['region'],
          message: `${field('region')} must be a ${address.country === 'US' ? 'US state (or DC)' : 'Canadian province or territory'} code, such as ${address.country === 'US' ? 'CA' : 'ON'}`,
        });
      }
    });
}
export const addressSchema = addressSchemaAt('address');
export type AddressInput = z.input<typeof addressSchema>;
export type Address = z.output<typeof addressSchema>;

const phoneSchema = z
  .string({ error: 'phone must be text' })
  .trim()
  .max(40, 'phone must be at most 40 characters')
  .regex(SINGLE_LINE_PATTERN, 'phone must be one line of text')
  .nullish()
  .transform((v) => (v ? v : null));
const labelSchema = text('label');

/** POST /api/me/addresses. */
export const addressBookCreateSchema = z.object({ label: labelSchema, address: addressSchema, phone: phoneSchema });
/** PATCH /api/me/addresses/{id}: any part; `isDefault: true` moves the default here. */
export const addressBookPatchSchema = z
  .object({
    label: labelSchema.optional(),
    address: addressSchema.optional(),
    phone: phoneSchema.optional(),
    isDefault: z
      .literal(true, { error: 'isDefault can only be true (set another entry as the default instead)' })
      .optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'send label, address, phone or isDefault');

export const addressBookEntrySchema = z.object({
  _id: z.string(),
  label: z.string(),
  address: addressAnswerSchema,
  phone: z.string().nullable(),
  isDefault: z.boolean(),
});
export type AddressBookEntry = z.infer<typeof addressBookEntrySchema>;

/** How many locations a company holds (B2B §12; one more: 409). */
export const MAX_COMPANY_LOCATIONS = 200;

/** POST /api/companies/mine/locations (owners). */
export const locationCreateSchema = z.object({ name: text('name'), address: addressSchema, phone: phoneSchema });
/** PATCH /api/companies/mine/locations/{id} (owners): any part; `isDefault: true` moves the default here. */
export const locationPatchSchema = z
  .object({
    name: text('name').optional(),
    address: addressSchema.optional(),
    phone: phoneSchema.optional(),
    isDefault: z
      .literal(true, { error: 'isDefault can only be true (set another location as the default instead)' })
      .optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'send name, address, phone or isDefault');
export const companyLocationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  address: addressAnswerSchema,
  phone: z.string().nullable(),
  isDefault: z.boolean(),
});
export type CompanyLocation = z.infer<typeof companyLocationSchema>;

/**
 * The storefront's address forms, one shape for all three (a location, an address book entry, the checkout's one-off
 * address) so they share one set of fields: `title` is the location's `name` or the entry's `label` (with their
 * messages; unused by the one-off form), `phone` and `address` are the bodies' own schemas.
 */
export function addressFormSchema(kind: 'location' | 'entry' | 'one-off') {
  return z.object({
    title: kind === 'one-off' ? z.string() : text(kind === 'location' ? 'name' : 'label'),
    phone: phoneSchema,
    address: addressSchema,
  });
}
export type AddressFormInput = z.input<ReturnType<typeof addressFormSchema>>;
export type AddressFormOutput = z.output<ReturnType<typeof addressFormSchema>>;
