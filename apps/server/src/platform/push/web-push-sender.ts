import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import webpush from 'web-push';
import type { PushPayload } from '@glucosuivi/domain/push/push.schemas';
import { guardOutbound, OutboundRefused, type OutboundPolicy, type Resolver } from '../outbound/address-guard';
import type { EndpointVerdict, PushOutcome, PushSender, PushTarget } from './push.port';
import type { VapidKeys } from './vapid-keys';

export interface WebPushSenderOptions extends VapidKeys {
  /** How long one request to a push service may take, connection included. */
  timeoutMs?: number;
  /**
   * Accept plain-http endpoints on this machine's loopback addresses. Only for a push service on
   * loopback in tests: every real push service is https on a public address, and a server that
   * POSTs to any URL a user registered is a request forgery tool (and a port scanner) against the
   * machines around it. Private, link-local and the other refused ranges stay refused.
   */
  allowHttp?: boolean;
  /** Name resolution of the endpoints' hosts (tests give a fake one); default: the system resolver. */
  resolve?: Resolver;
  log?: { warn(obj: object, msg: string): void };
}

/** What a push service gets to keep a message for an offline browser when the caller says nothing. */
export const DEFAULT_TTL_SECONDS = 24 * 60 * 60;
const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * The endpoint as a URL when its form is one we deliver to: a URL without credentials, https (or
 * http when the sender allows it, for tests). Its address is the outbound guard's to check.
 */
export function deliverableUrl(endpoint: string, allowHttp: boolean): URL | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  return url.protocol === 'https:' || (allowHttp && url.protocol === 'http:') ? url : null;
}

/**
 * Web push through the `web-push` package: it encrypts the payload (RFC 8291, aes128gcm) and
 * signs the VAPID header (RFC 8292); we send the request ourselves. `webpush.sendNotification`
 * always speaks https (it calls https.request whatever the endpoint's scheme), so a push service
 * on loopback over http (web-push-testing, in the tests) could never be reached, and its timeout
 * covers only idle sockets; here one deadline covers the whole request.
 *
 * Logs carry the push service's status code or the socket error code only: the endpoint URL is a
 * bearer capability for that browser, and the payload is the user's.
 */
export function createWebPushSender(options: WebPushSenderOptions): PushSender {
  // Checks the pair once, at start: a bad key is a configuration error, not a failed delivery.
  webpush.getVapidHeaders('https://push.example', options.subject, options.publicKey, options.privateKey, 'aes128gcm');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const allowHttp = options.allowHttp ?? false;
  // The switch for a push service on loopback also lets loopback addresses through, and only them.
  const policy: OutboundPolicy = { allowLoopback: allowHttp, resolve: options.resolve };
  const warn = (obj: object, msg: string) => options.log?.warn(obj, msg);

  /** The endpoint's URL and the lookup pinned to its checked addresses, or why not. */
  async function guarded(endpoint: string): Promise<{ url: URL; lookup: LookupFunction } | EndpointVerdict | 'unresolved'> {
    const url = deliverableUrl(endpoint, allowHttp);
    if (!url) return 'malformed';
    try {
      return { url, lookup: (await guardOutbound(url, policy)).lookup };
    } catch (error) {
      if (!(error instanceof OutboundRefused)) throw error;
      return error.reason === 'scheme' ? 'malformed' : error.reason === 'address' ? 'address_refused' : 'unresolved';
    }
  }

  return {
    publicKey: options.publicKey,

    async check(endpoint) {
      const result = await guarded(endpoint);
      if (typeof result === 'object') return 'deliverable';
      // A name that resolves to nothing cannot be checked: not stored either (every real push
      // service's name resolves).
      return result === 'unresolved' ? 'address_refused' : result;
    },

    async send(target: PushTarget, payload: PushPayload, sendOptions = {}): Promise<PushOutcome> {
      const checked = await guarded(target.endpoint);
      if (checked === 'unresolved') {
        // Perhaps the DNS only for now: the row stays for a retry.
        warn({ code: 'unresolved' }, 'push service unreachable');
        return 'failed';
      }
      if (typeof checked !== 'object') {
        // Stored before the policy changed, written around the API, or its name now resolves
        // inside our network: never delivered, and forgotten.
        warn({}, 'push endpoint not allowed: subscription dropped');
        return 'gone';
      }
      let request: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        request = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: { subject: options.subject, publicKey: options.publicKey, privateKey: options.privateKey },
            TTL: sendOptions.ttlSeconds ?? DEFAULT_TTL_SECONDS,
            contentEncoding: 'aes128gcm',
            urgency: 'normal',
            ...(sendOptions.topic ? { topic: sendOptions.topic } : {}),
          },
        );
      } catch (error) {
        warn({ err: { name: (error as Error).name } }, 'push message could not be prepared');
        return 'failed';
      }
      let status: number;
      try {
        status = await post(checked.url, checked.lookup, request, timeoutMs);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? (error as Error).name;
        warn({ code }, 'push service unreachable');
        return 'failed';
      }
      if (status >= 200 && status < 300) return 'sent';
      // RFC 8030 §7.3: the subscription expired or the browser unsubscribed; never again.
      if (status === 404 || status === 410) return 'gone';
      warn({ status }, 'push service refused the message');
      return 'failed';
    },
  };
}

/**
 * One POST to the checked URL (not the request's copy of it: what was checked is what is
 * connected to), through the lookup pinned to the checked addresses and on a socket of its own
 * (no agent: a pooled socket to another address is never reused). Its answer's status; redirects
 * are not followed and the body is not read.
 */
function post(url: URL, lookup: LookupFunction, request: ReturnType<typeof webpush.generateRequestDetails>, timeoutMs: number): Promise<number> {
  const transport = url.protocol === 'http:' ? http : https;
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
  return new Promise((resolve, reject) => {
    const outgoing = transport.request(
      url,
      { method: 'POST', headers, signal: AbortSignal.timeout(timeoutMs), lookup, agent: false },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body ?? undefined);
  });
}
