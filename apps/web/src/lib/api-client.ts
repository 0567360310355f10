import type {
  Endpoint,
  EndpointBody,
  EndpointParams,
  EndpointQuery,
  EndpointResponse,
} from '@glucosuivi/domain/shared/contract';
import { buildPath } from '@glucosuivi/domain/shared/contract';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import { ApiError, errorCodeForStatus } from './errors';

export interface ApiCallOptions<E extends Endpoint> {
  params?: EndpointParams<E>;
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
  signal?: AbortSignal;
}

type QueryValue = string | number | boolean | Date | null | undefined;

/** Serialises a query object: arrays repeat the key, dates are ISO strings, empty values are left out. */
export function toSearchParams(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const params = new URLSearchParams();
  const add = (key: string, value: QueryValue) => {
    if (value === undefined || value === null) return;
    params.append(key, value instanceof Date ? value.toISOString() : String(value));
  };
  for (const [key, value] of Object.entries(query as Record<string, QueryValue | QueryValue[]>)) {
    if (Array.isArray(value)) value.forEach((v) => add(key, v));
    else add(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return Symbol.for('not-json');
  }
}

/**
 * Calls one contract endpoint: builds the URL from its path, sends JSON with the session cookie,
 * and parses the answer with the endpoint's own schema. Throws `ApiError` otherwise.
 */
export async function apiCall<E extends Endpoint>(
  endpoint: E,
  options: ApiCallOptions<E> = {},
): Promise<EndpointResponse<E>> {
  const { params, query, body, signal } = options;
  const url =
    buildPath(endpoint.path, params as Record<string, string | number> | undefined) + toSearchParams(query);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method: endpoint.method, headers, credentials: 'same-origin' };
  if (signal) init.signal = signal;
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (signal?.aborted) throw error; // cancellations stay cancellations for TanStack Query
    throw new ApiError('network', error instanceof Error ? error.message : 'Network error');
  }

  // A 204 has no body at all: its contract's answer is `null` (the response schema is z.null()).
  const payload = response.status === 204 ? null : await readJson(response);
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(payload);
    if (parsed.success) {
      const { code, message, requestId, issues, params } = parsed.data.error;
      throw new ApiError(code, message, response.status, requestId, issues, params);
    }
    throw new ApiError(errorCodeForStatus(response.status), response.statusText, response.status);
  }

  const result = endpoint.response.safeParse(payload);
  if (!result.success) {
    throw new ApiError('invalid_response', `Unexpected answer from ${endpoint.method} ${endpoint.path}`, response.status);
  }
  return result.data as EndpointResponse<E>;
}
