import { createECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import type { PushPayload } from '@glucosuivi/domain/push/push.schemas';
import { startTestPushService, type TestPushService } from '../../test/push-service';
import { createWebPushSender } from './web-push-sender';

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
    const publicName = async () => [{ address: '93.184.216.34', family: 4 }];
    try {
      const strict = createWebPushSender({ ...vapid, resolve: publicName });
      expect(await strict.check?.(`${service.url}/x`)).toBe('malformed');
      expect(await strict.check?.('https://fcm.googleapis.com/fcm/send/abc')).toBe('deliverable');
      expect(await strict.send({ endpoint: `${service.url}/x`, ...browserKeys }, payload)).toBe('gone');
      expect(service.received).toEqual([]);
      for (const endpoint of ['https://user:pw@push.example/x', 'ftp://push.example/x', 'not a url']) {
        expect(await strict.check?.(endpoint), endpoint).toBe('malformed');
      }
    } finally {
      await service.close();
    }
  });

  it('endpoints inside our network: refused by check, never connected to by send (gone); allowHttp lets loopback only through', async () => {
    let connections = 0;
    const listener = createNetServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((done) => listener.listen(0, '127.0.0.1', done));
    const port = (listener.address() as AddressInfo).port;
    const resolve = async (host: string) => {
      if (host === 'loopback.test') return [{ address: '127.0.0.1', family: 4 }];
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    const warnings: string[] = [];
    const strict = createWebPushSender({ ...vapid, resolve, timeoutMs: 2_000, log: { warn: (_obj, msg) => void warnings.push(msg) } });
    const withHttp = createWebPushSender({ ...vapid, resolve, allowHttp: true, timeoutMs: 2_000 });
    const inside = [
      `https://127.0.0.1:${port}/a`,
      `https://2130706433:${port}/b`,
      `https://0x7f.0.0.1:${port}/c`,
      `https://0177.0.0.1:${port}/d`,
      `https://127.1:${port}/e`,
      `https://0.0.0.0:${port}/f`,
      `https://[::ffff:127.0.0.1]:${port}/g`,
      `https://[::ffff:7f00:1]:${port}/h`,
      `https://[::1]:${port}/i`,
      `https://localhost:${port}/j`,
      `https://loopback.test:${port}/k`,
      'https://169.254.169.254/l',
      'https://10.0.0.1/m',
      'https://[fc00::1]/n',
      'https://100.64.0.1/o',
    ];
    try {
      const outcomes: Record<string, string | undefined> = {};
      for (const endpoint of inside) {
        outcomes[endpoint] = `${await strict.check?.(endpoint)} ${await strict.send({ endpoint, ...browserKeys }, payload)}`;
      }
      expect(outcomes).toEqual(Object.fromEntries(inside.map((e) => [e, 'address_refused gone'])));
      expect(connections).toBe(0);
      expect(new Set(warnings)).toEqual(new Set(['push endpoint not allowed: subscription dropped']));

      // The switch for a test push service on loopback: loopback is reached, nothing else inside.
      expect(await withHttp.check?.(`http://127.0.0.1:${port}/x`)).toBe('deliverable');
      expect(await withHttp.send({ endpoint: `http://loopback.test:${port}/x`, ...browserKeys }, payload)).toBe('failed');
      expect(connections).toBe(1);
      for (const endpoint of ['http://10.0.0.1/x', 'http://169.254.169.254/x', 'http://[fc00::1]/x', 'http://[::ffff:127.0.0.1]/x', 'https://100.64.0.1/x']) {
        expect(await withHttp.check?.(endpoint), endpoint).toBe('address_refused');
        expect(await withHttp.send({ endpoint, ...browserKeys }, payload), endpoint).toBe('gone');
      }
      // A name that resolves to nothing: not stored; at send, perhaps the DNS only for now (kept, failed).
      expect(await strict.check?.('https://nowhere.test/x')).toBe('address_refused');
      expect(await strict.send({ endpoint: 'https://nowhere.test/x', ...browserKeys }, payload)).toBe('failed');
      expect(connections).toBe(1);
    } finally {
      await new Promise<void>((done) => listener.close(() => done()));
    }
  });

  it('connects to the address it checked: a name that resolves nowhere else is reached through the pinned lookup', async () => {
    const service = await scriptedService(() => 201);
    const asked: string[] = [];
    const resolve = async (host: string) => {
      asked.push(host);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    try {
      const sender = createWebPushSender({ ...vapid, resolve, allowHttp: true });
      const endpoint = `http://push.invalid:${new URL(service.url).port}/pinned`;
      expect(await sender.send({ endpoint, ...browserKeys }, payload)).toBe('sent');
      expect(service.received.map((r) => r.path)).toEqual(['/pinned']);
      expect(asked).toEqual(['push.invalid']);
    } finally {
      await service.close();
    }
  });

  it('a bad VAPID key pair is refused at creation', () => {
    expect(() => createWebPushSender({ ...vapid, privateKey: 'short' })).toThrow();
  });
});
