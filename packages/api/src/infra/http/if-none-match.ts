// If-None-Match as HTTP reads it (RFC 9110 §13.1.2): `*`, or a comma-separated list of tags compared weakly (a `W/`
// prefix is ignored). Proxies and browsers send lists and weak tags (nginx turns a strong ETag weak when it gzips), so
// an exact string comparison would send whole bodies to clients that already hold them.

/** Whether the header names the client's copy: `*`, or a tag for which `matches` answers true. */
export function ifNoneMatchNames(header: string | undefined, matches: (tag: string) => boolean): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const tag = part.trim().replace(/^W\//, '');
    return tag === '*' || matches(tag);
  });
}
