// The page that carries the cart back into the procurement system (B2B §17): a form of hidden fields that the
// same-origin script /punchout/transfer.js submits (no inline script, so the CSP stays). Every value is escaped; the
// button is there for a browser that runs no script.
import { escapeHtml } from '../storefront-pages/index.js';

export const TRANSFER_SCRIPT_PATH = '/punchout/transfer.js';

/** The script the page loads: it submits the page's one form. Static, so it is cached like any asset. */
export const TRANSFER_SCRIPT = "document.getElementById('punchout-transfer').submit();\n";

export function transferPage(returnUrl: string, target: string, fields: Array<[string, string]>): string {
  const inputs = fields
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Returning to your procurement system - Kestrel Components</title></head>',
    '<body><main>',
    '<h1>Returning to your procurement system</h1>',
    `<form id="punchout-transfer" method="post" action="${escapeHtml(returnUrl)}" target="${escapeHtml(target)}">`,
    inputs,
    '<button type="submit">Continue</button>',
    '</form></main>',
    `<script src="${TRANSFER_SCRIPT_PATH}"></script>`,
    '</body></html>',
  ].join('');
}
