// The cXML documents the shop sends (B2B §17), each built with xmlbuilder2 (it escapes every value) and each with
// the envelope every cXML document carries: payloadID `{unique}@{host}`, timestamp and version.
import { randomBytes } from 'node:crypto';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';

export const CXML_VERSION = '1.2.063';
const DTD = `http://xml.cxml.org/schemas/cXML/${CXML_VERSION}/cXML.dtd`;

/** One line of a PunchOutOrderMessage, priced in cents per unit. */
export interface OrderMessageLine {
  sku: string;
  productId: string;
  name: string;
  quantity: number;
  unitCents: number;
}

/** Cents as cXML Money: dollars with two decimals, no grouping. */
export function money(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The root of a document: <cXML payloadID timestamp version> under the cXML DTD. */
function envelope(host: string, now: Date): { doc: XMLBuilder; root: XMLBuilder } {
  const doc = create({ version: '1.0', encoding: 'UTF-8' }).dtd({ name: 'cXML', sysID: DTD });
  const root = doc.ele('cXML', {
    payloadID: `${now.getTime()}.${randomBytes(8).toString('hex')}@${host}`,
    timestamp: now.toISOString(),
    version: CXML_VERSION,
    'xml:lang': 'en-US',
  });
  return { doc, root };
}

/** A Response with its Status; `build` adds the response element (a PunchOutSetupResponse). */
export function cxmlResponse(
  host: string,
  code: number,
  text: string,
  build?: (response: XMLBuilder) => void,
  now = new Date(),
): string {
  const { doc, root } = envelope(host, now);
  const response = root.ele('Response');
  response.ele('Status', { code: String(code), text: statusText(code) }).txt(text);
  build?.(response);
  return doc.end({ prettyPrint: false });
}

function statusText(code: number): string {
  if (code === 200) return 'OK';
  if (code === 400) return 'Bad Request';
  if (code === 401) return 'Unauthorized';
  if (code === 403) return 'Forbidden';
  if (code === 404) return 'Not Found';
  if (code === 409) return 'Conflict';
  return 'Internal Server Error';
}

/** The setup's answer: where the browser opens the shop. */
export function setupResponse(host: string, startUrl: string, now = new Date()): string {
  return cxmlResponse(
    host,
    200,
    'OK',
    (response) => response.ele('PunchOutSetupResponse').ele('StartPage').ele('URL').txt(startUrl),
    now,
  );
}

/**
 * The cart going back to the system: a PunchOutOrderMessage echoing the BuyerCookie, editable later, its Total the
 * sum of its lines.
 */
export function orderMessage(
  host: string,
  buyerCookie: string,
  lines: OrderMessageLine[],
  unspsc: string,
  now = new Date(),
): string {
  const { doc, root } = envelope(host, now);
  const message = root.ele('Message').ele('PunchOutOrderMessage');
  message.ele('BuyerCookie').txt(buyerCookie);
  const totalCents = lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
  message
    .ele('PunchOutOrderMessageHeader', { operationAllowed: 'edit' })
    .ele('Total')
    .ele('Money', { currency: 'USD' })
    .txt(money(totalCents));
  for (const line of lines) {
    const item = message.ele('ItemIn', { quantity: String(line.quantity) });
    const id = item.ele('ItemID');
    id.ele('SupplierPartID').txt(line.sku);
    id.ele('SupplierPartAuxiliaryID').txt(line.productId);
    const detail = item.ele('ItemDetail');
    detail.ele('UnitPrice').ele('Money', { currency: 'USD' }).txt(money(line.unitCents));
    detail.ele('Description', { 'xml:lang': 'en-US' }).txt(line.name);
    detail.ele('UnitOfMeasure').txt('EA');
    detail.ele('Classification', { domain: 'UNSPSC' }).txt(unspsc);
  }
  return doc.end({ prettyPrint: false });
}
