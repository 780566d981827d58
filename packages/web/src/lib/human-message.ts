// The contract's validation messages name fields as the API spells them ("packSize must be ...", "name is Required");
// an administrator's form says them in words (B2B §11). One place turns one into the other.
const FIELD_WORDS: Array<[RegExp, string]> = [
  [/\bquantity \(the minimum order\)/g, 'the minimum order'],
  [/\bmaxQuantity\b/g, 'the maximum order'],
  [/\bpackSize\b/g, 'the pack size'],
  [/\btrackingNumber\b/g, 'the tracking number'],
  [/\bpriceBreaks\b/g, 'the price breaks'],
  [/\bstockAdjustment\b/g, 'the stock adjustment'],
  [/^sku\b/, 'the SKU'],
  [/^img\b/, 'the image'],
  [/^quantity\b/, 'the minimum order'],
  [/^(name|description|category|carrier|reference|price)\b/, 'the $1'],
];

/** A message fit for a person; undefined stays undefined (no error). */
export function humanMessage(message: string): string;
export function humanMessage(message: string | undefined): string | undefined;
export function humanMessage(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  // SPEC.md's own form texts ('name is Required', ...) are exact and stay as written.
  if (/^\w+ is Required$/.test(message)) return message;
  let text = message;
  for (const [pattern, words] of FIELD_WORDS) text = text.replace(pattern, words);
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}
