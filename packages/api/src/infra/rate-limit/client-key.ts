// The key a client address is counted under. An IPv6 subscriber usually holds a whole /64 (and picks new addresses in
// it at will), so IPv6 is counted per /64 prefix; an IPv4-mapped IPv6 address (::ffff:a.b.c.d) is its IPv4 address.
import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (zone id dropped, `::` and a trailing dotted IPv4 part expanded). */
function ipv6Groups(address: string): number[] {
  const [withoutZone = ''] = address.split('%');
  let text = withoutZone.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, dotted.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

export function limitKey(ip: string): string {
  if (isIPv4(ip) || !isIPv6(ip.split('%')[0] ?? '')) return ip;
  const g = ipv6Groups(ip);
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) {
    const [hi = 0, lo = 0] = g.slice(6);
    return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  }
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}
