import { describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MAX_DEPTH, documentBoundIssue, nestsDeeperThan, utf8Length } from './document-bounds';

const nested = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = i % 2 ? { a: value } : [value];
  return value;
};

describe('document bounds', () => {
  it('counts objects and arrays as levels, not scalars, and walks 100,000 levels without recursion', () => {
    expect(nestsDeeperThan(1, 0)).toBe(false);
    expect(nestsDeeperThan({}, 0)).toBe(true);
    expect(nestsDeeperThan(nested(20), 20)).toBe(false);
    expect(nestsDeeperThan(nested(21), 20)).toBe(true);
    expect(nestsDeeperThan({ wide: Array.from({ length: 1_000 }, () => ({ x: 'y' })) }, 3)).toBe(false);
    expect(nestsDeeperThan(nested(100_000), 20)).toBe(true);
  });

  it('measures UTF-8 bytes: 1 to 4 per character, a lone surrogate as its 3-byte replacement', () => {
    for (const text of ['abc', 'é', '€', '🍕', 'a\ud800b', 'glycémie 🍕 120 mg/dL']) expect(utf8Length(text), text).toBe(new TextEncoder().encode(text).length);
  });

  it('refuses a document over 20 levels or 16 kB with an issue at its path, and takes one at the bounds', () => {
    expect(documentBoundIssue({ extra: nested(DOCUMENT_MAX_DEPTH - 1) }, ['body', 0])).toBeNull();
    expect(documentBoundIssue({ extra: nested(DOCUMENT_MAX_DEPTH) }, ['body', 0])).toMatchObject({ path: ['body', 0], code: 'too_deep', params: { max: 20 } });
    const overhead = JSON.stringify({ extra: '' }).length;
    expect(documentBoundIssue({ extra: 'x'.repeat(DOCUMENT_MAX_BYTES - overhead) }, ['body'])).toBeNull();
    expect(documentBoundIssue({ extra: 'x'.repeat(DOCUMENT_MAX_BYTES - overhead + 1) }, ['body'])).toMatchObject({ code: 'too_large', params: { max: 16_384 } });
    // Bytes, not characters: 8,200 two-byte characters are over 16 kB.
    expect(documentBoundIssue({ extra: 'é'.repeat(8_200) }, ['body'])?.code).toBe('too_large');
  });
});
