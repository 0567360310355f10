import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { FollowErrorCode } from '@glucosuivi/domain/nightscout/nightscout-follow.schemas';
import { guardOutbound, OutboundRefused, type OutboundPolicy } from '../../platform/outbound/address-guard';

/*
 * GET of a followed Nightscout site's JSON, safe to point at an address a patient typed.
 *
 * The site is someone else's server reached from ours, so the request must not become a way into
 * our own network (SSRF):
 * - the address is checked, and the connection pinned to the checked addresses, by the server's
 *   one outbound guard (platform/outbound/address-guard.ts): https only, plain http and loopback
 *   only when `allowLoopback` (tests, development), every resolved address checked, no rebinding;
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

export interface RemoteOptions extends OutboundPolicy {
  /** For the whole answer; default 10 s. */
  timeoutMs?: number;
  /** Largest answer read; default 8 MiB. */
  maxBytes?: number;
}

export const REMOTE_TIMEOUT_MS = 10_000;
export const REMOTE_MAX_BYTES = 8 * 1024 * 1024;

/** The site's addresses, checked and pinned by the server's one outbound guard; a refusal as the page tells it. */
async function guarded(url: URL, options: RemoteOptions): Promise<LookupFunction> {
  try {
    return (await guardOutbound(url, options)).lookup;
  } catch (error) {
    if (!(error instanceof OutboundRefused)) throw error;
    throw new RemoteError(error.reason === 'unresolved' ? 'unreachable' : 'address_refused');
  }
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
  const lookup = await guarded(url, options);
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
        lookup,
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
