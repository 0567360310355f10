import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Endpoint } from '@glucosuivi/domain/shared/contract';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import { AppError, HTTP_STATUS } from './app-error';
import type { Actor } from '../db/database';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Why an administrators' endpoint refused this request, set just before the refusal is
     * thrown, for the record of failed authorisations: not an administrator (answered 404) or an
     * administrator without a second factor (403).
     */
    accessDenied?: 'not_admin' | 'two_factor_required';
  }
}

/**
 * Administrators' endpoints, before the input is even validated (a 400 would tell a stranger the
 * route exists): signed out → 401; not an administrator → 404, as for a path that does not exist;
 * an administrator whose account has no second factor → 403 `two_factor_required`.
 */
export async function checkAdminAccess(request: FastifyRequest): Promise<void> {
  const actor = request.actor;
  if (!actor) throw new AppError('unauthenticated');
  if (actor.role !== 'admin') {
    request.accessDenied = 'not_admin';
    throw new AppError('not_found');
  }
  if (!actor.secondFactor) {
    request.accessDenied = 'two_factor_required';
    throw new AppError('two_factor_required');
  }
}

// The endpoint's optional schema properties are `Schema | undefined`; infer from the schema itself.
type Infer<T> = [NonNullable<T>] extends [never] ? undefined : z.infer<NonNullable<T> & z.ZodType>;

export interface HandlerInput<E extends Endpoint> {
  params: Infer<E['params']>;
  query: Infer<E['query']>;
  body: Infer<E['body']>;
  request: FastifyRequest;
  /** The acting user; never null on endpoints whose access is not 'public'. */
  actor: E['access'] extends 'public' ? Actor | null : Actor;
  /** For headers a handler must add (cookies); the body is the handler's return value. */
  reply: FastifyReply;
}

/**
 * A response body already checked against the endpoint's response schema and turned into JSON
 * (`encodeResponse`), e.g. kept in a cache: sent as is, without encoding it again. For answers
 * large enough that the per-request encoding is what the server spends its time on.
 */
export class EncodedJson<T> {
  private declare readonly brand: T;
  private readonly compressed = new Map<'br' | 'gzip', Promise<Buffer>>();
  constructor(readonly json: string) {}

  /**
   * The body compressed once per encoding (same settings as app.ts), then reused. On zlib's
   * worker threads, not the event loop: both encodings of a 30 KB summary cost ~1.2 ms of main
   * thread in a row (bench/README.md, the dashboard after a change), and run side by side there.
   */
  compressedAs(encoding: 'br' | 'gzip'): Promise<Buffer> {
    let body = this.compressed.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressAsync(this.json, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } })
          : gzipAsync(this.json);
      this.compressed.set(encoding, body);
    }
    return body;
  }

  /**
   * The smaller of the encodings the client accepts. Brotli at quality 4 is not always the smaller:
   * on a glucose series' digit columns gzip wins by ~5 %. Both are computed once and kept, which a
   * body sent many times (a cached answer) repays.
   */
  async smallestFor(accepted: ReadonlySet<'br' | 'gzip'>): Promise<{ encoding: 'br' | 'gzip'; body: Buffer }> {
    const encodings = (['br', 'gzip'] as const).filter((encoding) => accepted.has(encoding));
    const bodies = await Promise.all(encodings.map((encoding) => this.compressedAs(encoding)));
    const candidates = encodings.map((encoding, i) => ({ encoding, body: bodies[i] as Buffer }));
    return candidates.reduce((best, next) => (next.body.length < best.body.length ? next : best));
  }
}

// Below this the compress plugin sends the body as is too (threshold in app.ts).
const COMPRESS_FROM = 1024;

/**
 * The encodings among br and gzip the client accepts (RFC 9110 §12.5.3): named with a weight
 * above 0 (`x-gzip` is gzip), or not named at all and covered by a `*` above 0. Preference
 * weights are not followed beyond that: the smaller body is what every client wants.
 */
function acceptedEncodings(header: string | undefined): Set<'br' | 'gzip'> {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    // A weight that is no number refuses, as a client that wrote it surely meant no.
    const weight = q === undefined ? 1 : /^q=[01](\.\d{0,3})?$/.test(q) ? Number(q.slice(2)) : 0;
    if (name !== '') weights.set(name === 'x-gzip' ? 'gzip' : name, weight);
  }
  const accepted = new Set<'br' | 'gzip'>();
  for (const encoding of ['br', 'gzip'] as const) {
    if ((weights.get(encoding) ?? weights.get('*') ?? 0) > 0) accepted.add(encoding);
  }
  return accepted;
}

const brotliCompressAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Encodes `value` exactly as the route's serializer would (the same zod schema, then JSON). */
export function encodeResponse<S extends z.ZodType>(schema: S, value: z.infer<S>): EncodedJson<z.infer<S>> {
  return new EncodedJson(JSON.stringify(schema.encode(value)));
}

export type Handler<E extends Endpoint> = (input: HandlerInput<E>) => Promise<z.infer<E['response']> | EncodedJson<z.infer<E['response']>>>;

/**
 * Registers a route from its contract: the same zod schemas validate the input, serialize the
 * output and feed the OpenAPI document. Access is checked before the handler runs.
 */
export function registerEndpoint<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E>) {
  const status = endpoint.status ?? 200;
  const errorStatuses = new Set<number>([400, 500, ...(endpoint.errors ?? []).map((code) => HTTP_STATUS[code])]);
  if (endpoint.access !== 'public') errorStatuses.add(401);
  if (endpoint.access === 'admin') errorStatuses.add(403);
  const response: Record<number, z.ZodType> = { [status]: endpoint.response };
  for (const s of errorStatuses) response[s] = errorBodySchema;

  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
    ...(endpoint.originFreeClients ? { config: { originFreeClients: true } } : {}),
    ...(endpoint.access === 'admin' ? { preValidation: checkAdminAccess } : {}),
    schema: {
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response,
    },
    handler: async (request, reply) => {
      if (endpoint.access !== 'public' && !request.actor) throw new AppError('unauthenticated');
      if (endpoint.access === 'admin') await checkAdminAccess(request);
      const result = await handler({
        params: request.params as Infer<E['params']>,
        query: request.query as Infer<E['query']>,
        body: request.body as Infer<E['body']>,
        request,
        reply,
        actor: request.actor as HandlerInput<E>['actor'],
      });
      reply.code(status);
      if (result instanceof EncodedJson) {
        // A string with a JSON content type skips the serializer; a body with its
        // content-encoding already set is not compressed again by the compress plugin.
        reply.type('application/json; charset=utf-8');
        const accepted = result.json.length >= COMPRESS_FROM ? acceptedEncodings(request.headers['accept-encoding']) : new Set<never>();
        if (accepted.size === 0) return result.json;
        const { encoding, body } = await result.smallestFor(accepted);
        reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
        return body;
      }
      return result;
    },
  });
}
