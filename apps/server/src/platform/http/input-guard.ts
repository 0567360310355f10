import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ValidationIssue } from '@glucosuivi/domain/shared/errors';
import { TEXT_ISSUES } from '@glucosuivi/domain/shared/text';
import { sendError } from './error-handler';

const NUL = '\u0000';
// Path ids and query values are never multi-line.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001F\u007F]/;

/** Where in a parsed JSON body a string holds a NUL character, if anywhere (iterative: bodies may nest deeply). */
function nulPath(body: unknown): (string | number)[] | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: body, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return path;
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, path: [...path, index] }));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes(NUL)) return [...path, key];
        stack.push({ value: item, path: [...path, key] });
      }
    }
  }
  return null;
}

function controlInStrings(
  values: unknown,
  context: 'params' | 'querystring',
): (string | number)[] | null {
  if (!values || typeof values !== 'object') return null;
  for (const [key, value] of Object.entries(values)) {
    const strings = Array.isArray(value) ? value : [value];
    if (CONTROL.test(key) || strings.some((s) => typeof s === 'string' && CONTROL.test(s)))
      return [context, key];
  }
  return null;
}

function refuse(reply: FastifyReply, request: FastifyRequest, path: (string | number)[]) {
  const issue: ValidationIssue = {
    path,
    code: 'invalid_characters',
    message: TEXT_ISSUES.invalidCharacters,
  };
  return sendError(reply, request, 'validation_failed', 'Invalid request', [issue]);
}

/**
 * A safety net under the shared text type: PostgreSQL refuses NUL in text, so a NUL that reached a
 * query (a `%00` in a path id, a field a schema forgot) was a 500. Path and query values may hold no
 * control character at all, JSON bodies no NUL; each is a 400 before validation.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    const path =
      controlInStrings(request.params, 'params') ??
      controlInStrings(request.query, 'querystring') ??
      nulPath(request.body);
    if (path)
      return refuse(
        reply,
        request,
        path.length === 0 || path[0] === 'params' || path[0] === 'querystring'
          ? path
          : ['body', ...path],
      );
  });
}
