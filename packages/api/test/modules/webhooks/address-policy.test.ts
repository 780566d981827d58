// The webhook address policy (B2B §9, issue 47), table by table: every IANA special-purpose range, IPv4 and IPv6, is
// refused, IPv6 forms carrying an IPv4 address are judged by what they carry, and the machine's own interface
// addresses are refused whatever range they are in. Public addresses pass.
import { describe, expect, it } from 'vitest';
import { checkHost, refusalOf } from '../../../src/modules/webhooks/address-policy.js';
import { specialPurpose } from '../../../src/modules/webhooks/special-addresses.js';

/** No interface addresses: the range table alone decides. */
const none = () => [];

describe('special-purpose ranges', () => {
  it.each([
    ['0.1.2.3', '"this network"'],
    ['10.255.0.1', 'private-use'],
    ['100.64.0.1', 'shared address space (carrier-grade NAT)'],
    ['100.127.255.254', 'shared address space (carrier-grade NAT)'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['172.31.255.255', 'private-use'],
    ['192.0.0.170', 'IETF protocol assignments'],
    ['192.0.2.1', 'documentation (TEST-NET-1)'],
    ['192.0.2.2', 'documentation (TEST-NET-1)'],
    ['192.31.196.1', 'AS112-v4'],
    ['192.52.193.1', 'AMT'],
    ['192.88.99.1', 'deprecated 6to4 relay anycast'],
    ['192.168.1.1', 'private-use'],
    ['192.175.48.6', 'direct delegation AS112'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.51.100.7', 'documentation (TEST-NET-2)'],
    ['203.0.113.9', 'documentation (TEST-NET-3)'],
    ['224.0.0.1', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['100::1', 'discard-only'],
    ['100:0:0:1::1', 'dummy IPv6 prefix'],
    ['2001:1::1', 'IETF protocol assignments'],
    ['2001:2::1', 'IETF protocol assignments'],
    ['2001:20::1', 'IETF protocol assignments'],
    ['2001:db8::1', 'documentation'],
    ['2001:db8:ffff:ffff::1', 'documentation'],
    ['2620:4f:8000::1', 'direct delegation AS112'],
    ['3fff::1', 'documentation'],
    ['5f00::1', 'segment routing (SRv6) SIDs'],
    ['fc00::1', 'unique-local'],
    ['fd00::2', 'unique-local'],
    ['fe80::fc:ff:fe00:1', 'link-local unicast'],
    // Not in the registry, but the old site-local prefix that older stacks still route inside a site (RFC 3879).
    ['fec0::1', 'site-local (deprecated)'],
    ['feff:ffff::1', 'site-local (deprecated)'],
    ['ff02::1', 'multicast'],
  ])('%s is %s', (address, range) => {
    expect(specialPurpose(address)).toEqual({ range });
    expect(refusalOf(address, none)).toBe('is not a public address');
  });

  it.each([
    // IPv4-mapped and NAT64 reach the address they carry: refused for what they carry.
    ['::ffff:127.0.0.1', 'loopback', '127.0.0.1'],
    ['::ffff:7f00:1', 'loopback', '127.0.0.1'],
    ['::ffff:192.0.2.2', 'documentation (TEST-NET-1)', '192.0.2.2'],
    ['64:ff9b::10.0.0.1', 'private-use', '10.0.0.1'],
    ['64:ff9b::a9fe:a9fe', 'link-local', '169.254.169.254'],
    // The deprecated and tunnelling forms are refused as ranges, with what they carry named.
    ['::127.0.0.1', 'IPv4-compatible', '127.0.0.1'],
    ['::7f00:1', 'IPv4-compatible', '127.0.0.1'],
    ['::ffff:0:127.0.0.1', 'IPv4-translated', '127.0.0.1'],
    ['::ffff:0:7f00:1', 'IPv4-translated', '127.0.0.1'],
    ['2002:7f00:1::', '6to4', '127.0.0.1'],
    ['2002:7f00:1::1', '6to4', '127.0.0.1'],
    ['2002:5db8:d822::1', '6to4', '93.184.216.34'],
    // Teredo: the client's address inverted in the last 32 bits (80ff:fffe is 127.0.0.1).
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'Teredo', '127.0.0.1'],
    ['64:ff9b:1::1', 'local-use IPv4-IPv6 translation', undefined],
  ])('%s is %s, carrying %s', (address, range, carries) => {
    expect(specialPurpose(address)).toEqual(carries === undefined ? { range } : { range, carries });
    expect(refusalOf(address, none)).toBe(
      carries === undefined ? 'is not a public address' : `is not a public address (it carries ${carries})`,
    );
  });

  it.each([
    ['93.184.216.34'],
    ['8.8.8.8'],
    ['1.1.1.1'],
    ['100.63.255.255'],
    ['100.128.0.0'],
    ['172.15.255.255'],
    ['172.32.0.0'],
    ['192.0.1.255'],
    ['192.0.3.0'],
    ['198.17.255.255'],
    ['198.20.0.0'],
    ['203.0.114.1'],
    ['223.255.255.255'],
    ['2606:2800:220:1:248:1893:25c8:1946'],
    ['2001:4860:4860::8888'],
    ['2001:db9::1'],
    ['::ffff:93.184.216.34'],
    ['64:ff9b::5db8:d822'],
  ])('%s is public', (address) => {
    expect(specialPurpose(address)).toBeUndefined();
    expect(refusalOf(address, none)).toBeUndefined();
  });
});

describe("the machine's own addresses", () => {
  const own = () => ['127.0.0.1', '::1', '93.184.216.40', '2606:2800:220:1::40'];

  it.each([['93.184.216.40'], ['::ffff:93.184.216.40'], ['::ffff:5db8:d828'], ['2606:2800:220:1:0:0:0:40']])(
    '%s is refused as an address of this server',
    (address) => {
      expect(refusalOf(address, own)).toBe('is an address of this server');
    },
  );

  it('a public address that is not the machine’s passes', () => {
    expect(refusalOf('93.184.216.41', own)).toBeUndefined();
  });

  it('checks every address a name resolves to, the first refused one named', async () => {
    const resolve = async () => [
      { address: '93.184.216.41', family: 4 },
      { address: '93.184.216.40', family: 4 },
    ];
    await expect(checkHost('shop.example.test', resolve, own)).rejects.toThrow(
      'shop.example.test resolves to 93.184.216.40, which is an address of this server',
    );
    await expect(checkHost('2002:7f00:1::', resolve, own)).rejects.toThrow(
      '2002:7f00:1:: is not a public address (it carries 127.0.0.1)',
    );
  });
});
