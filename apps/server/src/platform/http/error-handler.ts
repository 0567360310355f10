import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode, ValidationIssue } from '@glucosuivi/domain/shared/errors';
import { AppError, HTTP_STATUS } from './app-error';
import { isPoolWaitTimeout } from '../db/pg-error';

export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  code: ErrorCode,
  message: string,
  issues?: ValidationIssue[],
  params?: Record<string, string | number>,
) {
  const body: ErrorBody = {
    error: { code, message, requestId: String(request.id), ...(issues ? { issues } : {}), ...(params ? { params } : {}) },
  };
  return reply.code(HTTP_STATUS[code]).type('application/json; charset=utf-8').send(body);
}

// Fastify's own 4xx errors (bad JSON, wrong content type, body too large…) keep their status
// but speak our error model, so the web app translates them like any other.
function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    default:
      return 'validation_failed';
  }
}

/** The one error handler: AppError → its status; validation → 400 with issues; the rest → generic 500. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      // Shedding load is the server doing its job, not a fault: under a burst it would be one error line per refused request.
      if (HTTP_STATUS[error.code] >= 500 && error.code !== 'server_busy') request.log.error({ err: error }, 'service error');
      if (error.details?.retryAfterSeconds) reply.header('retry-after', String(error.details.retryAfterSeconds));
      return sendError(reply, request, error.code, error.message, error.issues, error.details?.params);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: ValidationIssue[] = error.validation.map((v) => ({
        path: [
          ...(error.validationContext ? [error.validationContext] : []),
          ...String(v.instancePath ?? '')
            .split('/')
            .filter(Boolean)
            .map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        ],
        code: String(v.params?.issue && typeof v.params.issue === 'object' && 'code' in v.params.issue ? v.params.issue.code : v.keyword),
        message: String(v.message ?? ''),
        params: v.params as Record<string, unknown>,
      }));
      return sendError(reply, request, 'validation_failed', 'Invalid request', issues);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, url: request.routeOptions.url }, 'response does not match its contract');
      return sendError(reply, request, 'internal', 'Internal error');
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return sendError(reply, request, codeForStatus(status), error.message);
    }
    if (isPoolWaitTimeout(error)) {
      // Every pooled connection stayed busy for the whole bound: the same answer as a full admission queue.
      reply.header('retry-after', '1');
      return sendError(reply, request, 'server_busy', 'Server busy');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, request, status === 503 ? 'unavailable' : 'internal', 'Internal error');
  });
}

/**
 * Errors Fastify raises before any route or hook runs (a malformed URL such as `/%`, an invalid
 * constraint): answered in the app's error format like every other error.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return sendError(reply, request, codeForStatus(status), error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL' : 'Invalid request');
}

/** What Node says went wrong on a connection before any request existed. */
type ConnectionError = Error & { code?: string };

function connectionRefusal(error: ConnectionError): { code: ErrorCode; message: string } {
  if (error.code === 'HPE_HEADER_OVERFLOW') return { code: 'headers_too_large', message: 'Request headers too large' };
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { code: 'request_timeout', message: 'Request timed out' };
  return { code: 'validation_failed', message: 'Malformed request' };
}

/**
 * Errors of a connection before Fastify has a request (headers over Node's 16 kB limit, a
 * request that took too long, malformed HTTP): Node and Fastify would answer a bare status or
 * Fastify's own body; ours is the app's error format, written on the socket, which then closes.
 * Only the error's code is logged (nothing of what the client sent).
 */
export function clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { code, message } = connectionRefusal(error);
  const status = HTTP_STATUS[code];
  const requestId = randomUUID();
  const body: ErrorBody = { error: { code, message, requestId } };
  const text = JSON.stringify(body);
  this.log.info({ errorCode: error.code, status }, 'client error');
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(text)}`,
      'Cache-Control: no-store',
      `X-Request-Id: ${requestId}`,
      'Connection: close',
      '',
      text,
    ].join('\r\n'),
  );
}
