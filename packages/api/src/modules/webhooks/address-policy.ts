// Where a webhook may be sent (B2B §9): only to public addresses, so an administrator's url (or a name that later
// resolves elsewhere) cannot make the shop call its own loopback, the private network or a cloud metadata service.
// The check runs at registration and again on every connection (send.ts hands `guardedLookup` to the socket), so a
// name re-pointed at 127.0.0.1 after registration is refused when the attempt connects.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** Resolves a host name to all its addresses (dns.lookup with `all: true`; tests inject their own). */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b:1::', 48], // local-use NAT64
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 address carries (mapped ::ffff:a.b.c.d, or NAT64 64:ff9b::a.b.c.d), if it does. */
function embeddedIpv4(address: string): string | undefined {
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex?.[1] || !hex[2]) return undefined;
  const high = parseInt(hex[1], 16);
  const low = parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an IP address is one a webhook may not reach: loopback, private, link-local, unique-local and the like. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  if (v4) return blocked.check(v4, 'ipv4');
  return blocked.check(address, 'ipv6');
}

/** A URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

export class AddressRefused extends Error {}

/** Resolves the host (unless it is an address) and refuses it when any of its addresses is not public. */
export async function checkHost(host: string, resolve: Resolve): Promise<LookupAddress[]> {
  const family = isIP(host);
  const addresses = family ? [{ address: host, family }] : await resolveOrRefuse(host, resolve);
  const inside = addresses.find((a) => isPrivateAddress(a.address));
  if (inside) {
    throw new AddressRefused(
      inside.address === host
        ? `${host} is not a public address`
        : `${host} resolves to ${inside.address}, which is not a public address`,
    );
  }
  return addresses;
}

async function resolveOrRefuse(host: string, resolve: Resolve): Promise<LookupAddress[]> {
  const addresses = await resolve(host).catch(() => []);
  if (addresses.length === 0) throw new AddressRefused(`${host} does not resolve`);
  return addresses;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for the socket: resolves with `resolve` and refuses the connection when any address is not public, so
 * the address the socket connects to is the one just checked (no second resolution an attacker could flip).
 */
export function guardedLookup(resolve: Resolve) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    checkHost(hostname, resolve).then(
      (addresses) => {
        if (options.all) callback(null, addresses);
        else {
          const [first] = addresses;
          if (first) callback(null, first.address, first.family);
          else callback(refusal(`${hostname} does not resolve`), '');
        }
      },
      (error: unknown) => callback(refusal(error instanceof Error ? error.message : String(error)), ''),
    );
  };
}

function refusal(message: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(message);
  error.code = 'EADDRNOTALLOWED';
  return error;
}
