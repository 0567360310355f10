import { describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH, draftError, draftLength } from './message-form';

describe('draftError', () => {
  it('accepts a message of 1 to 4,000 characters, on several lines, tabs included', () => {
    expect(draftError('Bonjour')).toBeNull();
    expect(draftError('Ligne 1\r\nLigne 2\n\tindentée')).toBeNull();
    expect(draftError('x'.repeat(MESSAGE_MAX_LENGTH))).toBeNull();
    expect(draftError(`  ${'x'.repeat(MESSAGE_MAX_LENGTH)}  \n`)).toBeNull();
  });

  it('refuses an empty or blank message', () => {
    expect(draftError('')).toBe('textRequired');
    expect(draftError('   \n\t ')).toBe('textRequired');
  });

  it('refuses more than 4,000 characters after trimming', () => {
    expect(draftError('x'.repeat(MESSAGE_MAX_LENGTH + 1))).toBe('textTooLong');
  });

  it('refuses control characters other than new lines and tabs', () => {
    expect(draftError('Bonjour\u0000')).toBe('textInvalidCharacters');
    expect(draftError('a\u0007b')).toBe('textInvalidCharacters');
    expect(draftError('a\u001Bb')).toBe('textInvalidCharacters');
  });
});

describe('draftLength', () => {
  it('counts what the rule counts', () => {
    expect(draftLength('  abc \n')).toBe(3);
    expect(draftLength('a\r\nb')).toBe(3);
    expect(draftLength('')).toBe(0);
  });
});
