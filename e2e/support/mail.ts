// The shop's outgoing mail, as the journeys read it: the e2e server writes each message as an .eml file into
// MAIL_DIR (start-server.mjs, passed by playwright.config.ts), and a journey waits for the newest one to an address
// and follows its link, as a person would from their inbox.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { BASE_URL, PORT } from './settings';

/** One folder per port, so runs side by side never read each other's mail. */
export const MAIL_DIR = join(tmpdir(), `kestrel-e2e-mail-${PORT}`);

export interface Mail {
  file: string;
  /** When the file was written, in ms; later messages have later times. */
  writtenAt: number;
  to: string;
  subject: string;
  /** The plain-text part, decoded. */
  text: string;
}

/** Splits a MIME entity into its unfolded headers (lower-case names) and its body. */
function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** The first text/plain part of a message, walking nested multiparts. */
function plainText(raw: string): string | null {
  const { headers, body } = splitEntity(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      const text = plainText(part.replace(/^\r?\n/, ''));
      if (text !== null) return text;
    }
    return null;
  }
  return /^text\/plain/i.test(type) ? decodeBody(body, headers.get('content-transfer-encoding')) : null;
}

function readMail(file: string): Mail {
  const path = join(MAIL_DIR, file);
  const raw = readFileSync(path, 'utf8');
  const { headers } = splitEntity(raw);
  return {
    file,
    writtenAt: statSync(path).mtimeMs,
    to: headers.get('to') ?? '',
    subject: headers.get('subject') ?? '',
    text: plainText(raw) ?? '',
  };
}

/** Every delivered message to `address`, oldest first. Files being written are dot-files and are skipped. */
export function mailTo(address: string): Mail[] {
  let files: string[];
  try {
    files = readdirSync(MAIL_DIR).filter((name) => name.endsWith('.eml') && !name.startsWith('.'));
  } catch {
    return [];
  }
  const wanted = address.toLowerCase();
  return files
    .map(readMail)
    .filter((mail) => mail.to.toLowerCase().includes(wanted))
    .sort((a, b) => a.writtenAt - b.writtenAt || a.file.localeCompare(b.file));
}

/**
 * Waits for the newest message to `address` whose subject matches, among those not in `seen` (the files of earlier
 * messages, so a second reset mail is told from the first). The delivery job sends at once and retries every 5 s.
 */
export async function waitForMail(
  address: string,
  subject: RegExp,
  seen: ReadonlyArray<Mail> = [],
  timeout = 20_000,
): Promise<Mail> {
  const old = new Set(seen.map((mail) => mail.file));
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        found = mailTo(address)
          .filter((mail) => subject.test(mail.subject) && !old.has(mail.file))
          .pop();
        return found?.subject ?? null;
      },
      { timeout, message: `a mail to ${address} with a subject matching ${subject}` },
    )
    .not.toBeNull();
  if (!found) throw new Error(`no mail to ${address}`);
  return found;
}

/** The shop's link of this kind in a message ("reset-password", "verify-email", "invite"), as a path to open. */
export function linkIn(mail: Mail, kind: 'reset-password' | 'verify-email' | 'invite'): string {
  const escaped = BASE_URL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}(/${kind}/[^\\s"<>]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no ${kind} link in the mail "${mail.subject}":\n${mail.text}`);
  return match[1];
}

/** Confirms a new account's e-mail with the mailed link, as its owner would (only a confirmed e-mail invites, #47). */
export async function confirmEmailByApi(request: APIRequestContext, email: string): Promise<void> {
  const token = linkIn(await waitForMail(email, /^Confirm your e-mail address/), 'verify-email')
    .split('/')
    .pop();
  const response = await request.post('/api/auth/verify-email', { data: { token } });
  expect(response.status()).toBe(204);
}
