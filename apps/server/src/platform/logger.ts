import { createHash } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';

// Path segments that are credentials: whoever reads them can open what they protect.
const CREDENTIAL_AFTER = ['/api/share/', '/partage/', '/api/appointments/feed/'];
// What a path segment may show in a log: a route word, a UUID (row ids), a number, a built file
// name. Anything else is a value someone typed or was sent (a token, an e-mail, a user id) and is
// logged as its fingerprint.
const ROUTE_WORD = /^[a-z][a-z0-9-]{0,39}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER = /^\d{1,10}$/;
const FILE_NAME = /^[A-Za-z0-9_-]{1,80}(\.[A-Za-z0-9]{1,12}){1,3}$/;
const SHOWN = [ROUTE_WORD, UUID, NUMBER, FILE_NAME];

/** A short, stable fingerprint: enough to match two log lines, useless to open anything. */
export function fingerprint(secret: string): string {
  return `#${createHash('sha256').update(secret).digest('hex').slice(0, 8)}`;
}

/** The URL as logged: no query string, and every segment that may be a credential or personal value fingerprinted. */
export function loggableUrl(url: string): string {
  const path = url.split('?')[0] ?? '';
  return path
    .split('/')
    .map((segment, index, segments) => {
      if (segment === '') return segment;
      const before = `${segments.slice(0, index).join('/')}/`;
      const credential =
        CREDENTIAL_AFTER.includes(before) || !SHOWN.some((shown) => shown.test(segment));
      return credential ? fingerprint(segment) : segment;
    })
    .join('/');
}

// Errors whose message is written by our code or the runtime, never from a query's values.
const PROGRAMMING_ERRORS = new Set([
  'AppError',
  'TypeError',
  'RangeError',
  'ReferenceError',
  'SyntaxError',
]);
const EMAIL = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[A-Za-z]{2,}/g;

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/** The stack's frames only: its first lines repeat the message, which may embed values. */
function framesOnly(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return frames.length > 0 ? frames.join('\n') : undefined;
}

/**
 * pino serializer for `err`: what a developer needs to find the failing code (type, code, SQL
 * state, constraint, stack frames), never what the failing operation carried. A failed query's
 * error (drizzle's `Failed query: … params: …`, PostgreSQL's `detail: Key (email)=(…)`) and an
 * SMTP error (recipients) embed values in their message, so only programming errors keep theirs.
 */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const chain: ErrorLike[] = [];
  for (
    let current: unknown = error;
    current instanceof Object && chain.length < 5;
    current = (current as ErrorLike).cause
  ) {
    chain.push(current as ErrorLike);
  }
  const sqlError = chain.find((e) => typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code));
  const name = String(error.name || error.constructor.name);
  const fastifyCode =
    typeof (error as ErrorLike).code === 'string' &&
    String((error as ErrorLike).code).startsWith('FST_');
  const keepsMessage = !sqlError && (PROGRAMMING_ERRORS.has(name) || fastifyCode);
  return {
    type: name,
    ...(keepsMessage ? { message: String(error.message).replace(EMAIL, '[e-mail]') } : {}),
    ...(typeof (error as ErrorLike).code === 'string' && !sqlError
      ? { code: (error as ErrorLike).code }
      : {}),
    ...(sqlError
      ? {
          sqlState: sqlError.code,
          ...(typeof sqlError.constraint === 'string' ? { constraint: sqlError.constraint } : {}),
        }
      : {}),
    ...(chain.length > 1
      ? { causes: chain.slice(1).map((c) => String(c.name ?? c.constructor?.name ?? 'Error')) }
      : {}),
    stack: framesOnly(error.stack),
  };
}

/**
 * pino options: request ids on every line, and nothing that could carry a secret or health
 * data: cookies, authorization headers, bodies and query strings are never logged, credentials
 * in paths are fingerprinted, and errors keep no message that could embed values.
 */
export function loggerOptions(
  level: string,
  pretty: boolean,
): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        url: loggableUrl(req.url),
        id: req.id,
      }),
      // Fastify's type insists on a message; leaving it out is the point.
      err: serializeError as (error: Error) => { type: string; message: string; stack: string },
    },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}
