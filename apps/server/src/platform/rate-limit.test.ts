import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit';

describe('RateLimiter', () => {
  it('allows max hits per window, then refuses until the window ends', () => {
    const limiter = new RateLimiter(3, 60_000);
    expect([1, 2, 3].map(() => limiter.hit('k', 1_000).allowed)).toEqual([true, true, true]);
    const refused = limiter.hit('k', 2_000);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(59);
    expect(limiter.hit('other', 2_000).allowed).toBe(true);
    expect(limiter.hit('k', 61_000).allowed).toBe(true);
  });
  it('reports blocked without counting and forgets on reset', () => {
    const limiter = new RateLimiter(2, 1_000);
    limiter.hit('k', 0);
    expect(limiter.blocked('k', 10).blocked).toBe(false);
    limiter.hit('k', 10);
    expect(limiter.blocked('k', 20).blocked).toBe(true);
    limiter.reset('k');
    expect(limiter.blocked('k', 30).blocked).toBe(false);
  });
});
