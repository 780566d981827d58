// What the shop reads from a procurement system's cXML (B2B §17): the sender's credential, and the parts of a
// PunchOutSetupRequest and an OrderRequest it acts on. A part that is missing or malformed throws MissingPart, which
// the routes answer as cXML Status 400 with its words (they name the part, and the line for an ItemOut).
import { at, attr, child, children, readXml, textOf, type XmlNode, type XmlValue } from './xml-input.js';

export class MissingPart extends Error {}

export interface SenderCredential {
  identity: string;
  sharedSecret: string;
}

export interface ItemOutLine {
  /** 1-based: the line's position among the ItemOut elements, as the refusals name it. */
  line: number;
  sku: string;
  quantity: number;
  /** Cents; undefined when the line carries no UnitPrice (a setup's edit lines may not). */
  unitCents: number | undefined;
}

export interface SetupRequest {
  credential: SenderCredential;
  operation: 'create' | 'edit';
  buyerCookie: string;
  returnUrl: string;
  items: ItemOutLine[];
}

export interface OrderRequest {
  credential: SenderCredential;
  orderId: string;
  items: ItemOutLine[];
  /** The ShipTo element, read by ship-to.ts. */
  shipTo: XmlValue | undefined;
}

const missing = (part: string) => new MissingPart(`The request lacks ${part}`);

/**
 * How far into a document its Header may end. The credential is read from the head alone, so a request that does
 * not hold the right secret costs the parse of at most this much, never of the whole (up to BODY_LIMIT) document;
 * real cXML headers are about 1 KB.
 */
export const MAX_HEADER_CHARS = 16 * 1024;

function root(text: string): XmlNode {
  const doc = readXml(text);
  const cxml = doc['cXML'];
  if (cxml === undefined || typeof cxml === 'string' || Array.isArray(cxml)) throw missing('the cXML element');
  return cxml;
}

/** The Sender's credential that carries a SharedSecret (a system may send several credentials). */
function senderCredential(cxml: XmlNode): SenderCredential {
  const sender = at(cxml, 'Header', 'Sender');
  if (sender === undefined) throw missing('Header/Sender');
  for (const credential of children(sender, 'Credential')) {
    const identity = textOf(child(credential, 'Identity'));
    const sharedSecret = textOf(child(credential, 'SharedSecret'));
    if (identity !== undefined && sharedSecret !== undefined) return { identity, sharedSecret };
  }
  throw missing('Header/Sender/Credential with Identity and SharedSecret');
}

/**
 * The Sender's credential, read before the document is: the text up to its first `</Header>`, closed as a document of
 * its own and read by the same parser (declarations refused as for any), so it is the very Header the full read
 * finds first. A Header that ends past MAX_HEADER_CHARS (or never) is refused as a missing part. The full read still
 * takes the credential again, and the service checks it there too; this only comes first.
 */
export function readCredential(text: string): SenderCredential {
  const end = text.indexOf('</Header>');
  if (end === -1 || end > MAX_HEADER_CHARS) {
    throw new MissingPart(`The request lacks a Header ending within its first ${MAX_HEADER_CHARS / 1024} KiB`);
  }
  return senderCredential(root(`${text.slice(0, end + '</Header>'.length)}</cXML>`));
}

/**
 * Dollars with at most two decimals as cents (zeros past them allowed: systems send "10.000"); undefined when it is
 * not such an amount, so a fraction of a cent is never rounded away.
 */
export function centsOf(text: string | undefined): number | undefined {
  const match = text === undefined ? null : /^(\d{1,9})(?:\.(\d{1,2})0*)?$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

function itemOuts(parent: XmlValue | undefined, priced: boolean): ItemOutLine[] {
  return children(parent, 'ItemOut').map((item, index) => {
    const line = index + 1;
    const quantityText = attr(item, 'quantity') ?? '';
    const quantity = /^\d{1,9}$/.test(quantityText) ? Number(quantityText) : 0;
    if (quantity < 1) throw new MissingPart(`ItemOut line ${line}: quantity must be a whole number of at least 1`);
    const sku = textOf(at(item, 'ItemID', 'SupplierPartID'));
    if (sku === undefined) throw new MissingPart(`ItemOut line ${line}: ItemID/SupplierPartID is missing`);
    const priceText = textOf(at(item, 'ItemDetail', 'UnitPrice', 'Money'));
    const unitCents = centsOf(priceText);
    if (priced && unitCents === undefined) {
      throw new MissingPart(`ItemOut line ${line}: ItemDetail/UnitPrice/Money must be an amount such as 12.50`);
    }
    return { line, sku, quantity, unitCents };
  });
}

/** An http(s) address, else MissingPart naming the part. */
export function returnAddress(text: string | undefined, part: string): string {
  if (text === undefined) throw missing(part);
  try {
    const url = new URL(text);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.href;
  } catch {
    // Answered below, as for any address that is not http(s).
  }
  throw new MissingPart(`${part} must be an http(s) address`);
}

export function readSetupRequest(text: string): SetupRequest {
  const cxml = root(text);
  const credential = senderCredential(cxml);
  const setup = at(cxml, 'Request', 'PunchOutSetupRequest');
  if (setup === undefined) throw missing('Request/PunchOutSetupRequest');
  const operation = attr(setup, 'operation') ?? 'create';
  if (operation !== 'create' && operation !== 'edit') {
    throw new MissingPart('PunchOutSetupRequest operation must be "create" or "edit"');
  }
  const buyerCookie = textOf(child(setup, 'BuyerCookie'));
  if (buyerCookie === undefined) throw missing('PunchOutSetupRequest/BuyerCookie');
  const returnUrl = returnAddress(textOf(at(setup, 'BrowserFormPost', 'URL')), 'BrowserFormPost/URL');
  return { credential, operation, buyerCookie, returnUrl, items: operation === 'edit' ? itemOuts(setup, false) : [] };
}

export function readOrderRequest(text: string): OrderRequest {
  const cxml = root(text);
  const credential = senderCredential(cxml);
  const order = at(cxml, 'Request', 'OrderRequest');
  if (order === undefined) throw missing('Request/OrderRequest');
  const header = child(order, 'OrderRequestHeader');
  if (header === undefined) throw missing('OrderRequest/OrderRequestHeader');
  const orderId = attr(header, 'orderID')?.trim();
  if (!orderId) throw missing('OrderRequestHeader orderID');
  if (orderId.length > 100) throw new MissingPart('OrderRequestHeader orderID must be at most 100 characters');
  const items = itemOuts(order, true);
  if (items.length === 0) throw missing('an ItemOut line');
  return { credential, orderId, items, shipTo: child(header, 'ShipTo') };
}
