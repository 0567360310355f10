import { describe, expect, it } from 'vitest';
import { messageTime, personName } from './format';

describe('personName', () => {
  it('joins the first and last names, or keeps the first name alone', () => {
    expect(personName({ firstName: 'Claire', lastName: 'Bernard' })).toBe('Claire Bernard');
    expect(personName({ firstName: 'Lina', lastName: null })).toBe('Lina');
    expect(personName({ firstName: ' ', lastName: '' })).toBe('—');
  });
});

describe('messageTime', () => {
  const now = Date.parse('2026-03-10T21:30:00.000Z'); // 22:30 in Paris
  it("gives the time alone for a message of the reader's today, in their time zone", () => {
    expect(messageTime('2026-03-10T07:05:00.000Z', 'fr', 'Europe/Paris', now)).toBe('08:05');
  });
  it('adds the date otherwise, the day being the reader’s own', () => {
    expect(messageTime('2026-03-09T22:30:00.000Z', 'fr', 'Europe/Paris', now)).toBe('9 mars 2026, 23:30');
    // 23:30 UTC on the 10th is already the 11th in Paris: not "today" there.
    expect(messageTime('2026-03-10T23:30:00.000Z', 'fr', 'Europe/Paris', now)).toMatch(/^11 mars 2026/);
  });
});
