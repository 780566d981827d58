// The URL convention of product images, shared so the storefront can ask for the small card variant.
// The backend stores each uploaded image re-encoded as `/api/images/<sha256>.webp` (at most 1200 px on its longer side)
// plus a card variant `/api/images/<sha256>-card.webp` of exactly CARD_IMAGE_WIDTH x CARD_IMAGE_HEIGHT.

export const CARD_IMAGE_WIDTH = 480;
export const CARD_IMAGE_HEIGHT = 360;
export const IMAGE_PATH_PREFIX = '/api/images/';

/** The card variant of an image this shop stores; any other URL is returned unchanged. */
export function cardVariantUrl(url: string): string {
  const match = /^(\/api\/images\/[0-9a-f]{64})\.webp$/.exec(url);
  return match ? `${match[1]}-card.webp` : url;
}

/** Largest image file the upload accepts (5 MB), so the form can refuse a bigger file before sending it. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Longest side of the stored full-size image. */
export const FULL_IMAGE_MAX_SIDE = 1200;
/** The upload's accepted types, usable as a file input's `accept`; the server checks the content, not the name. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
