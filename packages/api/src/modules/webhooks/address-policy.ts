// Where a webhook may be sent (B2B §9): only to public addresses, so an administrator's url (or a name that later
// resolves elsewhere) cannot make the shop call its own loopback, the private network, a cloud metadata service, any
// other special-purpose range (special-addresses.ts) or one of this machine's own interface addresses (issue 47: the
// host's own address here was in 192.0.2.0/24, and pings reached a local listener).
// The check runs at registration and again on every connection (send.ts hands `guardedLookup` to the socket), so a
// name re-pointed at 127.0.0.1 after registration is refused when the attempt connects.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { addressBytes, specialPurpose } from './special-addresses.js';

/** Resolves a host name to all its addresses (dns.lookup with `all: true`; tests inject their own). */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/** The addresses of this machine's own interfaces (any of them may be where the shop itself listens). */
export type OwnAddresses = () => string[];

export const systemOwnAddresses: OwnAddresses = () =>
  Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address));

/** The same address in one spelling: its bytes, with an IPv4-mapped IPv6 address as its IPv4 address. */
function sameAddressKey(address: string): string | undefined {
  const bytes = addressBytes(address);
  if (!bytes) return undefined;
  const mapped =
    bytes.length === 16 && bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 255 && bytes[11] === 255;
  return (mapped ? bytes.slice(12) : bytes).join('.');
}

/**
 * Why a webhook may not reach this IP address, as the end of a sentence about it ("is not a public address"), or
 * undefined when it may: an address of a special-purpose range (special-addresses.ts: loopback, private,
 * documentation, 6to4 and the rest) or one of this machine's own addresses.
 */
export function refusalOf(address: string, own: OwnAddresses = systemOwnAddresses): string | undefined {
  const special = specialPurpose(address);
  if (special) return `is not a public address${special.carries ? ` (it carries ${special.carries})` : ''}`;
  const key = sameAddressKey(address);
  if (own().some((a) => sameAddressKey(a) === key)) return 'is an address of this server';
  return undefined;
}

/** A URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

export class AddressRefused extends Error {}

/** Resolves the host (unless it is an address) and refuses it when any of its addresses is not public. */
export async function checkHost(
  host: string,
  resolve: Resolve,
  own: OwnAddresses = systemOwnAddresses,
): Promise<LookupAddress[]> {
  const family = isIP(host);
  const addresses = family ? [{ address: host, family }] : await resolveOrRefuse(host, resolve);
  for (const { address } of addresses) {
    const why = refusalOf(address, own);
    if (why)
      throw new AddressRefused(address === host ? `${host} ${why}` : `${host} resolves to ${address}, which ${why}`);
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
