import type { ValidationIssue } from './errors';

/*
 * Bounds of what the API takes in as free-form JSON. Most bodies are checked field by field by
 * their schema; a few routes keep fields they do not know (Nightscout treatments echo a document
 * back with its extra fields, device statuses are stored as received). Without bounds, one
 * extra field nested thousands deep passed the checks, was stored, and then broke the echo
 * (stack overflow: a 500 for a committed write).
 */

/**
 * Deepest nesting of objects and arrays in any JSON body: the body parser refuses deeper ones
 * (400 `body_too_deep`) before any route sees them. Far above every real body (a Nightscout
 * batch of documents is at most 21 levels) and far below what recursive code can walk.
 */
export const JSON_BODY_MAX_DEPTH = 64;

/** Deepest nesting of a document kept or echoed with fields the API does not know (real ones: 4–5 levels). */
export const DOCUMENT_MAX_DEPTH = 20;
/** Largest such document, as JSON text in UTF-8 bytes (a real treatment is under 1 kB). */
export const DOCUMENT_MAX_BYTES = 16 * 1024;

/** Issue codes of a document over its bounds; a request with one answers `document_too_large`. */
export const DOCUMENT_BOUND_ISSUES: readonly string[] = ['too_deep', 'too_large'];

/** Whether objects and arrays nest more than `max` levels (the value itself is level 1). Iterative: the value may be very deep. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth > max) return true;
    for (const child of Object.values(item.value)) {
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: item.depth + 1 });
    }
  }
  return false;
}

/** Bytes of a text in UTF-8 (a lone surrogate counts as the 3 bytes of its replacement character). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Why a document with free-form fields cannot be taken (nested deeper than `maxDepth`, or larger
 * than `maxBytes` as JSON), as an issue at `path`; null when it is within bounds. The depth is
 * checked first, so the size is only measured on a document that is safe to serialise.
 */
export function documentBoundIssue(
  doc: unknown,
  path: (string | number)[],
  bounds: { maxDepth: number; maxBytes: number } = { maxDepth: DOCUMENT_MAX_DEPTH, maxBytes: DOCUMENT_MAX_BYTES },
): ValidationIssue | null {
  if (nestsDeeperThan(doc, bounds.maxDepth)) {
    return { path, code: 'too_deep', message: `a document nests at most ${bounds.maxDepth} levels`, params: { max: bounds.maxDepth } };
  }
  const bytes = utf8Length(JSON.stringify(doc) ?? '');
  if (bytes > bounds.maxBytes) {
    return { path, code: 'too_large', message: `a document is at most ${bounds.maxBytes} bytes as JSON`, params: { max: bounds.maxBytes } };
  }
  return null;
}
