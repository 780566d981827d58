// Business constants of docs/product.md §11 and PRODUCT.md, shared by the storefront and the backend.

/** Minimum order quantity the Add Product page gives every new product. */
export const NEW_PRODUCT_MIN_QUANTITY = 1000;
/** Stock the Add Product page gives every new product. */
export const NEW_PRODUCT_AVAILABLE_QUANTITY = 10000;

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const PASSWORD_MIN_LENGTH = 6;
/** Long enough for a passphrase, short enough that hashing it is never a denial of service. */
export const PASSWORD_MAX_LENGTH = 128;
/**
 * The one e-mail rule (docs/product.md §3), wherever an address is taken: a single mailbox, something@something.tld.
 * The local part is the characters HTML's `type=email` accepts, the domain dot-separated labels of letters, digits and
 * inner dashes; so commas, semicolons, angle brackets, quotes, spaces, line breaks, a second @ and display names are
 * all refused (`x,victim@corp.example` would have been two recipients to the mail server).
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
/** The longest address SMTP carries (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;

/** The e-mail rule as a test: one mailbox (EMAIL_PATTERN), at most EMAIL_MAX_LENGTH characters. */
export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/** Text of one line: no control character (line breaks, tabs, NUL...) and no Unicode line or paragraph separator. */
export const SINGLE_LINE_PATTERN = /^[^\p{Cc}\p{Zl}\p{Zp}]*$/u;
/** A postal address: lines of SINGLE_LINE_PATTERN text (B2B §11 prints them as typed); no other control character. */
export const ADDRESS_PATTERN = /^(?:[^\p{Cc}\p{Zl}\p{Zp}]|\r?\n)*$/u;
/** The refusal of an address with a control character other than a line break. */
export const ADDRESS_CONTROL_MESSAGE = 'address may have line breaks but no tabs or other control characters';
const LINE_BREAKING = /[\s\p{Cc}\p{Zl}\p{Zp}]+/gu;

/** Text made one line: every run of whitespace and control characters becomes one space, the ends trimmed. */
export function oneLine(text: string): string {
  return text.replace(LINE_BREAKING, ' ').trim();
}

/** The refusal of a field that must be one line (names, phone numbers, PO numbers). */
export function singleLineMessage(field: string): string {
  return `${field} must be one line, without line breaks or control characters`;
}

/** How many of the newest products the home page shows. */
export const HOME_PRODUCT_COUNT = 3;

/** localStorage key of the access token (docs/product.md §15). */
export const ACCESS_TOKEN_KEY = 'accessToken';

/** Toast defaults (docs/product.md §11). */
export const TOAST_AUTO_CLOSE_MS = 5000;

/** Data-fetching defaults (docs/product.md §11). */
export const QUERY_CACHE_MS = 5 * 60 * 1000;
export const QUERY_RETRIES = 3;
export const QUERY_RETRY_MAX_DELAY_MS = 30 * 1000;
/**
 * 503 codes of work stopped at its time budget (a search, the admin's figures): a second try costs the same budget and
 * ends the same way, so the storefront shows the message at once instead of retrying it for seconds.
 */
export const BUDGET_EXCEEDED = { search: 'search_timeout', stats: 'stats_timeout' } as const;
export const BUDGET_EXCEEDED_CODES: readonly string[] = Object.values(BUDGET_EXCEEDED);

/** Lazy script parts give up after this long (docs/product.md §15). */
export const CHUNK_LOAD_TIMEOUT_MS = 120 * 1000;

/** Upper bounds that keep one record from growing without limit. */
export const MAX_PRICE_DOLLARS = 1_000_000;
export const MAX_QUANTITY = 10_000_000;
/**
 * The largest order total, in cents: $1,000,000,000,000.00. Totals are summed in whole cents and answered in dollars,
 * and a JSON number carries dollars to the exact cent only up to 15 significant digits: without a bound, 100 lines at
 * the largest price and quantity passed 2^53 cents and lost cents on the way.
 */
export const MAX_ORDER_TOTAL_CENTS = 100_000_000_000_000;
export const MAX_NAME_LENGTH = 120;
export const MAX_TEXT_LENGTH = 2000;
export const MAX_FIELD_LENGTH = 300;
export const MAX_URL_LENGTH = 2048;

/** Largest page `GET /service?limit=` hands out. */
export const MAX_PAGE_SIZE = 100;

/**
 * `STAFF_2FA=required` (B2B §15): the error code of a staff call by a staff account without two-step sign-in. Here,
 * zod-free, because the storefront's API client (in every page's bundle) recognises it.
 */
export const TWO_FACTOR_REQUIRED_CODE = 'two_factor_required';
