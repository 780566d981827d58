// What both CSV exports (the catalogue's and the orders') write a field as, and how the catalogue import reads a text
// field back.
import { centsToDollars } from './money.js';

/** RFC 4180: a field with a comma, quote or line break, or spaces at either end (kept, not trimmed), is quoted. */
export function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Money in a CSV: dollars with two decimals, as spreadsheets and the import read it. */
export const csvMoney = (cents: number): string => centsToDollars(cents).toFixed(2);

/** A text a spreadsheet would run as a formula: it starts with = + - @, a tab or a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A free-text field (names, descriptions): a formula-like text is made plain text with a leading apostrophe (OWASP's
 * CSV injection advice), then quoted as csvField does. `csvTextValue` undoes it, so an export imports unchanged.
 */
export function csvText(value: string): string {
  return csvField(FORMULA_START.test(value) ? `'${value}` : value);
}

/** The stored text of a field csvText wrote: one leading apostrophe before a formula-like text is dropped. */
export function csvTextValue(field: string): string {
  return field.startsWith("'") && FORMULA_START.test(field.slice(1)) ? field.slice(1) : field;
}
