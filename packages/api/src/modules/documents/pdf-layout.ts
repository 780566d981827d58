// The parts every order document draws with pdfkit (B2B §6, §11): the seller and the document's facts at the top, the
// buyer, the lines table (continued on new pages), the total and a closing paragraph. pdfkit (and the fonts) are
// loaded by the first document, not at start: most processes never draw one, and it would add to every start-up.
// Every piece of text is drawn in the embedded Noto faces of pdf-fonts.ts, one run per face, so a name in any script
// prints as typed.
import type { Order } from '@kestrel/shared';
import type { Font } from 'fontkit';
import { yieldToIo } from '../../infra/yield-to-io.js';
import { documentFonts, runsOf, type LoadedFace } from './pdf-fonts.js';
import { SELLER } from './seller.js';

// Made by the first document, as pdfkit is: a formatter reads ICU's data out of the node binary into memory.
let dollars: Intl.NumberFormat | undefined;
export function usd(amount: number): string {
  dollars ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  return dollars.format(amount);
}
export const day = (iso: string) => iso.slice(0, 10);

/** Text as it may be printed: control characters (which no font draws and which break a line's layout) removed. */
export function printable(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029]/gu, '');
}

/** Text a buyer typed with line breaks (an address, a note): each of its lines, printable, blank ones dropped. */
export function printableLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => printable(line.trim()))
    .filter((line) => line !== '');
}

/** The buyer's company as a document prints it (B2B §5): its billing address keeps its own line breaks. */
export interface DocumentCompany {
  name: string;
  taxId: string | null;
  billingAddress: string;
}

const PAGE = { left: 50, right: 562, bottom: 742 };
/** The lines table: x and width of each column; numbers are right-aligned. */
const COLUMNS = [
  { title: 'SKU', x: 50, width: 95, align: 'left' },
  { title: 'Item', x: 150, width: 190, align: 'left' },
  { title: 'Quantity', x: 345, width: 55, align: 'right' },
  { title: 'Unit price', x: 405, width: 70, align: 'right' },
  { title: 'Line total', x: 480, width: 82, align: 'right' },
] as const;

export interface OrderDocument {
  /** INVOICE or CREDIT NOTE: the heading, and the PDF's title with `number`. */
  kind: string;
  number: string;
  /** The label and value pairs under the heading. */
  facts: Array<[string, string]>;
  order: Order;
  company: DocumentCompany | null;
  /** B2B §13: the subtotal, tax and total rows ([label, dollars], the total last) under the lines. */
  totals: Array<[string, number]>;
  /** The seller's tax id (SHOP_TAX_ID); undefined: the seller block's own. */
  sellerTaxId?: string | null | undefined;
  /** Paragraphs after the total. */
  closing: string[];
}

type Weight = 'regular' | 'bold';
type TextOptions = PDFKit.Mixins.TextOptions;

/** Table rows drawn between two pauses for other requests (see below). */
const ROWS_PER_SLICE = 25;

/**
 * Draws text in the embedded faces: one run per face (pdf-fonts.ts), chained with pdfkit's `continued` so the runs
 * flow (and wrap) as one paragraph. With `at`, the paragraph starts there; else where the last one ended.
 */
function writer(doc: PDFKit.PDFDocument, faces: LoadedFace[]) {
  const fontName = (face: number, weight: Weight) => `${faces[face]?.name ?? 'NotoSans'}-${weight}`;
  faces.forEach((face, i) => {
    // pdfkit takes a parsed fontkit font as it takes a file (its types only name the latter).
    const register = (weight: Weight, font: Font) =>
      doc.registerFont(fontName(i, weight), font as unknown as ArrayBuffer);
    register('regular', face.regular);
    register('bold', face.bold);
  });
  const write = (weight: Weight, text: string, options: TextOptions = {}, at?: { x: number; y: number }) => {
    const runs = runsOf(text, faces);
    if (runs.length === 0) runs.push({ text: '', face: 0 });
    runs.forEach((run, i) => {
      doc.font(fontName(run.face, weight));
      const last = i === runs.length - 1;
      const runOptions = { ...options, continued: !last };
      if (i === 0 && at) doc.text(run.text, at.x, at.y, runOptions);
      else doc.text(run.text, runOptions);
    });
  };
  /** The height of the text in the given width: measured in each face it uses, the tallest taken. */
  const heightOf = (weight: Weight, text: string, width: number) => {
    const used = new Set(runsOf(text, faces).map((run) => run.face));
    let height = 0;
    for (const face of used.size > 0 ? used : [0]) {
      doc.font(fontName(face, weight));
      height = Math.max(height, doc.heightOfString(text, { width }));
    }
    return height;
  };
  return { write, heightOf };
}

