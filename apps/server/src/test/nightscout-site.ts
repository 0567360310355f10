import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/*
 * A stand-in for a Nightscout site (the real one needs MongoDB): a real HTTP server on loopback
 * answering the API v1 reads a follower makes, as Nightscout 15 does. `GET /api/v1/entries.json`
 * and `GET /api/v1/treatments.json` filter on `find[date]` / `find[created_at]` with $gt, $gte,
 * $lt, $lte, sort newest first and cut at `count` (default 10); reads need the token
 * (`?token=`) or the API_SECRET's SHA-1 (`api-secret` header), else 401. `mode` makes it
 * misbehave: an error status, a hang, invalid JSON, a huge answer, a redirect.
 */

export type FakeSiteMode =
  | { kind: 'ok' }
  | { kind: 'status'; status: number }
  | { kind: 'hang' }
  | { kind: 'invalid-json' }
  | { kind: 'not-an-array' }
  | { kind: 'huge'; bytes: number }
  | { kind: 'redirect'; location: string };

export interface FakeSiteRequest {
  path: string;
  query: Record<string, string>;
  apiSecret: string | undefined;
}

export interface FakeNightscoutSite {
  /** http://127.0.0.1:<port> */
  url: string;
  entries: Record<string, unknown>[];
  treatments: Record<string, unknown>[];
  requests: FakeSiteRequest[];
  mode: FakeSiteMode;
  close(): Promise<void>;
}

const sha1 = (value: string) => createHash('sha1').update(value).digest('hex');

function instant(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return Date.parse(String(value));
}

/** Nightscout's `find[<field>][$op]` filters on one field. */
function matches(doc: Record<string, unknown>, field: string, query: Record<string, string>): boolean {
  const value = instant(doc[field]);
  const bound = (op: string) => (query[`find[${field}][${op}]`] === undefined ? undefined : instant(query[`find[${field}][${op}]`]));
  const gt = bound('$gt');
  const gte = bound('$gte');
  const lt = bound('$lt');
  const lte = bound('$lte');
  return (gt === undefined || value > gt) && (gte === undefined || value >= gte) && (lt === undefined || value < lt) && (lte === undefined || value <= lte);
}

function list(docs: Record<string, unknown>[], field: string, query: Record<string, string>): Record<string, unknown>[] {
  const count = query.count ? Number(query.count) : 10;
  return docs
    .filter((doc) => matches(doc, field, query))
    .sort((a, b) => instant(b[field]) - instant(a[field]))
    .slice(0, count);
}

export async function startFakeNightscoutSite(credentials: { token?: string; apiSecret?: string }): Promise<FakeNightscoutSite> {
  const sockets = new Set<Socket>();
  const site: FakeNightscoutSite = {
    url: '',
    entries: [],
    treatments: [],
    requests: [],
    mode: { kind: 'ok' },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };

  const authorized = (query: Record<string, string>, header: string | undefined) =>
    (credentials.token !== undefined && query.token === credentials.token) || (credentials.apiSecret !== undefined && header === sha1(credentials.apiSecret));

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    const header = typeof req.headers['api-secret'] === 'string' ? req.headers['api-secret'] : undefined;
    site.requests.push({ path: url.pathname, query, apiSecret: header });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const mode = site.mode;
    if (mode.kind === 'hang') return; // never answers
    if (mode.kind === 'status') return json(mode.status, { status: mode.status, message: 'failure' });
    if (mode.kind === 'redirect') {
      res.writeHead(302, { location: mode.location });
      return res.end();
    }
    if (mode.kind === 'invalid-json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('<html>not json</html>');
    }
    if (mode.kind === 'not-an-array') return json(200, { status: 'ok' });
    if (mode.kind === 'huge') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(`[${'0,'.repeat(Math.floor(mode.bytes / 2))}0]`);
    }
    if (!authorized(query, header)) return json(401, { status: 401, message: 'Unauthorized', description: 'Invalid/Missing' });
    if (url.pathname === '/api/v1/entries.json') return json(200, list(site.entries, 'date', query));
    if (url.pathname === '/api/v1/treatments.json') return json(200, list(site.treatments, 'created_at', query));
    return json(404, { status: 404, message: 'Not found' });
  };

  const server: Server = createServer(handle);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return site;
}

/** A Nightscout sgv entry as a site stores it (xDrip+ shape). */
export function siteEntry(date: number, sgv: number): Record<string, unknown> {
  return { _id: sha1(`e${date}`).slice(0, 24), type: 'sgv', sgv, date, dateString: new Date(date).toISOString(), device: 'xDrip-DexcomG6', direction: 'Flat', utcOffset: 0, sysTime: new Date(date).toISOString() };
}
