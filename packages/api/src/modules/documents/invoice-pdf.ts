// The invoice of one order as a PDF (B2B §6), drawn with pdfkit. pdfkit is loaded by the first invoice, not at start:
// most processes never draw one, and it would add to every start-up and to the memory of every instance.
import type { Order } from '@kestrel/shared';
import { SELLER } from './seller.js';

/** What an invoice shows besides its order: the buyer's company when the order has one, and when it was issued. */
export interface InvoiceDocument {
  order: Order & { invoiceNumber: string };
  /** ISO instant the invoice number was given (the order's confirmation). */
  issuedAt: string;
  company: { name: string; taxId: string | null } | null;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const day = (iso: string) => iso.slice(0, 10);

/** The characters pdfkit's built-in fonts can draw (Windows-1252); any other would come out as a wrong glyph. */
const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
function printable(text: string): string {
  return Array.from(text, (ch) => {
    const code = ch.codePointAt(0) ?? 0;
    return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.includes(ch) ? ch : '?';
  }).join('');
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

export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const { order, company } = invoice;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 50,
    info: { Title: `Invoice ${order.invoiceNumber}`, Author: SELLER.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Heading: the seller on the left, the invoice's identity on the right.
  doc.font('Helvetica-Bold').fontSize(18).text(SELLER.name, PAGE.left, 50);
  doc.font('Helvetica').fontSize(9);
  for (const line of [...SELLER.address, `Tax ID: ${SELLER.taxId}`, SELLER.email]) doc.text(line);
  const facts: Array<[string, string]> = [
    ['Invoice', order.invoiceNumber],
    ['Invoice date', day(invoice.issuedAt)],
    ['Order', order.number],
    ['PO number', printable(order.poNumber ?? '-')],
    ['Payment', order.paymentTerms === 'account' ? 'On account' : 'Card'],
  ];
  if (order.dueDate) facts.push(['Due date', day(order.dueDate)]);
  facts.push(['Status', order.paid ? 'PAID' : 'UNPAID']);
  let y = 50;
  doc.font('Helvetica-Bold').fontSize(18).text('INVOICE', 350, y, { width: 212, align: 'right' });
  y += 26;
  doc.fontSize(9);
  for (const [label, value] of facts) {
    doc.font('Helvetica').text(`${label}:`, 350, y, { width: 80 });
    doc.font('Helvetica-Bold').text(value, 430, y, { width: 132, align: 'right' });
    y += 13;
  }

  // The buyer.
  y = Math.max(y, doc.y) + 20;
  doc.font('Helvetica-Bold').fontSize(10).text('Bill to', PAGE.left, y);
  doc.font('Helvetica').fontSize(9);
  const buyer = [
    ...(company ? [company.name, ...(company.taxId ? [`Tax ID: ${company.taxId}`] : [])] : []),
    order.userName,
    order.email,
    order.address,
    order.phone,
  ];
  for (const line of buyer) doc.text(printable(line), { width: 300 });

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
      doc.font('Helvetica').fontSize(9).text(`${order.invoiceNumber}, continued`, PAGE.left, 50);
      y = 70;
      heading();
    }
    COLUMNS.forEach((c, i) => doc.text(cells[i] ?? '', c.x, y, { width: c.width, align: c.align }));
    y += height + 6;
  }
  doc.moveTo(PAGE.left, y).lineTo(PAGE.right, y).lineWidth(0.5).stroke();
  y += 8;
  doc.font('Helvetica-Bold').fontSize(11);
  doc.text('Total', 345, y, { width: 130, align: 'right' });
  doc.text(usd.format(order.price), 480, y, { width: 82, align: 'right' });
  y += 24;
  doc.font('Helvetica').fontSize(9);
  const terms = order.paid
    ? 'Paid in full. Thank you for your order.'
    : `Payment on account${order.dueDate ? `, due by ${day(order.dueDate)}` : ''}. Please quote ${order.invoiceNumber}.`;
  doc.text(terms, PAGE.left, y, { width: PAGE.right - PAGE.left });

  doc.end();
  return done;
}
