import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ApiError, errorMessage, isPremiumRequired } from './errors';

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

  it('names the premium feature a plan refused, and tells the refusal apart', () => {
    const pdf = new ApiError('premium_required', 'x', 402, 'r', undefined, { entitlement: 'unlimited_pdf' });
    expect(errorMessage(pdf, t)).toBe('errors:premium_required_unlimited_pdf');
    expect(errorMessage(new ApiError('premium_required', 'x', 402, 'r', undefined, { entitlement: 'cgm_follow' }), t)).toBe('errors:premium_required_cgm_follow');
    expect(errorMessage(new ApiError('premium_required', 'x', 402, 'r', undefined, { entitlement: 'teleport' }), t)).toBe('errors:premium_required');
    expect(errorMessage(new ApiError('payments_not_configured', 'x', 409), t)).toBe('errors:payments_not_configured');
    expect(isPremiumRequired(pdf)).toBe(true);
    expect(isPremiumRequired(new ApiError('forbidden', 'x', 403))).toBe(false);
    expect(isPremiumRequired(new Error('premium_required'))).toBe(false);
  });
});
