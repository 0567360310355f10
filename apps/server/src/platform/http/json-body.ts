import type { FastifyInstance } from 'fastify';
import { JSON_BODY_MAX_DEPTH } from '@glucosuivi/domain/shared/document-bounds';
import { AppError } from './app-error';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether JSON text nests objects and arrays more than `max` levels, read from the text in one
 * pass, before anything is built from it. Brackets inside strings do not count; malformed text
 * is left to the parser, which refuses it anyway. Plain comparisons, no lookup: a 9 MB upload of
 * 40,000 entries scans in about 26 ms here, less than JSON.parse of the same text (about 34 ms).
 */
export function jsonTextNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return false;
}

/**
 * Fastify's own JSON parser (prototype poisoning refused, as by default) behind a depth check:
 * a body nested deeper than any route takes is a 400 `body_too_deep` before it is parsed, so no
 * hook, schema or handler ever walks, stores or echoes one (a route that kept an unknown field
 * nested 5,000 deep overflowed the stack answering it). Registered on the root instance, it
 * serves every route; a scope that needs the raw text (the payment webhook) replaces it there.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonTextNestsDeeperThan(text, JSON_BODY_MAX_DEPTH)) {
      done(new AppError('body_too_deep', `JSON nested deeper than ${JSON_BODY_MAX_DEPTH} levels`, undefined, { params: { max: JSON_BODY_MAX_DEPTH } }), undefined);
      return;
    }
    parse(request, text, done);
  });
}
