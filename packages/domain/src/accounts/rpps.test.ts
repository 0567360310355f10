import { describe, expect, it } from 'vitest';
import { isValidRpps, rppsProblem } from './rpps';

describe('isValidRpps', () => {
  it('accepts 11-digit numbers with a valid Luhn checksum', () => {
    expect(isValidRpps('10000000009')).toBe(true);
    expect(isValidRpps('10101234567'.slice(0, 10) + luhnDigit('1010123456'))).toBe(true);
  });
  it('refuses a wrong checksum, a wrong length or non-digits', () => {
    expect(isValidRpps('10000000001')).toBe(false);
    expect(isValidRpps('1000000000')).toBe(false);
    expect(isValidRpps('100000000090')).toBe(false);
    expect(isValidRpps('1000000000a')).toBe(false);
    expect(isValidRpps(' 10000000009')).toBe(false);
  });
  it('catches every single-digit typo', () => {
    const valid = '10003456786';
    expect(isValidRpps(valid)).toBe(true);
    for (let i = 0; i < 11; i++) {
      for (let d = 0; d <= 9; d++) {
        const typo = valid.slice(0, i) + d + valid.slice(i + 1);
        if (typo !== valid) expect(isValidRpps(typo), typo).toBe(false);
      }
    }
  });
});

describe('rppsProblem', () => {
  it('tells a wrong check digit from a wrong format', () => {
    expect(rppsProblem('10003456786')).toBeNull();
    expect(rppsProblem('10003456784')).toBe('checksum');
    expect(rppsProblem('1000345678')).toBe('format');
    expect(rppsProblem('1000345678a')).toBe('format');
  });
});

// Independent computation of the check digit, from the Luhn definition.
function luhnDigit(payload: string): string {
  const digits = payload.split('').map(Number).reverse();
  const sum = digits.reduce((acc, d, i) => acc + (i % 2 === 0 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0);
  return String((10 - (sum % 10)) % 10);
}
