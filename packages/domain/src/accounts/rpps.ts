/**
 * French RPPS number check: 11 digits whose Luhn checksum is valid. The RPPS identifies every
 * health professional in France; a typo almost always breaks the checksum.
 */
export function isValidRpps(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 11; i++) {
    let digit = value.charCodeAt(10 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * What is wrong with an RPPS number, so the message can say it: not 11 digits (`format`), or
 * 11 digits whose check digit does not match (`checksum`, almost always a typo).
 */
export function rppsProblem(value: string): 'format' | 'checksum' | null {
  if (!/^\d{11}$/.test(value)) return 'format';
  return isValidRpps(value) ? null : 'checksum';
}
