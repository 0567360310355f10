import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ApiError, errorMessage } from './errors';

const t = ((key: string) => key) as unknown as TFunction;

describe('errorMessage', () => {
  it('names the shared rule a refused input broke (implausible date, forbidden characters)', () => {
    const date = new ApiError('validation_failed', 'Invalid request', 400, 'r1', [
      { path: ['body', 'measuredAt'], code: 'custom', message: 'dateOutOfRange' },
    ]);
    expect(errorMessage(date, t)).toBe('errors:issues.dateOutOfRange');
    const text = new ApiError('validation_failed', 'Invalid request', 400, 'r2', [
      { path: ['params', 'id'], code: 'invalid_characters', message: 'textInvalidCharacters' },
    ]);
    expect(errorMessage(text, t)).toBe('errors:issues.textInvalidCharacters');
  });

  it('falls back to the error code otherwise', () => {
    expect(
      errorMessage(
        new ApiError('validation_failed', 'x', 400, 'r', [
          { path: [], code: 'custom', message: 'must be between 20 and 600 mg/dL' },
        ]),
        t,
      ),
    ).toBe('errors:validation_failed');
    expect(errorMessage(new ApiError('cross_site_request', 'x', 403), t)).toBe(
      'errors:cross_site_request',
    );
    expect(errorMessage(new Error('boom'), t)).toBe('errors:unknown');
  });
});
