import { createECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import type { PushPayload } from '@glucosuivi/domain/push/push.schemas';
import { startTestPushService, type TestPushService } from '../../test/push-service';
import { createWebPushSender, isDeliverableEndpoint } from './web-push-sender';

const keys = webpush.generateVAPIDKeys();
const vapid = { ...keys, subject: 'mailto:admin@glucosuivi.fr' };
const payload: PushPayload = { title: 'Rappel', body: 'Mesurez votre glycémie — à 8 h', url: '/reminders', tag: 'reminder:1' };

/** A push service stand-in that answers what the test says and keeps what it received. */
async function scriptedService(answer: (path: string) => number | 'hang') {
  const received: { path: string; headers: IncomingHttpHeaders; bytes: number }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, bytes: Buffer.concat(chunks).length });
      const status = answer(request.url ?? '');
      if (status !== 'hang') response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('web push sender against a real push service on loopback (web-push-testing)', () => {
  let service: TestPushService;
  const warnings: { obj: object; msg: string }[] = [];
  const sender = createWebPushSender({ ...vapid, allowHttp: true, log: { warn: (obj, msg) => void warnings.push({ obj, msg }) } });

  beforeAll(async () => {
    service = await startTestPushService();
  });
  afterAll(async () => {
    await service.close();
  });

  it('delivers the payload, encrypted for the browser and signed with our VAPID key: the service decrypts the same JSON', async () => {
    const browser = await service.subscribe(keys.publicKey);
    expect(browser.endpoint.startsWith(`${service.url}/notify/`)).toBe(true);
    const target = { endpoint: browser.endpoint, p256dh: browser.keys.p256dh, auth: browser.keys.auth };
    expect(await sender.send(target, payload, { ttlSeconds: 60, topic: 'reminder1' })).toBe('sent');
    expect(await sender.send(target, { ...payload, body: 'deuxième' })).toBe('sent');
    const messages = await service.messages(browser.clientHash);
    expect(messages.map((m) => JSON.parse(m) as unknown)).toEqual([payload, { ...payload, body: 'deuxième' }]);
  });

  it('a subscription signed for another server key is refused (the service checks the VAPID signature): failed, not sent', async () => {
    const other = webpush.generateVAPIDKeys();
    const browser = await service.subscribe(other.publicKey);
    const outcome = await sender.send({ endpoint: browser.endpoint, p256dh: browser.keys.p256dh, auth: browser.keys.auth }, payload);
    expect(outcome).toBe('failed');
    expect(await service.messages(browser.clientHash)).toEqual([]);
  });

  it('an expired subscription (410 from the service) is gone', async () => {
    const browser = await service.subscribe(keys.publicKey);
    await service.expire(browser.clientHash);
    const outcome = await sender.send({ endpoint: browser.endpoint, p256dh: browser.keys.p256dh, auth: browser.keys.auth }, payload);
    expect(outcome).toBe('gone');
    expect(await service.messages(browser.clientHash)).toEqual([]);
  });
});

describe('web push sender: headers, answers, timeout, logs', () => {
  // A browser's public key and auth secret, so the payload can be encrypted.
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const browserKeys = { p256dh: ecdh.getPublicKey('base64url'), auth: Buffer.alloc(16, 7).toString('base64url') };

  it('sends TTL, Topic, Urgency, aes128gcm and the VAPID Authorization; 404 and 410 are gone; other answers failed', async () => {
    const service = await scriptedService((path) => (path.startsWith('/gone404') ? 404 : path.startsWith('/gone410') ? 410 : path.startsWith('/busy') ? 429 : path.startsWith('/broken') ? 500 : 201));
    const warnings: { obj: object; msg: string }[] = [];
    const sender = createWebPushSender({ ...vapid, allowHttp: true, log: { warn: (obj, msg) => void warnings.push({ obj, msg }) } });
    try {
      const at = (path: string) => ({ endpoint: `${service.url}${path}`, ...browserKeys });
      expect(await sender.send(at('/ok/secret-capability'), payload, { ttlSeconds: 120, topic: 'occ42' })).toBe('sent');
      const [first] = service.received;
      expect(first?.headers.ttl).toBe('120');
      expect(first?.headers.topic).toBe('occ42');
      expect(first?.headers.urgency).toBe('normal');
      expect(first?.headers['content-encoding']).toBe('aes128gcm');
      expect(first?.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${keys.publicKey}$`));
      // Encrypted: the JSON never travels in clear (aes128gcm adds a header and a tag).
      expect(first?.bytes).toBeGreaterThan(JSON.stringify(payload).length);
      expect(await sender.send(at('/ok/2'), payload)).toBe('sent');
      expect(service.received[1]?.headers.ttl).toBe(String(24 * 60 * 60));
      expect(service.received[1]?.headers.topic).toBeUndefined();

      expect(await sender.send(at('/gone404/secret-capability'), payload)).toBe('gone');
      expect(await sender.send(at('/gone410/secret-capability'), payload)).toBe('gone');
      expect(await sender.send(at('/busy/secret-capability'), payload)).toBe('failed');
      expect(await sender.send(at('/broken/secret-capability'), payload)).toBe('failed');
      expect(warnings.map((w) => [w.msg, w.obj])).toEqual([
        ['push service refused the message', { status: 429 }],
        ['push service refused the message', { status: 500 }],
      ]);
    } finally {
      await service.close();
    }
    // Never the endpoint (a bearer capability) nor the text.
    expect(JSON.stringify(warnings)).not.toMatch(/secret-capability|127\.0\.0\.1|Rappel/);
  });

  it('a service that never answers is failed once the timeout passes; one that is not listening is failed at once', async () => {
    const service = await scriptedService(() => 'hang');
    const warnings: { obj: object; msg: string }[] = [];
    const sender = createWebPushSender({ ...vapid, allowHttp: true, timeoutMs: 300, log: { warn: (obj, msg) => void warnings.push({ obj, msg }) } });
    try {
      const started = Date.now();
      expect(await sender.send({ endpoint: `${service.url}/hang`, ...browserKeys }, payload)).toBe('failed');
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(warnings[0]?.msg).toBe('push service unreachable');
    } finally {
      await service.close();
    }
    expect(await sender.send({ endpoint: service.url, ...browserKeys }, payload)).toBe('failed');
    expect(warnings.at(-1)).toEqual({ msg: 'push service unreachable', obj: { code: 'ECONNREFUSED' } });
  });

  it('refuses plain http unless allowed, and never sends to it: the subscription is gone', async () => {
    const service = await scriptedService(() => 201);
    try {
      const strict = createWebPushSender(vapid);
      expect(strict.accepts?.(`${service.url}/x`)).toBe(false);
      expect(strict.accepts?.('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
      expect(await strict.send({ endpoint: `${service.url}/x`, ...browserKeys }, payload)).toBe('gone');
      expect(service.received).toEqual([]);
    } finally {
      await service.close();
    }
    expect(isDeliverableEndpoint('https://user:pw@push.example/x', true)).toBe(false);
    expect(isDeliverableEndpoint('ftp://push.example/x', true)).toBe(false);
    expect(isDeliverableEndpoint('not a url', true)).toBe(false);
  });

  it('a bad VAPID key pair is refused at creation', () => {
    expect(() => createWebPushSender({ ...vapid, privateKey: 'short' })).toThrow();
  });
});