/** The lines a document prints for its buyer: with a company, the company billed and who ordered where. */
function buyerLines(order: Order, company: DocumentCompany | null): string[] {
  const contact = [order.userName, order.email];
  if (!company) return [...contact, ...printableLines(order.address), order.phone];
  return [
    company.name,
    ...(company.taxId ? [`Tax ID: ${company.taxId}`] : []),
    ...printableLines(company.billingAddress),
    `Ordered by: ${order.userName}, ${order.email}`,
    `Deliver to: ${printableLines(order.address).join(', ')}`,
    `Phone: ${order.phone}`,
  ];
}

export async function renderOrderDocument(document: OrderDocument): Promise<Buffer> {
  const [{ default: PDFDocument }, faces] = await Promise.all([import('pdfkit'), documentFonts()]);
  const { order, company } = document;
  const title = `${document.kind.charAt(0)}${document.kind.slice(1).toLowerCase()} ${document.number}`;
  const doc = new PDFDocument({ size: 'LETTER', margin: 50, info: { Title: title, Author: SELLER.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { write, heightOf } = writer(doc, faces);

  // Heading: the seller on the left, the document's identity on the right.
  doc.fontSize(18);
  write('bold', SELLER.name, {}, { x: PAGE.left, y: 50 });
  doc.fontSize(9);
  const sellerTaxId = document.sellerTaxId === undefined ? SELLER.taxId : document.sellerTaxId;
  for (const line of [...SELLER.address, ...(sellerTaxId ? [`Tax ID: ${printable(sellerTaxId)}`] : []), SELLER.email]) {
    write('regular', line);
  }
  let y = 50;
  doc.fontSize(18);
  write('bold', document.kind, { width: 212, align: 'right' }, { x: 350, y });
  y += 26;
  doc.fontSize(9);
  for (const [label, value] of document.facts) {
    write('regular', `${label}:`, { width: 80 }, { x: 350, y });
    write('bold', printable(value), { width: 132, align: 'right' }, { x: 430, y });
    y = Math.max(y + 13, doc.y);
  }

  // The buyer (and the company billed), the addresses with their own line breaks, and the buyer's note to the shop.
  y = Math.max(y, doc.y) + 20;
  doc.fontSize(10);
  write('bold', 'Bill to', {}, { x: PAGE.left, y });
  doc.fontSize(9);
  for (const line of buyerLines(order, company)) write('regular', printable(line), { width: 300 });
  const note = order.note === null ? [] : printableLines(order.note);
  if (note.length > 0) {
    doc.moveDown(0.8);
    write('bold', 'Note from the buyer', { width: PAGE.right - PAGE.left });
    for (const line of note) write('regular', line, { width: PAGE.right - PAGE.left });
  }

  // The lines, a new page (with the table's heading again) whenever one would run past the bottom.
  y = doc.y + 20;
  const heading = () => {
    doc.fontSize(9);
    for (const c of COLUMNS) write('bold', c.title, { width: c.width, align: c.align }, { x: c.x, y });
    y += 14;
    doc
      .moveTo(PAGE.left, y - 3)
      .lineTo(PAGE.right, y - 3)
      .lineWidth(0.5)
      .stroke();
  };
  heading();
  let row = 0;
  for (const line of order.lines) {
    // A 100-line order is the longest drawing: other requests are served between slices of its rows.
    if (++row % ROWS_PER_SLICE === 0) await yieldToIo();
    const cells = [
      printable(line.sku),
      printable(line.name),
      String(line.quantity),
      usd(line.unitPrice),
      usd(line.lineTotal),
    ];
    const height = Math.max(...COLUMNS.map((c, i) => heightOf('regular', cells[i] ?? '', c.width)));
    if (y + height > PAGE.bottom - 40) {
      doc.addPage();
      doc.fontSize(9);
      write('regular', `${document.number}, continued`, {}, { x: PAGE.left, y: 50 });
      y = 70;
      heading();
    }
    COLUMNS.forEach((c, i) => write('regular', cells[i] ?? '', { width: c.width, align: c.align }, { x: c.x, y }));
    y += height + 6;
  }
  doc.moveTo(PAGE.left, y).lineTo(PAGE.right, y).lineWidth(0.5).stroke();
  y += 8;
  // The amounts get the width of two columns: up to MAX_ORDER_TOTAL_CENTS ($1,000,000,000,000.00) on one line.
  document.totals.forEach(([label, amount], i) => {
    const total = i === document.totals.length - 1;
    doc.fontSize(total ? 11 : 9);
    write(total ? 'bold' : 'regular', printable(label), { width: 180, align: 'right' }, { x: 195, y });
    write(total ? 'bold' : 'regular', usd(amount), { width: 182, align: 'right' }, { x: 380, y });
    y += total ? 24 : 14;
  });
  doc.fontSize(9);
  doc.text('', PAGE.left, y);
  for (const paragraph of document.closing) {
    write('regular', printable(paragraph), { width: PAGE.right - PAGE.left, paragraphGap: 4 });
  }

  // Ending writes the font subsets and compresses the pages: the one slice that cannot be split.
  await yieldToIo();
  doc.end();
  return done;
}
