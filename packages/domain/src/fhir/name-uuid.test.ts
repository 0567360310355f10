import { describe, expect, it } from 'vitest';
import { sha1, uuidV5 } from './name-uuid';

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe('name-based UUIDs', () => {
  it('computes SHA-1 as FIPS 180-4 (its published examples, and the padding edges)', () => {
    expect(hex(sha1(ascii('')))).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
    expect(hex(sha1(ascii('abc')))).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(hex(sha1(ascii('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe('84983e441c3bd26ebaae4aa1f95129e5e54670f1');
    expect(hex(sha1(ascii('a'.repeat(1000))))).toBe('291e9a6c66994949b57ba5e650361e98fc36b1ba');
  });

  it('derives version-5 UUIDs as RFC 9562 does (python.org in the DNS namespace)', () => {
    expect(uuidV5('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'python.org')).toBe('886313e1-3b8a-5372-9b90-0c9aee199e5d');
    const id = uuidV5('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'lipides/é');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuidV5('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'lipides/é')).toBe(id);
    expect(uuidV5('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'lipides/e')).not.toBe(id);
  });
});
