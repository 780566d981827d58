// The pieces every message is made of, in both forms: plain text that reads well as it is, and HTML that mail
// clients render alike. Mail clients drop <style> blocks and scripts, so the HTML is tables and inline styles only,
// 600 px wide at most, with system fonts; every value put into it is escaped here.

/** The shop's name and its public origin, for links and signatures. */
export interface Site {
  name: string;
  /** PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** HTML-escapes text for element content and double-quoted attributes. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Markup that is already safe (built by these helpers), as opposed to text that still needs escaping. */
export interface Html {
  readonly html: string;
}

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const TEXT = `${FONT};font-size:15px;line-height:22px;color:#1f2933`;

export function paragraph(text: string): Html {
  return { html: `<p style="margin:0 0 16px;${TEXT}">${escapeHtml(text)}</p>` };
}

/** A line that spells a link out, for clients that show no button; the address may break anywhere. */
export function linkLine(lead: string, href: string): Html {
  return {
    html:
      `<p style="margin:0 0 16px;${TEXT}">${escapeHtml(lead)} ` +
      `<a href="${escapeHtml(href)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(href)}</a></p>`,
  };
}

/** A call to action: a bulletproof button (a padded link in a table cell), with the URL beside it in the text. */
export function button(label: string, href: string): Html {
  return {
    html:
      `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr>` +
      `<td style="border-radius:6px;background:#1d4ed8">` +
      `<a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 22px;${FONT};font-size:15px;` +
      `font-weight:600;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(label)}</a>` +
      `</td></tr></table>`,
  };
}

/** Label/value rows (order number, PO number, tracking...), null values left out. */
export function facts(rows: Array<[string, string | null]>): Html {
  const cells = rows
    .filter((row): row is [string, string] => row[1] !== null)
    .map(
      ([label, value]) =>
        `<tr><td style="padding:2px 16px 2px 0;${TEXT};color:#52606d">${escapeHtml(label)}</td>` +
        `<td style="padding:2px 0;${TEXT};font-weight:600">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return {
    html: `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px">${cells}</table>`,
  };
}

/** The same facts as aligned plain-text lines. */
export function factsText(rows: Array<[string, string | null]>): string {
  const shown = rows.filter((row): row is [string, string] => row[1] !== null);
  const width = Math.max(0, ...shown.map(([label]) => label.length)) + 2;
  return shown.map(([label, value]) => `${`${label}:`.padEnd(width)}${value}`).join('\n');
}

/** A table with a header row; `numeric` columns are right-aligned. */
export function table(head: string[], rows: string[][], numeric: boolean[]): Html {
  const cell = (tag: 'th' | 'td', value: string, i: number) =>
    `<${tag} style="padding:8px 8px 8px 0;border-bottom:1px solid #e4e7eb;${TEXT};` +
    `text-align:${numeric[i] ? 'right' : 'left'}${tag === 'th' ? ';font-size:13px;color:#52606d' : ''}">` +
    `${escapeHtml(value)}</${tag}>`;
  const header = `<tr>${head.map((h, i) => cell('th', h, i)).join('')}</tr>`;
  const body = rows.map((row) => `<tr>${row.map((v, i) => cell('td', v, i)).join('')}</tr>`).join('');
  return {
    html:
      `<table role="presentation" cellpadding="0" cellspacing="0" width="100%" ` +
      `style="border-collapse:collapse;margin:0 0 16px">${header}${body}</table>`,
  };
}

/**
 * The whole HTML document: a light frame, the shop's name on top, the blocks, and a footer that says why the
 * recipient got it. `preheader` is the line clients show after the subject in the inbox.
 */
export function htmlDocument(site: Site, subject: string, preheader: string, blocks: Html[], footer: string): string {
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f5f7fa">` +
    `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(preheader)}</div>` +
    `<table role="presentation" cellpadding="0" cellspacing="0" width="100%" style="background:#f5f7fa"><tr>` +
    `<td align="center" style="padding:24px 12px">` +
    `<table role="presentation" cellpadding="0" cellspacing="0" width="100%" style="max-width:600px">` +
    `<tr><td style="padding:0 0 16px;${FONT};font-size:18px;font-weight:700;color:#1d4ed8">` +
    `${escapeHtml(site.name)}</td></tr>` +
    `<tr><td style="padding:28px 28px 12px;background:#ffffff;border:1px solid #e4e7eb;border-radius:8px">` +
    blocks.map((b) => b.html).join('') +
    `</td></tr>` +
    `<tr><td style="padding:16px 4px;${FONT};font-size:12px;line-height:18px;color:#7b8794">` +
    `${escapeHtml(footer)}</td></tr>` +
    `</table></td></tr></table></body></html>`
  );
}

/** The plain-text form: paragraphs separated by blank lines, the signature, and the footer. */
export function textDocument(site: Site, parts: string[], footer: string): string {
  return `${[...parts, `${site.name}\n${site.publicUrl}`, footer].join('\n\n')}\n`;
}

/** The usual message: a greeting, what happened, its facts, and one link (a button in HTML, spelled out in text). */
export interface Letter {
  subject: string;
  /** "Hello Ann,"; a message to the shop's own mailbox has none. */
  greeting?: string;
  said: string;
  /** Paragraphs after `said` (a refund, a credit note), when the message has more to say. */
  more?: string[];
  rows: Array<[string, string | null]>;
  /** A table after the facts (an order's lines), in both forms. */
  table?: { text: string; html: Html };
  link: {
    href: string;
    button: string;
    /** The text form's lead, "Your orders" in "Your orders: {href}". */ lead: string;
  };
  footer: string;
  /** The inbox line after the subject; `said` unless the message names something shorter. */
  preheader?: string;
}

/** Both forms of a Letter, so each message says only its own words and facts. */
export function letter(site: Site, l: Letter): RenderedMail {
  const opening = [...(l.greeting === undefined ? [] : [l.greeting]), l.said, ...(l.more ?? [])];
  const textTable = l.table ? [l.table.text] : [];
  const htmlTable = l.table ? [l.table.html] : [];
  return {
    subject: l.subject,
    text: textDocument(site, [...opening, factsText(l.rows), ...textTable, `${l.link.lead}: ${l.link.href}`], l.footer),
    html: htmlDocument(
      site,
      l.subject,
      l.preheader ?? l.said,
      [...opening.map(paragraph), facts(l.rows), ...htmlTable, button(l.link.button, l.link.href)],
      l.footer,
    ),
  };
}
