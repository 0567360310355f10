import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Endpoint } from '@glucosuivi/domain/shared/contract';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import { AppError, HTTP_STATUS } from './app-error';
import type { Actor } from '../db/database';

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

export type Handler<E extends Endpoint> = (input: HandlerInput<E>) => Promise<z.infer<E['response']>>;

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
      if (endpoint.access === 'admin' && request.actor?.role !== 'admin') throw new AppError('not_found');
      const result = await handler({
        params: request.params as Infer<E['params']>,
        query: request.query as Infer<E['query']>,
        body: request.body as Infer<E['body']>,
        request,
        reply,
        actor: request.actor as HandlerInput<E>['actor'],
      });
      reply.code(status);
      return result;
    },
  });
}
