// The parts every order document draws with pdfkit (B2B §6, §11): the seller and the document's facts at the top, the
// buyer, the lines table (continued on new pages), the total and a closing paragraph. pdfkit is loaded by the first
// document, not at start: most processes never draw one, and it would add to every start-up and every instance.
import type { Order } from '@kestrel/shared';
import { SELLER } from './seller.js';

export const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const day = (iso: string) => iso.slice(0, 10);

/** The characters pdfkit's built-in fonts can draw (Windows-1252); any other would come out as a wrong glyph. */
const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
export function printable(text: string): string {
  return Array.from(text, (ch) => {
    const code = ch.codePointAt(0) ?? 0;
    return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.includes(ch) ? ch : '?';
  }).join('');
}

/** Text a buyer typed with line breaks (an address, a note): each of its lines, printable, blank ones dropped. */
export function printableLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => printable(line.trim()))
    .filter((line) => line !== '');
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
  company: { name: string; taxId: string | null } | null;
  /** The label of the closing total ("Total", "Total credited"). */
  totalLabel: string;
  /** Paragraphs after the total. */
  closing: string[];
}

export async function renderOrderDocument(document: OrderDocument): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const { order, company } = document;
  const title = `${document.kind.charAt(0)}${document.kind.slice(1).toLowerCase()} ${document.number}`;
  const doc = new PDFDocument({ size: 'LETTER', margin: 50, info: { Title: title, Author: SELLER.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Heading: the seller on the left, the document's identity on the right.
  doc.font('Helvetica-Bold').fontSize(18).text(SELLER.name, PAGE.left, 50);
  doc.font('Helvetica').fontSize(9);
  for (const line of [...SELLER.address, `Tax ID: ${SELLER.taxId}`, SELLER.email]) doc.text(line);
  let y = 50;
  doc.font('Helvetica-Bold').fontSize(18).text(document.kind, 350, y, { width: 212, align: 'right' });
  y += 26;
  doc.fontSize(9);
  for (const [label, value] of document.facts) {
    doc.font('Helvetica').text(`${label}:`, 350, y, { width: 80 });
    doc.font('Helvetica-Bold').text(value, 430, y, { width: 132, align: 'right' });
    y = Math.max(y + 13, doc.y);
  }

  // The buyer, the address with its own line breaks, and the buyer's note to the shop.
  y = Math.max(y, doc.y) + 20;
  doc.font('Helvetica-Bold').fontSize(10).text('Bill to', PAGE.left, y);
  doc.font('Helvetica').fontSize(9);
  const buyer = [
    ...(company ? [company.name, ...(company.taxId ? [`Tax ID: ${company.taxId}`] : [])] : []),
    order.userName,
    order.email,
    ...printableLines(order.address),
    order.phone,
  ];
  for (const line of buyer) doc.text(printable(line), { width: 300 });
  const note = order.note === null ? [] : printableLines(order.note);
  if (note.length > 0) {
    doc.moveDown(0.8);
    doc.font('Helvetica-Bold').text('Note from the buyer', { width: PAGE.right - PAGE.left });
    doc.font('Helvetica');
    for (const line of note) doc.text(line, { width: PAGE.right - PAGE.left });
  }

  // The lines, a new page (with the table's heading again) whenever one would run past the bottom.
  y = doc.y + 20;
  const heading = () => {
    doc.font('Helvetica-Bold').fontSize(9);
    for (const c of COLUMNS) doc.text(c.title, c.x, y, { width: c.width, align: c.align });
    y += 14;
    doc
      .moveTo(PAGE.left, y - 3)
      .lineTo(PAGE.right, y - 3)
      .lineWidth(0.5)
      .stroke();
    doc.font('Helvetica');
  };
  heading();
  for (const line of order.lines) {
    const cells = [
      line.sku,
      printable(line.name),
      String(line.quantity),
      usd.format(line.unitPrice),
      usd.format(line.lineTotal),
    ];
    const height = Math.max(...COLUMNS.map((c, i) => doc.heightOfString(cells[i] ?? '', { width: c.width })));
    if (y + height > PAGE.bottom - 40) {
      doc.addPage();
      doc.font('Helvetica').fontSize(9).text(`${document.number}, continued`, PAGE.left, 50);
      y = 70;
      heading();
    }
    COLUMNS.forEach((c, i) => doc.text(cells[i] ?? '', c.x, y, { width: c.width, align: c.align }));
    y += height + 6;
  }
  doc.moveTo(PAGE.left, y).lineTo(PAGE.right, y).lineWidth(0.5).stroke();
  y += 8;
  doc.font('Helvetica-Bold').fontSize(11);
  // The amount gets the width of two columns: up to MAX_ORDER_TOTAL_CENTS ($1,000,000,000,000.00) on one line.
  doc.text(document.totalLabel, 195, y, { width: 180, align: 'right' });
  doc.text(usd.format(order.price), 380, y, { width: 182, align: 'right' });
  y += 24;
  doc.font('Helvetica').fontSize(9);
  doc.text('', PAGE.left, y);
  for (const paragraph of document.closing) doc.text(paragraph, { width: PAGE.right - PAGE.left, paragraphGap: 4 });

  doc.end();
  return done;
}
