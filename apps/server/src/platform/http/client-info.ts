import type { FastifyRequest } from 'fastify';

/** What an access log keeps about the reader's client (reduced further by the service that stores it). */
export interface ClientInfo {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

export function clientOf(request: FastifyRequest): ClientInfo {
  return { userAgent: request.headers['user-agent'], ip: request.ip };
}
