import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { FollowErrorCode } from '@glucosuivi/domain/nightscout/nightscout-follow.schemas';

/*
 * GET of a followed Nightscout site's JSON, safe to point at an address a patient typed.
 *
 * The site is someone else's server reached from ours, so the request must not become a way into
 * our own network (SSRF):
 * - https only; plain http and loopback addresses only when `allowLoopback` (tests, development);
 * - the name is resolved once here, every address it resolves to is checked (private, loopback,
 *   link-local, CGNAT, multicast, documentation, IPv4-mapped, NAT64, 6to4 and Teredo ranges are
 *   refused), and the connection is pinned to the checked addresses (a second, different answer
 *   of the DNS between the check and the connection cannot move it: no rebinding);
 * - redirects are never followed (one could point back inside): they are an error;
 * - 10 seconds for the whole answer, and a size cap (a page of entries is well under it), so a
 *   slow or huge answer costs a bounded time and memory.
 * Failures are thrown as `RemoteError` with a code the page translates; the remote's own text is
 * never kept.
 */

export class RemoteError extends Error {
  override readonly name = 'RemoteError';
  constructor(readonly code: FollowErrorCode) {
    super(code);
  }
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface RemoteOptions {
  /** Plain http and this machine's addresses accepted: tests and development only, never in production. */
  allowLoopback: boolean;
  /** Name resolution (tests give a fake one); default: the system resolver, every address. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** For the whole answer; default 10 s. */
  timeoutMs?: number;
  /** Largest answer read; default 8 MiB. */
  maxBytes?: number;
}

export const REMOTE_TIMEOUT_MS = 10_000;
export const REMOTE_MAX_BYTES = 8 * 1024 * 1024;

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

/** Whether the server may connect to this address. */
export function addressAllowed(address: string, allowLoopback: boolean): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return (allowLoopback && loopbackV4.check(address, 'ipv4')) || !refusedV4.check(address, 'ipv4');
  if (allowLoopback && address === '::1') return true;
  return !MAPPED.test(address) && !refusedV6.check(address, 'ipv6');
}

async function systemResolve(hostname: string): Promise<ResolvedAddress[]> {
  return dnsLookup(hostname, { all: true, verbatim: true });
}

/** The checked addresses of the URL's host; a refused one refuses the whole name. */
async function checkedAddresses(url: URL, options: RemoteOptions): Promise<ResolvedAddress[]> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: ResolvedAddress[];
  const literal = isIP(host);
  if (literal !== 0) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
    } catch {
      throw new RemoteError('unreachable');
    }
  }
  if (addresses.length === 0) throw new RemoteError('unreachable');
  if (!addresses.every((a) => addressAllowed(a.address, options.allowLoopback))) throw new RemoteError('address_refused');
  return addresses;
}

/** Connects only to the addresses already checked, whatever the DNS says now. */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, lookupOptions, callback) => {
    const first = addresses[0]!;
    if ((lookupOptions as { all?: boolean }).all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, addresses);
    else callback(null, first.address, first.family);
  };
}

function statusError(status: number): RemoteError {
  if (status >= 300 && status < 400) return new RemoteError('redirect');
  if (status === 401 || status === 403) return new RemoteError('unauthorized');
  if (status === 404) return new RemoteError('not_found');
  return new RemoteError('remote_error');
}

/**
 * Reads the body of a 2xx answer, at most `maxBytes`, and tells `done` once. `done` is called
 * before the answer is cut short, so a cut is told as `too_large`, not as the socket error that
 * follows it.
 */
function readBody(response: IncomingMessage, maxBytes: number, done: (error: RemoteError | null, body?: Buffer) => void): void {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    done(new RemoteError('too_large'));
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  response.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > maxBytes) done(new RemoteError('too_large'));
    else chunks.push(chunk);
  });
  response.on('end', () => done(null, Buffer.concat(chunks)));
  response.on('error', () => done(new RemoteError('unreachable')));
  response.on('aborted', () => done(new RemoteError('unreachable')));
}

/**
 * GETs `url` and parses its JSON answer. `headers` may carry the `api-secret`; the URL may carry
 * `?token=`: neither is ever logged or put in an error.
 */
export async function getRemoteJson(url: URL, headers: Record<string, string>, options: RemoteOptions): Promise<unknown> {
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && options.allowLoopback)) throw new RemoteError('address_refused');
  const addresses = await checkedAddresses(url, options);
  const timeoutMs = options.timeoutMs ?? REMOTE_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? REMOTE_MAX_BYTES;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;

  const body = await new Promise<Buffer>((resolve, reject) => {
    let settled = false;
    const finish = (error: RemoteError | null, value?: Buffer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        // Ends the exchange (the socket with it: no agent, no reuse).
        req.destroy();
        reject(error);
      } else resolve(value!);
    };
    const req = send(
      url,
      {
        method: 'GET',
        headers: { accept: 'application/json', 'accept-encoding': 'identity', 'user-agent': 'GlucoSuivi (Nightscout follower)', ...headers },
        lookup: pinnedLookup(addresses),
        // No connection reuse: each request is checked and pinned on its own.
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status < 200 || status >= 300) {
          response.resume();
          finish(statusError(status));
          return;
        }
        readBody(response, maxBytes, finish);
      },
    );
    const timer = setTimeout(() => finish(new RemoteError('timeout')), timeoutMs);
    req.on('error', () => finish(new RemoteError('unreachable')));
    req.end();
  });

  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    throw new RemoteError('invalid_response');
  }
}
