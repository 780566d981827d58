// The IANA special-purpose address registries (RFC 6890 and the RFCs that added to them since), IPv4 and IPv6: no
// webhook may reach an address in any of them (B2B §9, issue 47). A list of what is refused, not of what is allowed,
// is what the registries publish; every entry is refused, even those the registry marks "globally reachable" (an
// anycast relay, AS112, AMT), since no receiver of a shop's events lives there. IPv6 forms that carry an IPv4
// address (mapped, compatible, SIIT-translated, NAT64, 6to4, Teredo) are decoded, so `[::ffff:0:127.0.0.1]` is
// refused as 127.0.0.1; mapped and NAT64 addresses of a public IPv4 address are allowed, since they reach it.
import { isIP } from 'node:net';

interface Range {
  bytes: number[];
  prefix: number;
  name: string;
}

/** An address's bytes: 4 for IPv4, 16 for IPv6 (with or without a trailing dotted quad), or undefined. */
export function addressBytes(address: string): number[] | undefined {
  const family = isIP(address);
  if (family === 4) return address.split('.').map(Number);
  if (family !== 6) return undefined;
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  let tail: number[] = [];
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad?.[1]) {
    tail = quad[1].split('.').map(Number);
    text = `${text.slice(0, -quad[1].length)}0:0`;
  }
  const [head = '', rest] = text.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const front = groups(head);
  const back = groups(rest);
  const all =
    rest === undefined ? front : [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
  const bytes = all.flatMap((g) => [g >> 8, g & 255]);
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

function range(cidr: string, name: string): Range {
  const [network = '', prefix = ''] = cidr.split('/');
  const bytes = addressBytes(network);
  if (!bytes) throw new Error(`not a network: ${cidr}`);
  return { bytes, prefix: Number(prefix), name };
}

function inRange(bytes: number[], r: Range): boolean {
  if (bytes.length !== r.bytes.length) return false;
  for (let bit = 0; bit < r.prefix; bit += 8) {
    const left = Math.min(8, r.prefix - bit);
    const mask = (0xff << (8 - left)) & 0xff;
    const i = bit / 8;
    if (((bytes[i] ?? 0) & mask) !== ((r.bytes[i] ?? 0) & mask)) return false;
  }
  return true;
}

/** IANA IPv4 Special-Purpose Address Registry, plus multicast (RFC 5771), which it leaves to its own registry. */
const IPV4: Range[] = [
  range('0.0.0.0/8', '"this network"'),
  range('10.0.0.0/8', 'private-use'),
  range('100.64.0.0/10', 'shared address space (carrier-grade NAT)'),
  range('127.0.0.0/8', 'loopback'),
  range('169.254.0.0/16', 'link-local'),
  range('172.16.0.0/12', 'private-use'),
  range('192.0.0.0/24', 'IETF protocol assignments'),
  range('192.0.2.0/24', 'documentation (TEST-NET-1)'),
  range('192.31.196.0/24', 'AS112-v4'),
  range('192.52.193.0/24', 'AMT'),
  range('192.88.99.0/24', 'deprecated 6to4 relay anycast'),
  range('192.168.0.0/16', 'private-use'),
  range('192.175.48.0/24', 'direct delegation AS112'),
  range('198.18.0.0/15', 'benchmarking'),
  range('198.51.100.0/24', 'documentation (TEST-NET-2)'),
  range('203.0.113.0/24', 'documentation (TEST-NET-3)'),
  range('224.0.0.0/4', 'multicast'),
  range('240.0.0.0/4', 'reserved'),
];

/**
 * IANA IPv6 Special-Purpose Address Registry, plus multicast (RFC 4291) and the deprecated site-local prefix (RFC 3879:
 * no longer assigned, yet older stacks still route it inside a site, so it can only ever reach a private network).
 */
const IPV6: Range[] = [
  range('::/128', 'unspecified'),
  range('::1/128', 'loopback'),
  range('::/96', 'IPv4-compatible'),
  range('::ffff:0:0/96', 'IPv4-mapped'),
  range('::ffff:0:0:0/96', 'IPv4-translated'),
  range('64:ff9b::/96', 'IPv4-IPv6 translation'),
  range('64:ff9b:1::/48', 'local-use IPv4-IPv6 translation'),
  range('100::/64', 'discard-only'),
  range('100:0:0:1::/64', 'dummy IPv6 prefix'),
  range('2001::/32', 'Teredo'),
  range('2001::/23', 'IETF protocol assignments'),
  range('2001:db8::/32', 'documentation'),
  range('2002::/16', '6to4'),
  range('2620:4f:8000::/48', 'direct delegation AS112'),
  range('3fff::/20', 'documentation'),
  range('5f00::/16', 'segment routing (SRv6) SIDs'),
  range('fc00::/7', 'unique-local'),
  range('fe80::/10', 'link-local unicast'),
  range('fec0::/10', 'site-local (deprecated)'),
  range('ff00::/8', 'multicast'),
];

/** Ranges whose addresses reach the IPv4 address they carry, so they are judged by it. */
const REACHES_CARRIED = new Set(['IPv4-mapped', 'IPv4-IPv6 translation']);

/** The IPv4 address an IPv6 address carries (by its range's rule), if it is of a range that carries one. */
function carriedIpv4(bytes: number[], rangeName: string): number[] | undefined {
  switch (rangeName) {
    case 'IPv4-compatible':
    case 'IPv4-mapped':
    case 'IPv4-translated':
    case 'IPv4-IPv6 translation':
      return bytes.slice(12, 16);
    case '6to4':
      return bytes.slice(2, 6);
    case 'Teredo':
      // The client's address, stored inverted in the last 32 bits.
      return bytes.slice(12, 16).map((b) => b ^ 0xff);
    default:
      return undefined;
  }
}

export interface SpecialAddress {
  /** The registry entry the address is in, e.g. "documentation (TEST-NET-1)". */
  range: string;
  /** The IPv4 address a translation or tunnelling address carries, when it does. */
  carries?: string;
}

/** The special-purpose range an address belongs to (undefined: none, it is a public address); not an IP: "invalid". */
export function specialPurpose(address: string): SpecialAddress | undefined {
  const bytes = addressBytes(address);
  if (!bytes) return { range: 'not an IP address' };
  if (bytes.length === 4) {
    const hit = IPV4.find((r) => inRange(bytes, r));
    return hit ? { range: hit.name } : undefined;
  }
  // The most specific entry decides (::1 is loopback, not IPv4-compatible; 2001:db8:: is documentation).
  const hits = IPV6.filter((r) => inRange(bytes, r)).sort((a, b) => b.prefix - a.prefix);
  const [hit] = hits;
  if (!hit) return undefined;
  const carried = hit.prefix === 128 ? undefined : carriedIpv4(bytes, hit.name);
  if (!carried) return { range: hit.name };
  const carries = carried.join('.');
  if (REACHES_CARRIED.has(hit.name)) {
    const inside = specialPurpose(carries);
    return inside ? { range: inside.range, carries } : undefined;
  }
  return { range: hit.name, carries };
}
