// Reading the server's pages as a crawler does (B2B §18): the HTML and the sitemaps parsed, never matched as text.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';

/** A storefront build as Vite writes it (packages/web/dist/index.html), in a temp folder. */
export const INDEX = `<!doctype html>
<html lang="en" data-theme="kestrel">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta
      name="description"
      content="Kestrel Components: computer parts in bulk for businesses, shipped free worldwide."
    />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>Kestrel Components — computer parts in bulk</title>
    <script type="module" crossorigin src="/static/js/index-x.js"></script>
    <link rel="stylesheet" crossorigin href="/static/css/style-x.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

export function writeWebBuild(): string {
  const web = join(mkdtempSync(join(tmpdir(), 'kestrel-seo-')), 'dist');
  mkdirSync(join(web, 'static/js'), { recursive: true });
  writeFileSync(join(web, 'index.html'), INDEX);
  writeFileSync(join(web, 'favicon.svg'), '<svg/>');
  return web;
}

/**
 * XML as a strict reader takes it: a DTD is refused (no entity of the file's own is ever expanded), and only XML's
 * own five entities are read.
 */
function parser(html: boolean) {
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    processEntities: true,
    htmlEntities: false,
    allowBooleanAttributes: html,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    preserveOrder: true,
    ...(html ? { unpairedTags: ['meta', 'link', 'img', 'br', 'input'] } : {}),
  });
}

export interface Element {
  tag: string;
  attrs: Record<string, string>;
  children: Element[];
  /** The text inside, all of it. */
  text: string;
}

type Ordered = Array<Record<string, unknown>>;

function elements(nodes: Ordered): Element[] {
  const out: Element[] = [];
  for (const node of nodes) {
    const tag = Object.keys(node).find((k) => k !== ':@');
    if (!tag || tag === '#text' || tag.startsWith('?') || tag.startsWith('!')) continue;
    const raw = node[tag];
    const inner: Ordered = Array.isArray(raw) ? raw : [];
    const attrs: Record<string, string> = {};
    const given = node[':@'];
    if (given && typeof given === 'object') for (const [k, v] of Object.entries(given)) attrs[k] = String(v);
    out.push({ tag, attrs, children: elements(inner), text: textOf(inner) });
  }
  return out;
}

function textOf(nodes: Ordered): string {
  return nodes
    .map((node) => {
      if ('#text' in node) return String(node['#text']);
      const tag = Object.keys(node).find((k) => k !== ':@');
      const raw = tag ? node[tag] : [];
      return Array.isArray(raw) ? textOf(raw) : '';
    })
    .join('');
}

function parse(text: string, html: boolean): Element[] {
  if (/<!DOCTYPE\s+(?!html>)/i.test(text) || /<!ENTITY/i.test(text)) throw new Error('a DTD is refused');
  return elements(parser(html).parse(html ? text.replace(/^<!doctype html>\s*/i, '') : text));
}

export const parseHtml = (text: string) => parse(text, true);
export const parseXml = (text: string) => parse(text, false);

/** Every element under `roots` (depth first) that `test` accepts. */
export function findAll(roots: Element[], test: (e: Element) => boolean): Element[] {
  return roots.flatMap((e) => [...(test(e) ? [e] : []), ...findAll(e.children, test)]);
}

export function findOne(roots: Element[], test: (e: Element) => boolean): Element {
  const found = findAll(roots, test);
  if (found.length !== 1) throw new Error(`expected one element, found ${found.length}`);
  const [only] = found;
  if (!only) throw new Error('expected one element');
  return only;
}

/** What a crawler reads of a page's head: title, description, canonical, OpenGraph, and its JSON-LD parsed. */
export function headOf(html: string) {
  const doc = parseHtml(html);
  const meta = (key: string, value: string) =>
    findAll(doc, (e) => e.tag === 'meta' && e.attrs[key] === value).map((e) => e.attrs['content']);
  return {
    doc,
    title: findOne(doc, (e) => e.tag === 'title').text,
    description: meta('name', 'description'),
    canonical: findAll(doc, (e) => e.tag === 'link' && e.attrs['rel'] === 'canonical').map((e) => e.attrs['href']),
    og: (property: string) => meta('property', `og:${property}`),
    jsonLd: findAll(doc, (e) => e.tag === 'script' && e.attrs['type'] === 'application/ld+json').map((e): unknown =>
      JSON.parse(e.text),
    ),
    h1: findAll(doc, (e) => e.tag === 'h1').map((e) => e.text),
    rootText: findOne(doc, (e) => e.attrs['id'] === 'root').text,
  };
}
