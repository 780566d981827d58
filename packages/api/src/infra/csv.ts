// What both CSV exports (the catalogue's and the orders') write a field as, and how the catalogue import reads a text
// field back.
import { centsToDollars } from './money.js';

/** RFC 4180: a field with a comma, quote or line break, or spaces at either end (kept, not trimmed), is quoted. */
export function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Money in a CSV: dollars with two decimals, as spreadsheets and the import read it. */
export const csvMoney = (cents: number): string => centsToDollars(cents).toFixed(2);

/**
 * A text that needs the mark: a spreadsheet would run it as a formula (it starts with = + - @, a tab or a carriage
 * return), or it already starts with apostrophes before such a character, which the import would otherwise take for
 * the mark and drop.
 */
const NEEDS_MARK = /^'*[=+\-@\t\r]/;

/**
 * A free-text field (names, descriptions): a formula-like text is made plain text with a leading apostrophe (OWASP's
 * CSV injection advice), then quoted as csvField does. `csvTextValue` undoes it, so an export imports unchanged.
 */
export function csvText(value: string): string {
  return csvField(NEEDS_MARK.test(value) ? `'${value}` : value);
}

/** The stored text of a field csvText wrote: the one leading apostrophe it added is dropped. */
export function csvTextValue(field: string): string {
  return field.startsWith("'") && NEEDS_MARK.test(field.slice(1)) ? field.slice(1) : field;
}
