import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseCookieHeader, verifiedToken } from './session-lookup';

const SECRET = 'unit-secret-unit-secret-unit-secret-0123456789';
const sign = (token: string, secret = SECRET) => `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

describe('verifiedToken', () => {
  it('gives the token of a cookie signed with the secret', () => {
    expect(verifiedToken(sign('abc123'), SECRET)).toBe('abc123');
  });

  it('refuses another secret, a changed token, a cut or missing signature', () => {
    expect(verifiedToken(sign('abc123', 'another-secret'), SECRET)).toBeNull();
    const signed = sign('abc123');
    expect(verifiedToken(`abc124${signed.slice(6)}`, SECRET)).toBeNull();
    expect(verifiedToken(signed.slice(0, -2), SECRET)).toBeNull();
    expect(verifiedToken('abc123', SECRET)).toBeNull();
    expect(verifiedToken(`.${signed.split('.')[1]}`, SECRET)).toBeNull();
  });

  it('takes the last dot as the separator (a token may hold dots)', () => {
    expect(verifiedToken(sign('a.b.c'), SECRET)).toBe('a.b.c');
  });
});

describe('parseCookieHeader', () => {
  it('decodes values and keeps the first of two cookies with one name', () => {
    const cookies = parseCookieHeader('a=1; s=x%3D; a=2;  b = "q" ');
    expect(cookies.get('a')).toBe('1');
    expect(cookies.get('s')).toBe('x=');
    expect(cookies.get('b')).toBe('q');
  });

  it('keeps a value that is not valid percent-encoding as it is, and skips parts without a name', () => {
    const cookies = parseCookieHeader('bad=%E0%A4%A; =x; lone');
    expect(cookies.get('bad')).toBe('%E0%A4%A');
    expect([...cookies.keys()]).toEqual(['bad']);
  });
});
