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
/** A simple e-mail pattern, as SPEC.md asks: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The longest address SMTP carries (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;

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

/** Lazy script parts give up after this long (docs/product.md §15). */
export const CHUNK_LOAD_TIMEOUT_MS = 120 * 1000;

/** Upper bounds that keep one record from growing without limit. */
export const MAX_PRICE_DOLLARS = 1_000_000;
export const MAX_QUANTITY = 10_000_000;
export const MAX_NAME_LENGTH = 120;
export const MAX_TEXT_LENGTH = 2000;
export const MAX_FIELD_LENGTH = 300;
export const MAX_URL_LENGTH = 2048;

/** Largest page `GET /service?limit=` hands out. */
export const MAX_PAGE_SIZE = 100;
