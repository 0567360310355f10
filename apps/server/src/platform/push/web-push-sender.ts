import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { PushPayload } from '@glucosuivi/domain/push/push.schemas';
import type { PushOutcome, PushSender, PushTarget } from './push.port';
import type { VapidKeys } from './vapid-keys';

export interface WebPushSenderOptions extends VapidKeys {
  /** How long one request to a push service may take, connection included. */
  timeoutMs?: number;
  /**
   * Accept plain-http endpoints. Only for a push service on loopback in tests: every real push
   * service is https, and a server that POSTs to any http URL a user registered is a request
   * forgery tool against the machines around it.
   */
  allowHttp?: boolean;
  log?: { warn(obj: object, msg: string): void };
}

/** What a push service gets to keep a message for an offline browser when the caller says nothing. */
export const DEFAULT_TTL_SECONDS = 24 * 60 * 60;
const DEFAULT_TIMEOUT_MS = 10_000;

/** Whether an endpoint is one we deliver to: https, or http when the sender allows it (tests). */
export function isDeliverableEndpoint(endpoint: string, allowHttp: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return url.protocol === 'https:' || (allowHttp && url.protocol === 'http:');
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
  const warn = (obj: object, msg: string) => options.log?.warn(obj, msg);

  return {
    publicKey: options.publicKey,
    accepts: (endpoint) => isDeliverableEndpoint(endpoint, allowHttp),

    async send(target: PushTarget, payload: PushPayload, sendOptions = {}): Promise<PushOutcome> {
      if (!isDeliverableEndpoint(target.endpoint, allowHttp)) {
        // Stored before the policy changed, or written around the API: never deliverable.
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
        status = await post(request, timeoutMs);
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

/** One POST, its answer's status; redirects are not followed and the body is not read. */
function post(request: ReturnType<typeof webpush.generateRequestDetails>, timeoutMs: number): Promise<number> {
  const url = new URL(request.endpoint);
  const transport = url.protocol === 'http:' ? http : https;
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
  return new Promise((resolve, reject) => {
    const outgoing = transport.request(
      url,
      { method: 'POST', headers, signal: AbortSignal.timeout(timeoutMs) },
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
