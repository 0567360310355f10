import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A real push service on loopback: the `web-push-testing` package (RFC 8030 endpoints, RFC 8291
 * decryption, RFC 8292 VAPID check), run in this process. Its own start (`startServer`) listens
 * on every interface of a fixed port and exits the process on error; here its express app
 * listens on 127.0.0.1 on a free port instead, and the endpoint URLs it hands out say so.
 *
 * Its HTTP API (all POST, JSON):
 * - /subscribe {applicationServerKey} → {data: {endpoint, keys: {p256dh, auth}, clientHash}}
 * - /notify/<clientHash> (the endpoint): decrypts and keeps the message → 201; 410 once expired;
 *   400 for anything it cannot verify or decrypt (unknown client included)
 * - /expire-subscription/<clientHash> → 200 (the endpoint then answers 410)
 * - /get-notifications {clientHash} → {data: {messages: [decrypted text, …]}}
 */

interface WebPushTestingServer {
  _app: { listen(port: number, host: string, callback: () => void): Server };
  setRequestHandlers(): void;
}
interface PushApiModel {
  notifyUrl: string;
}

const require = createRequire(import.meta.url);

export interface TestPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

export interface TestPushService {
  /** http://127.0.0.1:<port> */
  url: string;
  /** A browser's subscription for this application server key, as PushManager.subscribe() gives it. */
  subscribe(applicationServerKey: string): Promise<TestPushSubscription>;
  /** The browser unsubscribed: its endpoint answers 410 from now on. */
  expire(clientHash: string): Promise<void>;
  /** The messages this subscription received, decrypted. */
  messages(clientHash: string): Promise<string[]>;
  close(): Promise<void>;
}

async function call<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`push service ${new URL(url).pathname}: ${response.status} ${await response.text()}`);
  // /expire-subscription answers a plain "OK".
  return (response.headers.get('content-type')?.includes('json') ? await response.json() : undefined) as T;
}

export async function startTestPushService(): Promise<TestPushService> {
  const ServerClass = require('web-push-testing/src/server.js') as new (model: PushApiModel, port: number) => WebPushTestingServer;
  const { PushApiModel: ModelClass } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => PushApiModel };
  const model = new ModelClass();
  // The server keeps its model in a module variable: one service per process at a time.
  const server = new ServerClass(model, 0);
  server.setRequestHandlers();
  const listening = await new Promise<Server>((resolve) => {
    const s = server._app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  model.notifyUrl = `${url}/notify/`;
  return {
    url,
    subscribe: async (applicationServerKey) => (await call<{ data: TestPushSubscription }>(`${url}/subscribe`, { applicationServerKey })).data,
    expire: async (clientHash) => void (await call(`${url}/expire-subscription/${clientHash}`, {})),
    messages: async (clientHash) => (await call<{ data: { messages: string[] } }>(`${url}/get-notifications`, { clientHash })).data.messages,
    close: () =>
      new Promise<void>((resolve, reject) => {
        listening.closeAllConnections();
        listening.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
