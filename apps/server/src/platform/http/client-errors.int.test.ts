import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import { createTestApp, type TestApp } from '../../test/test-app';

// Errors Node's HTTP parser raises before Fastify has a request never go through inject(): these
// requests are written on a real socket to the listening app, byte for byte.

/** Sends raw bytes and reads everything the server answers until it closes the connection. */
function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server may close while the rest of an oversized request is in flight: what it answered counts.
    socket.on('error', (error) => (chunks.length > 0 ? resolve(Buffer.concat(chunks).toString('utf8')) : reject(error)));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    // Not half-closed: Node's server closes a connection whose client ended before it answered.
    // Every request here is one the server closes (refused, or `Connection: close`).
    socket.write(bytes);
  });
}

function parseResponse(text: string) {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('connection errors answer in the error format', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => t?.close());

  it('a 20 kB header: 431 with the JSON error body (code headers_too_large, a request id), and the header is not logged', async () => {
    const secretish = 'z'.repeat(20 * 1024);
    const res = parseResponse(await rawRequest(port, `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${secretish}\r\n\r\n`));
    expect(res.status).toBe(431);
    const { error } = errorBodySchema.parse(JSON.parse(res.body));
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
    expect(error.code).toBe('headers_too_large');
    expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-request-id']).toBe(error.requestId);
    expect(t.logs.some((line) => line.includes('zzzzzzzz'))).toBe(false);
  });

  it('malformed HTTP: 400 with the JSON error body (validation_failed)', async () => {
    const res = parseResponse(await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost localhost\r\n\r\n'));
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(JSON.parse(res.body)).error.code).toBe('validation_failed');
  });

  it('a request within the limits is served as usual on the same server', async () => {
    const res = parseResponse(await rawRequest(port, `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Fine: ${'z'.repeat(4_000)}\r\nConnection: close\r\n\r\n`));
    expect(res.status).toBe(200);
  });
});
