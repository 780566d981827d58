// What both CSV exports (the catalogue's and the orders') write a field as.
import { centsToDollars } from './money.js';

/** RFC 4180: a field with a comma, quote or line break, or spaces at either end (kept, not trimmed), is quoted. */
export function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Money in a CSV: dollars with two decimals, as spreadsheets and the import read it. */
export const csvMoney = (cents: number): string => centsToDollars(cents).toFixed(2);
