import { describe, expect, it } from 'vitest';
import { jsonTextNestsDeeperThan } from './json-body';

const deep = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;

describe('jsonTextNestsDeeperThan', () => {
  it('counts objects and arrays from the text', () => {
    expect(jsonTextNestsDeeperThan('1', 0)).toBe(false);
    expect(jsonTextNestsDeeperThan(deep(64), 64)).toBe(false);
    expect(jsonTextNestsDeeperThan(deep(65), 64)).toBe(true);
    expect(jsonTextNestsDeeperThan(`[${Array.from({ length: 1_000 }, () => '{"a":[1]}').join(',')}]`, 3)).toBe(false);
    expect(jsonTextNestsDeeperThan(`{"a":${deep(5_000)}}`, 64)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ note: '[[[[{{{{ "quoted [" \\ ]]]]' });
    expect(jsonTextNestsDeeperThan(text, 1)).toBe(false);
    expect(jsonTextNestsDeeperThan(JSON.stringify({ a: 'x\\', b: [[1]] }), 2)).toBe(true);
  });
});
