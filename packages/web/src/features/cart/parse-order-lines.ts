// Quick order's text: one line per order line, `SKU, quantity` with a comma, a semicolon, a tab or spaces between
// (what a spreadsheet copy or a CSV export gives). A first line `sku,quantity` is a header and is skipped.

export interface ParsedLine {
  /** 1-based line of the pasted text or file, as the buyer sees it in an editor. */
  line: number;
  text: string;
  sku: string;
  /** The quantity when it is a whole number; null when it is not (the line is refused with `problem`). */
  quantity: number | null;
  problem: string | null;
}

const HEADER = /^\s*"?sku"?\s*[,;\t ]\s*"?(quantity|qty)"?\s*$/i;
const unquote = (s: string) =>
  s
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();

export function parseOrderLines(text: string): ParsedLine[] {
  const lines: ParsedLine[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const trimmed = raw.trim();
    if (!trimmed || (i === 0 && HEADER.test(trimmed))) return;
    const parts = trimmed.split(/\s*[,;\t]\s*|\s+/).map(unquote);
    const [sku = '', quantityText = '', ...rest] = parts.filter((part) => part !== '');
    const base = { line: i + 1, text: trimmed, sku: sku.toUpperCase() };
    if (!sku || !quantityText || rest.length > 0) {
      lines.push({ ...base, quantity: null, problem: 'expected a SKU and a quantity, like KC-CPU-K7, 2000' });
      return;
    }
    const quantity = /^\d{1,9}$/.test(quantityText) ? Number(quantityText) : 0;
    if (quantity < 1) {
      lines.push({ ...base, quantity: null, problem: 'quantity must be a whole number' });
      return;
    }
    lines.push({ ...base, quantity, problem: null });
  });
  return lines;
}
