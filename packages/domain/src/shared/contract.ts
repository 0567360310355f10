import type { z } from 'zod';
import type { ErrorCode } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call an endpoint; the server enforces it before the handler runs. */
export type Access = 'public' | 'user' | 'admin';

/**
 * One HTTP endpoint, declared once in `<feature>.contract.ts` and used three times: the server
 * registers its route from it, the web client calls through it and the OpenAPI document is
 * emitted from it. Schemas are zod, so input validation and output typing never drift.
 */
export interface Endpoint<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
  A extends Access = Access,
> {
  method: HttpMethod;
  /** Fastify-style path: `/api/things/:id`. */
  path: string;
  summary: string;
  tags: string[];
  access: A;
  params?: Params;
  query?: Query;
  body?: Body;
  /** Success status (200 unless said) and its body. */
  status?: 200 | 201 | 202 | 204;
  response: Response;
  /** Error codes this endpoint may answer besides validation and the generic ones. */
  errors?: readonly ErrorCode[];
  /** Largest request body in bytes, where it differs from the app's default (1 MiB). */
  bodyLimit?: number;
  /**
   * Called by non-browser clients (uploader apps) that send neither a cookie nor an Origin: the
   * origin check lets them through (a request that carries a cookie is still checked).
   */
  originFreeClients?: boolean;
}

/** Declares an endpoint and keeps its exact schema types. */
export function defineEndpoint<
  Params extends z.ZodType,
  Query extends z.ZodType,
  Body extends z.ZodType,
  Response extends z.ZodType,
  const A extends Access,
>(endpoint: Endpoint<Params, Query, Body, Response, A>): Endpoint<Params, Query, Body, Response, A> {
  return endpoint;
}

type InferOr<T, Fallback> = T extends z.ZodType ? z.infer<T> : Fallback;

export type EndpointParams<E> = E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? InferOr<P, undefined> : never;
export type EndpointQuery<E> = E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? InferOr<Q, undefined> : never;
export type EndpointBody<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? InferOr<B, undefined> : never;
export type EndpointResponse<E> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.infer<R> : never;

/** Replaces `:name` segments of a contract path with URL-encoded values. */
export function buildPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
