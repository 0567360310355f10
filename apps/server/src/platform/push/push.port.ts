import type { PushPayload } from '@glucosuivi/domain/push/push.schemas';

/** One stored browser subscription, as the push service needs it. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What became of one push message. `gone`: the push service said 404/410, drop the subscription. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/** What a sender says of an endpoint before storing it (see `PushSender.check`). */
export type EndpointVerdict = 'deliverable' | 'malformed' | 'address_refused';

/**
 * Web push (RFC 8030 + RFC 8291 encryption + RFC 8292 VAPID), as the delivery pipeline sees it.
 * The real one uses the `web-push` package; tests point it at a push service on loopback.
 */
export interface PushSender {
  readonly publicKey: string;
  /**
   * Whether this sender would deliver to the endpoint at all: `malformed` (not https, unless a
   * test allows http; credentials in the URL), `address_refused` (the host is, or resolves to, an
   * address inside our network: the outbound address guard). The subscribe endpoint refuses both,
   * so nothing undeliverable is stored; `send` checks again (the DNS may have changed). A fake
   * sender may leave it out (every endpoint accepted).
   */
  check?(endpoint: string): Promise<EndpointVerdict>;
  send(target: PushTarget, payload: PushPayload, options?: { ttlSeconds?: number; topic?: string }): Promise<PushOutcome>;
}
