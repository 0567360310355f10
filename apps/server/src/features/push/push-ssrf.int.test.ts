import { createECDH } from 'node:crypto';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { createWebPushSender } from '../../platform/push/web-push-sender';
import type { ResolvedAddress } from '../../platform/outbound/address-guard';
import { pushSubscriptions } from '../notifications/notifications.tables';

/*
 * Push endpoints inside our network (SSRF): a signed-in user registering
 * `https://127.0.0.1:<port>/…` (or any other spelling of an address inside) would make every push
 * a connection there, and the test push a port scanner with a timing oracle. Refused at subscribe,
 * and again at send for rows that got in another way or whose name now resolves inside.
 */

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:admin@glucosuivi.fr' };
// A browser's keys: valid, so that nothing but the address can stop a message.
const ecdh = createECDH('prime256v1');
ecdh.generateKeys();
const keys = { p256dh: ecdh.getPublicKey('base64url'), auth: Buffer.alloc(16, 7).toString('base64url') };

/** The strings users send, each naming this machine or a network around it (paths told apart by `tag`). */
function insideEndpoints(port: number, tag: string): string[] {
  const spellings = [
    `https://127.0.0.1:${port}`,
    `https://localhost:${port}`,
    `https://[::1]:${port}`,
    `https://[::ffff:127.0.0.1]:${port}`,
    `https://[::ffff:7f00:1]:${port}`,
    `https://2130706433:${port}`,
    `https://0x7f.0.0.1:${port}`,
    `https://0177.0.0.1:${port}`,
    `https://127.1:${port}`,
    `https://0.0.0.0:${port}`,
    'https://169.254.169.254',
    `https://10.0.0.1:${port}`,
    `https://[fc00::1]:${port}`,
    `https://100.64.0.1:${port}`,
    // Names: one resolving to 127.0.0.1, one to a public address and 127.0.0.1.
    `https://loopback.test:${port}`,
    `https://mixed.test:${port}`,
  ];
  return spellings.map((origin, i) => `${origin}/push/${tag}-${i}`);
}

/** The resolver the app is given: the test's names only, never the network. */
let changingAnswer: ResolvedAddress[] = [{ address: '93.184.216.34', family: 4 }];
async function resolve(host: string): Promise<ResolvedAddress[]> {
  if (host === 'loopback.test' || host === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
  if (host === 'mixed.test') {
    return [
      { address: '93.184.216.34', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
  }
  if (host === 'changing.test') return changingAnswer;
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
}

describe('push endpoints inside our network (SSRF)', () => {
  let t: TestApp;
  let listener: Server;
  let port: number;
  let connections = 0;
  const sender = createWebPushSender({ ...vapid, resolve, timeoutMs: 2_000 });

  const subscribe = (user: TestUser, endpoint: string) =>
    t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: actingAs(user), payload: { endpoint, expirationTime: null, keys } });
  const rowsOf = async (who: TestUser) => (await t.database.db.select().from(pushSubscriptions)).filter((r) => r.userId === who.userId);

  beforeAll(async () => {
    // Counts every connection made to it, and closes it at once (no TLS: a connection is the leak).
    listener = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((done) => listener.listen(0, '127.0.0.1', done));
    port = (listener.address() as AddressInfo).port;
    t = await createTestApp({ resolveActor: headerActor, push: sender });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((done) => (listener ? listener.close(() => done()) : done()));
  });

  it('refuses every spelling at subscribe with 400 push_endpoint_not_allowed, stores nothing, connects nowhere', async () => {
    const user = await createTestUser(t.database);
    const endpoints = insideEndpoints(port, 'subscribe');
    const before = connections;
    const answers: Record<string, string> = {};
    for (const endpoint of endpoints) {
      const response = await subscribe(user, endpoint);
      const body = (response.body ? response.json() : null) as { error?: { code: string } } | null;
      answers[endpoint] = `${response.statusCode} ${body?.error?.code ?? ''}`;
    }
    expect(answers).toEqual(Object.fromEntries(endpoints.map((e) => [e, '400 push_endpoint_not_allowed'])));
    expect(await rowsOf(user)).toEqual([]);
    expect(connections - before).toBe(0);
  });

  it('rows written around the API: the test push connects nowhere and forgets them (delivery jobs send through the same guarded sender)', async () => {
    const owner = await createTestUser(t.database);
    const endpoints = insideEndpoints(port, 'stored');
    const before = connections;
    const rows = await t.database.db
      .insert(pushSubscriptions)
      .values(endpoints.map((endpoint) => ({ userId: owner.userId, endpoint, ...keys, createdAt: t.clock.now() })))
      .returning({ id: pushSubscriptions.id });

    expect(rows).toHaveLength(endpoints.length);
    const tested = await t.app.inject({ method: 'POST', url: '/api/push/test', headers: actingAs(owner) });
    expect(connections - before).toBe(0);
    expect(tested.statusCode).toBe(200);
    expect(tested.json()).toEqual({ sent: 0, removed: endpoints.length });
    expect(await rowsOf(owner)).toEqual([]);
  });

  it('a name that resolved outside at subscribe and inside at send: no connection, the row is forgotten', async () => {
    const user = await createTestUser(t.database);
    const before = connections;
    changingAnswer = [{ address: '93.184.216.34', family: 4 }];
    const endpoint = `https://changing.test:${port}/push/rebound`;
    expect((await subscribe(user, endpoint)).statusCode).toBe(204);
    expect((await rowsOf(user)).map((r) => r.endpoint)).toEqual([endpoint]);

    changingAnswer = [{ address: '127.0.0.1', family: 4 }];
    const tested = await t.app.inject({ method: 'POST', url: '/api/push/test', headers: actingAs(user) });
    expect(tested.json()).toEqual({ sent: 0, removed: 1 });
    expect(connections - before).toBe(0);
    expect(await rowsOf(user)).toEqual([]);
  });
});
