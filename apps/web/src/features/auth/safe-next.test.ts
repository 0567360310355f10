import { describe, expect, it } from 'vitest';
import { safeNext } from './safe-next';

describe('safeNext', () => {
  it('keeps a same-site path with its query and hash', () => {
    expect(safeNext('/invitations/accept?token=abc_DEF-123')).toBe('/invitations/accept?token=abc_DEF-123');
    expect(safeNext('/profil#care-team')).toBe('/profil#care-team');
    expect(safeNext('/')).toBe('/');
  });

  it.each([
    ['missing', null],
    ['empty', ''],
    ['protocol-relative', '//evil.example/path'],
    ['backslash host', '/\\evil.example'],
    ['absolute http', 'http://evil.example/'],
    ['absolute https', 'https://evil.example/'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['data scheme', 'data:text/html,hi'],
    ['relative without slash', 'profil'],
    ['tab smuggling a second slash', '/\t/evil.example'],
    ['newline', '/profil\n'],
    ['the auth page itself', '/auth?next=/profil'],
  ])('refuses %s', (_name, value) => {
    expect(safeNext(value)).toBeNull();
  });

  it('refuses an over-long value', () => {
    expect(safeNext(`/${'a'.repeat(2100)}`)).toBeNull();
  });
});
