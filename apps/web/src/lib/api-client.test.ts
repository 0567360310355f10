import { defineEndpoint } from '@glucosuivi/domain/shared/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiCall, toSearchParams } from './api-client';
import { ApiError, errorMessage } from './errors';

const getThing = defineEndpoint({
  method: 'GET',
  path: '/api/things/:id',
  summary: 'test',
  tags: ['test'],
  access: 'user',
  params: z.object({ id: z.string() }),
  query: z.object({ from: z.string().optional(), tag: z.array(z.string()).optional() }),
  response: z.object({ id: z.string(), value: z.number() }),
});

const createThing = defineEndpoint({
  method: 'POST',
  path: '/api/things',
  summary: 'test',
  tags: ['test'],
  access: 'user',
  body: z.object({ value: z.number() }),
  status: 201,
  response: z.object({ id: z.string() }),
});

function answer(status: number, body: unknown) {
  return vi.fn(async () =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('apiCall', () => {
  it('builds the URL, sends cookies and parses the answer', async () => {
    const fetchMock = answer(200, { id: 'a b', value: 3, extra: true });
    vi.stubGlobal('fetch', fetchMock);
    const data = await apiCall(getThing, { params: { id: 'a b' }, query: { tag: ['x', 'y'] } });
    expect(data).toEqual({ id: 'a b', value: 3 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/things/a%20b?tag=x&tag=y');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBeUndefined();
  });

  it('sends a JSON body', async () => {
    const fetchMock = answer(201, { id: 'n1' });
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiCall(createThing, { body: { value: 7 } })).resolves.toEqual({ id: 'n1' });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe('{"value":7}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('reads a 204 as the null its endpoint declares', async () => {
    const removeThing = defineEndpoint({ method: 'POST', path: '/api/things/remove', summary: 'test', tags: ['test'], access: 'user', status: 204, response: z.null() });
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
    await expect(apiCall(removeThing)).resolves.toBeNull();
  });

  it('throws the code of the error body', async () => {
    vi.stubGlobal('fetch', answer(409, { error: { code: 'conflict', message: 'taken', requestId: 'r1' } }));
    const error = await apiCall(createThing, { body: { value: 1 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'conflict', status: 409, requestId: 'r1' });
  });

  it('guesses a code from the status when the body is not the error shape', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>', { status: 503 })));
    await expect(apiCall(createThing, { body: { value: 1 } })).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('reports a malformed answer and a network failure', async () => {
    vi.stubGlobal('fetch', answer(200, { id: 1 }));
    await expect(apiCall(getThing, { params: { id: 'x' } })).rejects.toMatchObject({ code: 'invalid_response' });
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(apiCall(getThing, { params: { id: 'x' } })).rejects.toMatchObject({ code: 'network' });
  });

  it('reads a 204 without a body as the null its contract declares', async () => {
    const deleteThing = defineEndpoint({ method: 'DELETE', path: '/api/things/:id', summary: 'test', tags: ['test'], access: 'user', params: z.object({ id: z.string() }), status: 204, response: z.null() });
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
    await expect(apiCall(deleteThing, { params: { id: 'a' } })).resolves.toBeNull();
  });

  it('lets an abort stay an abort', async () => {
    const controller = new AbortController();
    controller.abort();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new DOMException('aborted', 'AbortError'))));
    const error = await apiCall(getThing, { params: { id: 'x' }, signal: controller.signal }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
  });
});

describe('toSearchParams', () => {
  it('skips empty values and formats dates', () => {
    expect(toSearchParams({ a: undefined, b: null, c: 0, d: new Date(Date.UTC(2025, 0, 1)) })).toBe(
      '?c=0&d=2025-01-01T00%3A00%3A00.000Z',
    );
    expect(toSearchParams(undefined)).toBe('');
  });
});

describe('errorMessage', () => {
  it('maps codes to errors:<code> keys', () => {
    const t = ((key: string) => key) as unknown as Parameters<typeof errorMessage>[1];
    expect(errorMessage(new ApiError('forbidden', 'x'), t)).toBe('errors:forbidden');
    expect(errorMessage(new Error('x'), t)).toBe('errors:unknown');
    const withCount = ((key: string, options?: { count?: number }) => `${key}:${options?.count ?? '-'}`) as unknown as Parameters<typeof errorMessage>[1];
    expect(errorMessage(new ApiError('rate_limited', 'x', 429, undefined, undefined, { retryAfterMinutes: 1 }), withCount)).toBe('errors:rate_limited_wait:1');
    expect(errorMessage(new ApiError('rate_limited', 'x', 429), withCount)).toBe('errors:rate_limited:-');
  });
});
