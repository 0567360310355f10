import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * A stand-in for Dexcom Share on loopback, over HTTPS, for the journeys that run a real Share
 * client (share2nightscout-bridge): the vendor's cloud is out of reach from tests, so this
 * server answers the three calls such clients make, with the same paths, bodies and errors.
 *
 * The protocol (ShareWebServices/Services, JSON in and out, every call a POST):
 * - General/AuthenticatePublisherAccount {accountName, password, applicationId}
 *     → the account id, a GUID as a JSON string ("\"…\"")
 * - General/LoginPublisherAccountById {accountId, password, applicationId}
 *   (older clients: General/LoginPublisherAccountByName {accountName, password, applicationId})
 *     → a session id, a GUID as a JSON string
 * - Publisher/ReadPublisherLatestGlucoseValues?sessionId=…&minutes=…&maxCount=… (empty body)
 *     → newest first, at most maxCount readings of the last `minutes`:
 *       [{WT: "Date(ms)", ST: "Date(ms)", DT: "Date(ms+hhmm)", Value: mg/dL, Trend: "Flat"}, …]
 * Refusals are HTTP 500 with {Code, Message, SubCode, TypeName: "FaultException"}: a wrong
 * account or password is AccountPasswordInvalid (Share does not say which of the two was wrong),
 * an unknown session SessionIdNotFound, a missing or bad argument InvalidArgument. Paths and
 * query parameter names are case-insensitive there (clients spell `sessionID` or `sessionId`).
 *
 * TLS: a throw-away certificate authority and a certificate for 127.0.0.1 made with openssl when
 * the stand-in starts; `caFile` is what a client must trust (NODE_EXTRA_CA_CERTS for a child).
 */

/** The application id Dexcom gave its Share apps; every third-party client sends it. */
export const SHARE_APPLICATION_ID = 'd89443d2-327c-4a6f-89e5-496bbb0317db';

/** Dexcom's trend arrows as the service spells them today (older answers used numbers 0–9). */
export type ShareTrend =
  | 'None'
  | 'DoubleUp'
  | 'SingleUp'
  | 'FortyFiveUp'
  | 'Flat'
  | 'FortyFiveDown'
  | 'SingleDown'
  | 'DoubleDown'
  | 'NotComputable'
  | 'RateOutOfRange';

export interface ShareReading {
  /** Epoch milliseconds of the reading. */
  at: number;
  mgdl: number;
  trend: ShareTrend;
}

export interface ShareCall {
  /** The path after /ShareWebServices/Services/, as sent. */
  call: string;
  query: Record<string, string>;
  body: unknown;
  userAgent: string | undefined;
  /** HTTP status answered. */
  status: number;
}

export interface DexcomShareStandIn {
  /** host:port, what BRIDGE_SERVER takes (the bridge builds https://<server>/ShareWebServices/…). */
  server: string;
  /** https://127.0.0.1:<port>/ShareWebServices/Services */
  baseUrl: string;
  /** PEM file of the certificate authority that signed the stand-in's certificate. */
  caFile: string;
  /** Every call received, in order. */
  calls: ShareCall[];
  close(): Promise<void>;
}

interface Options {
  accountName: string;
  password: string;
  readings: readonly ShareReading[];
  /** UTC offset of the receiver's display time (DT), e.g. '+0100'. */
  displayOffset?: string;
}

const PREFIX = '/sharewebservices/services/';

class ShareFault extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Makes the throw-away CA and the server certificate (EC P-256, valid one day) in `dir`. */
function makeCertificates(dir: string): { key: Buffer; cert: Buffer; caFile: string } {
  const file = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    'req',
    '-x509',
    ...ec,
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
    '-days',
    '1',
    '-subj',
    '/CN=GlucoSuivi e2e test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign',
  );
  openssl(
    'req',
    ...ec,
    '-keyout',
    file('server.key'),
    '-out',
    file('server.csr'),
    '-subj',
    '/CN=127.0.0.1',
  );
  writeFileSync(
    file('server.ext'),
    'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\n',
  );
  openssl(
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-out',
    file('server.pem'),
    '-days',
    '1',
    '-extfile',
    file('server.ext'),
  );
  return {
    key: readFileSync(file('server.key')),
    cert: readFileSync(file('server.pem')),
    caFile: file('ca.pem'),
  };
}

const dotNetDate = (ms: number, offset = '') => `Date(${ms}${offset})`;

function lowerKeys(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [key.toLowerCase(), value]),
  );
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  response.end(text);
}

