// Just enough MIME reading for the mail tests: unfolded headers, and the text/plain and text/html parts of a
// multipart/alternative message decoded from quoted-printable or base64, so tests compare exact texts.

export interface ParsedMessage {
  /** Lower-case names; folded lines joined. */
  headers: Map<string, string>;
  text: string;
  html: string;
}

function splitHead(entity: string): { head: Map<string, string>; body: string } {
  const at = entity.indexOf('\r\n\r\n');
  const headText = at === -1 ? entity : entity.slice(0, at);
  const body = at === -1 ? '' : entity.slice(at + 4);
  const head = new Map<string, string>();
  for (const line of headText.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) head.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { head, body };
}

function decode(body: string, encoding: string | undefined): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

export function parseMessage(raw: string): ParsedMessage {
  const { head, body } = splitHead(raw);
  const parts: Array<{ type: string; content: string }> = [];
  const boundary = /boundary="?([^";]+)"?/.exec(head.get('content-type') ?? '')?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = splitHead(chunk.replace(/^\r\n/, '').replace(/\r\n$/, ''));
      parts.push({
        type: (part.head.get('content-type') ?? '').split(';')[0] ?? '',
        content: decode(part.body, part.head.get('content-transfer-encoding')),
      });
    }
  } else {
    parts.push({
      type: (head.get('content-type') ?? 'text/plain').split(';')[0] ?? '',
      content: decode(body, head.get('content-transfer-encoding')),
    });
  }
  return {
    headers: head,
    text: parts.find((p) => p.type === 'text/plain')?.content ?? '',
    html: parts.find((p) => p.type === 'text/html')?.content ?? '',
  };
}
