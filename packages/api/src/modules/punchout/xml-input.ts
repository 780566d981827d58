// Reading the XML a procurement system sends (B2B §17), refusing what could make the parser do more than read. A
// DOCTYPE that only names an external DTD (real cXML systems send `<!DOCTYPE cXML SYSTEM "...cXML.dtd">`) is
// accepted and never fetched: fast-xml-parser fetches nothing. Any declaration inside the document (an internal
// subset, an <!ENTITY>) is refused before parsing, so no entity is ever defined, let alone expanded: the billion
// laughs and external entities (XXE) both need one, and both are refused in one pass over the text.
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** Thrown for a document refused or not well-formed; the routes answer it as cXML Status 400. */
export class XmlRefused extends Error {}

/** The elements that may repeat, always read as lists so one line and many read alike. */
const LISTS = new Set(['ItemOut', 'Credential', 'Street', 'Extrinsic', 'Description']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Values stay text: a SupplierPartID of 00123 must not turn into the number 123.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Only XML's five predefined entities and character references remain once declarations are refused.
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => LISTS.has(name),
});

/** A DOCTYPE with anything inside brackets, or an entity declaration anywhere (also outside any DOCTYPE). */
function declaresSomething(text: string): boolean {
  if (text.includes('<!ENTITY')) return true;
  const doctype = text.indexOf('<!DOCTYPE');
  if (doctype === -1) return false;
  const end = text.indexOf('>', doctype);
  return end === -1 || text.slice(doctype, end).includes('[');
}

export type XmlNode = { [name: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[];

/** The document as nested objects: attributes `@_name`, text `#text` beside attributes, repeatable elements lists. */
export function readXml(text: string): XmlNode {
  if (declaresSomething(text)) throw new XmlRefused('The document declares entities or a DTD subset: refused');
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new XmlRefused(`The XML does not parse: ${valid.err.msg} (line ${valid.err.line})`);
  const parsed: unknown = parser.parse(text);
  if (!isNode(parsed)) throw new XmlRefused('The XML does not parse');
  return parsed;
}

export function isNode(value: unknown): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The child element `name` of `node` (the first, for a list), or undefined. */
export function child(node: XmlValue | undefined, name: string): XmlValue | undefined {
  if (!isNode(node)) return undefined;
  const value = node[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Every `name` child of `node`. */
export function children(node: XmlValue | undefined, name: string): XmlValue[] {
  if (!isNode(node)) return [];
  const value = node[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** An element's text (an element with attributes keeps it as `#text`), or undefined when empty or absent. */
export function textOf(node: XmlValue | undefined): string | undefined {
  const text = typeof node === 'string' ? node : isNode(node) ? node['#text'] : undefined;
  return typeof text === 'string' && text !== '' ? text : undefined;
}

/** An attribute's value, or undefined. */
export function attr(node: XmlValue | undefined, name: string): string | undefined {
  if (!isNode(node)) return undefined;
  const value = node[`@_${name}`];
  return typeof value === 'string' ? value : undefined;
}

/** Follows a path of child elements. */
export function at(node: XmlValue | undefined, ...path: string[]): XmlValue | undefined {
  return path.reduce<XmlValue | undefined>((n, name) => child(n, name), node);
}
