import { BlockList, isIP, type LookupFunction } from 'node:net';
import { lookup as dnsLookup } from 'node:dns/promises';

/*
 * The one policy for every request this server makes to an address a user gave (a followed
 * Nightscout site, a browser's web push endpoint): such a request must not become a way into our
 * own network (SSRF), nor a port scanner of the machines around us.
 *
 * - https only; plain http and this machine's loopback addresses only when `allowLoopback` (tests,
 *   development, a test push service on loopback);
 * - the name is resolved once, here; every address it resolves to is checked (private, loopback,
 *   link-local, CGNAT, multicast, documentation, IPv4-mapped, NAT64, 6to4 and Teredo ranges are
 *   refused: one refused address refuses the whole name), and the connection is pinned to the
 *   checked addresses through `lookup` (a second, different answer of the DNS between the check
 *   and the connection cannot move it: no rebinding).
 *
 * The host checked is the one of the parsed URL, which the caller then hands to the transport:
 * WHATWG parsing turns `2130706433`, `0x7f.0.0.1`, `0177.0.0.1` or `127.1` into `127.0.0.1`, so
 * what is checked is what would be connected to, whatever the spelling the user sent.
 */

export interface ResolvedAddress {
  address: string;
  family: number;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface OutboundPolicy {
  /** Plain http and this machine's loopback addresses accepted: tests and development only, never in production. */
  allowLoopback: boolean;
  /** Name resolution (tests give a fake one); default: the system resolver, every address. */
  resolve?: Resolver | undefined;
}

/**
 * Why a request may not go out: `scheme` (not https, or http without `allowLoopback`), `address`
 * (the host is, or resolves to, a refused address), `unresolved` (the name resolves to nothing).
 */
export type OutboundRefusal = 'scheme' | 'address' | 'unresolved';

export class OutboundRefused extends Error {
  override readonly name = 'OutboundRefused';
  constructor(readonly reason: OutboundRefusal) {
    super(`outbound request refused: ${reason}`);
  }
}

// One list per family: a BlockList also matches IPv4 addresses against IPv6 rules (as mapped
// addresses), so a mapped range in a shared list would refuse every IPv4 address.
const refusedV4 = new BlockList();
const refusedV6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  refusedV4.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  // Unspecified, loopback and the old IPv4-compatible form.
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  refusedV6.addSubnet(net, prefix, 'ipv6');
}

const loopbackV4 = new BlockList();
loopbackV4.addSubnet('127.0.0.0', 8, 'ipv4');
/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`, `::ffff:a00:1`): refused, whatever it maps. */
const MAPPED = /^::ffff:/i;

/** Whether the server may connect to this address (an IP address, not a name). */
export function addressAllowed(address: string, allowLoopback: boolean): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return (allowLoopback && loopbackV4.check(address, 'ipv4')) || !refusedV4.check(address, 'ipv4');
  if (allowLoopback && address === '::1') return true;
  return !MAPPED.test(address) && !refusedV6.check(address, 'ipv6');
}

/** The URL's host without the brackets of an IPv6 literal. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Names that are this machine by definition (RFC 6761), whatever a resolver says. */
function loopbackName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * The checks that need no DNS: the scheme, and a host that is an IP literal or a loopback name.
 * For answering at once what is refused whatever the DNS says (a form, a subscription).
 */
export function checkWithoutResolving(url: URL, allowLoopback: boolean): OutboundRefusal | null {
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowLoopback)) return 'scheme';
  const host = bareHost(url);
  if (isIP(host) !== 0) return addressAllowed(host, allowLoopback) ? null : 'address';
  if (loopbackName(host) && !allowLoopback) return 'address';
  return null;
}

async function systemResolve(hostname: string): Promise<ResolvedAddress[]> {
  return dnsLookup(hostname, { all: true, verbatim: true });
}

/** Connects only to the addresses already checked, whatever the DNS says now. */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, lookupOptions, callback) => {
    const first = addresses[0]!;
    if ((lookupOptions as { all?: boolean }).all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, addresses);
    else callback(null, first.address, first.family);
  };
}

/**
 * Checks `url` under the policy and gives what the request must be made with: the checked
 * addresses and the `lookup` that pins the connection to them (pass it to http(s).request with
 * `agent: false`, so no pooled socket to another address is reused). Throws `OutboundRefused`.
 */
export async function guardOutbound(url: URL, policy: OutboundPolicy): Promise<{ addresses: ResolvedAddress[]; lookup: LookupFunction }> {
  const early = checkWithoutResolving(url, policy.allowLoopback);
  if (early) throw new OutboundRefused(early);
  const host = bareHost(url);
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal !== 0) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await (policy.resolve ?? systemResolve)(host);
    } catch {
      throw new OutboundRefused('unresolved');
    }
  }
  if (addresses.length === 0) throw new OutboundRefused('unresolved');
  if (!addresses.every((a) => addressAllowed(a.address, policy.allowLoopback))) throw new OutboundRefused('address');
  return { addresses, lookup: pinnedLookup(addresses) };
}