/** Share's read call: the newest readings of the last `minutes`, at most `maxCount`, for an open session. */
function latestGlucoseValues(
  query: Record<string, string>,
  sessions: ReadonlySet<string>,
  newestFirst: readonly ShareReading[],
  displayOffset: string,
): unknown {
  const q = lowerKeys(query) as Record<string, string | undefined>;
  if (!q.sessionid || !sessions.has(q.sessionid))
    throw new ShareFault('SessionIdNotFound', 'Session ID not found.');
  const minutes = Number(q.minutes);
  const maxCount = Number(q.maxcount);
  if (
    !Number.isInteger(minutes) ||
    minutes < 1 ||
    minutes > 1440 ||
    !Number.isInteger(maxCount) ||
    maxCount < 1 ||
    maxCount > 288
  ) {
    throw new ShareFault(
      'InvalidArgument',
      'Minutes and maxCount must be whole numbers (1–1440 and 1–288).',
    );
  }
  const since = Date.now() - minutes * 60_000;
  return newestFirst
    .filter((r) => r.at >= since)
    .slice(0, maxCount)
    .map((r) => ({
      WT: dotNetDate(r.at),
      ST: dotNetDate(r.at),
      DT: dotNetDate(r.at, displayOffset),
      Value: r.mgdl,
      Trend: r.trend,
    }));
}

/**
 * The bridge's read call declares `Content-Length: 0` yet sends the two bytes `""` (its HTTP
 * library writes the empty body as JSON after the headers). Share answers that call all the
 * same, while Node would take the stray bytes for a malformed next request and answer 400
 * before the call's own answer: here the call in progress is answered, then the connection closed.
 */
function answerBeforeStrayBytes(server: ReturnType<typeof createServer>): void {
  const inProgress = new WeakMap<Socket, ServerResponse>();
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    inProgress.set(request.socket, response);
    response.once('finish', () => inProgress.delete(request.socket));
  });
  server.on('clientError', (_error, socket: Socket) => {
    const pending = inProgress.get(socket);
    if (pending) pending.once('finish', () => socket.end());
    else socket.destroy();
  });
}

/** Starts the stand-in on 127.0.0.1, on a free port. */
export async function startDexcomShareStandIn(options: Options): Promise<DexcomShareStandIn> {
  const dir = mkdtempSync(join(tmpdir(), 'dexcom-share-standin-'));
  const { key, cert, caFile } = makeCertificates(dir);
  const accountId = randomUUID();
  const sessions = new Set<string>();
  const calls: ShareCall[] = [];
  const newestFirst = [...options.readings].sort((a, b) => b.at - a.at);

  const checkPassword = (args: Record<string, unknown>, account: 'name' | 'id') => {
    if (args.applicationid !== SHARE_APPLICATION_ID)
      throw new ShareFault('InvalidArgument', 'Application id is not valid.');
    const known =
      account === 'name' ? args.accountname === options.accountName : args.accountid === accountId;
    if (!known || args.password !== options.password)
      throw new ShareFault('AccountPasswordInvalid', 'Publisher account password failed');
  };
  const newSession = () => {
    const id = randomUUID();
    sessions.add(id);
    return id;
  };

  const answer = (call: string, query: Record<string, string>, body: unknown): unknown => {
    const args =
      body && typeof body === 'object' && !Array.isArray(body)
        ? lowerKeys(body as Record<string, unknown>)
        : {};
    switch (call.toLowerCase()) {
      case 'general/authenticatepublisheraccount':
        checkPassword(args, 'name');
        return accountId;
      case 'general/loginpublisheraccountbyid':
        checkPassword(args, 'id');
        return newSession();
      case 'general/loginpublisheraccountbyname':
        checkPassword(args, 'name');
        return newSession();
      case 'publisher/readpublisherlatestglucosevalues':
        return latestGlucoseValues(query, sessions, newestFirst, options.displayOffset ?? '+0100');
      default:
        return undefined;
    }
  };

  const server = createServer({ key, cert }, (request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'https://127.0.0.1');
      const text = await readBody(request);
      const query = Object.fromEntries(url.searchParams);
      const record = (status: number, body: unknown) =>
        calls.push({
          call: url.pathname.slice(PREFIX.length),
          query,
          body,
          userAgent: request.headers['user-agent'],
          status,
        });
      let body: unknown = null;
      try {
        body = text === '' ? null : JSON.parse(text);
      } catch {
        record(400, text);
        return send(response, 400, {
          Code: 'InvalidArgument',
          Message: 'Body is not JSON.',
          TypeName: 'FaultException',
        });
      }
      if (request.method !== 'POST' || !url.pathname.toLowerCase().startsWith(PREFIX)) {
        record(404, body);
        return send(response, 404, { Message: 'Endpoint not found.' });
      }
      try {
        const result = answer(url.pathname.slice(PREFIX.length), query, body);
        if (result === undefined) {
          record(404, body);
          return send(response, 404, { Message: 'Endpoint not found.' });
        }
        record(200, body);
        return send(response, 200, result);
      } catch (error) {
        if (!(error instanceof ShareFault)) throw error;
        record(500, body);
        const subCode = `<OnlineException DateThrownLocal="${new Date().toISOString()}" DateThrown="${new Date().toISOString()}" ErrorCode="${error.code}" />`;
        return send(response, 500, {
          Code: error.code,
          Message: error.message,
          SubCode: subCode,
          TypeName: 'FaultException',
        });
      }
    })().catch(() => {
      if (!response.headersSent) send(response, 500, { Message: 'Stand-in failure.' });
    });
  });
  answerBeforeStrayBytes(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    server: `127.0.0.1:${port}`,
    baseUrl: `https://127.0.0.1:${port}/ShareWebServices/Services`,
    caFile,
    calls,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
