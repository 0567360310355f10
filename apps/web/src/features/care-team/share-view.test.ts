import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/errors';
import { shareUnavailable } from './share-view';

describe('shareUnavailable', () => {
  it('tells an expired link from a revoked one and from an unknown token', () => {
    expect(shareUnavailable(new ApiError('not_found', 'share_link_expired', 404))).toBe('expired');
    expect(shareUnavailable(new ApiError('not_found', 'share_link_revoked', 404))).toBe('revoked');
    expect(shareUnavailable(new ApiError('not_found', 'Not found', 404))).toBe('unknown');
  });

  it('leaves other failures to the generic error message', () => {
    expect(shareUnavailable(new ApiError('network', 'offline'))).toBeNull();
    expect(shareUnavailable(new Error('boom'))).toBeNull();
  });
});
