import { describe, expect, it } from 'vitest';
import { AppError } from './http/app-error';
import { Cooldown, keyHasher, MemoryRateLimitStore, RateLimiter } from './rate-limit';

const at = (ms: number) => new Date(ms);
const hash = keyHasher('secret');

describe('RateLimiter', () => {
  it('allows max hits per window, then refuses until the window ends', async () => {
    const limiter = new RateLimiter(new MemoryRateLimitStore(), hash, 'test', 3, 60_000);
    const first = [];
    for (let i = 0; i < 3; i++) first.push((await limiter.hit('k', at(1_000))).allowed);
    expect(first).toEqual([true, true, true]);
    const refused = await limiter.hit('k', at(2_000));
    expect(refused).toEqual({ allowed: false, count: 4, retryAfterSeconds: 59 });
    expect((await limiter.hit('other', at(2_000))).allowed).toBe(true);
    expect(await limiter.hit('k', at(61_000))).toMatchObject({ allowed: true, count: 1 });
  });

  it('reports blocked without counting and forgets on reset', async () => {
    const limiter = new RateLimiter(new MemoryRateLimitStore(), hash, 'test', 2, 1_000);
    await limiter.hit('k', at(0));
    expect((await limiter.blocked('k', at(10))).blocked).toBe(false);
    await limiter.hit('k', at(10));
    expect((await limiter.blocked('k', at(20))).blocked).toBe(true);
    await limiter.reset('k');
    expect((await limiter.blocked('k', at(30))).blocked).toBe(false);
  });

  it('refuses with a 429 error carrying Retry-After seconds and the wait in minutes', async () => {
    const limiter = new RateLimiter(new MemoryRateLimitStore(), hash, 'test', 1, 10 * 60_000);
    await limiter.consume('k', at(0));
    const error = await limiter.consume('k', at(60_000)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('rate_limited');
    expect((error as AppError).details).toEqual({
      retryAfterSeconds: 540,
      params: { retryAfterMinutes: 9 },
    });
  });

  it('keeps two limits with the same subject apart, and stores no subject in clear', async () => {
    const store = new MemoryRateLimitStore();
    const keys: string[] = [];
    const spy = {
      ...store,
      increment: (key: string, w: number, n: Date) => (keys.push(key), store.increment(key, w, n)),
      peek: store.peek.bind(store),
      reset: store.reset.bind(store),
    };
    const a = new RateLimiter(spy, hash, 'a', 1, 1_000);
    const b = new RateLimiter(spy, hash, 'b', 1, 1_000);
    expect((await a.hit('camille@example.test', at(0))).allowed).toBe(true);
    expect((await b.hit('camille@example.test', at(0))).allowed).toBe(true);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
    expect(keys.join()).not.toContain('camille');
  });
});

describe('Cooldown', () => {
  it('makes a subject wait, and a running wait is not extended', async () => {
    const wait = new Cooldown(new MemoryRateLimitStore(), hash, 'wait');
    expect(await wait.remainingSeconds('k', at(0))).toBe(0);
    await wait.start('k', 120_000, at(0));
    expect(await wait.remainingSeconds('k', at(30_000))).toBe(90);
    await wait.start('k', 600_000, at(30_000));
    expect(await wait.remainingSeconds('k', at(60_000))).toBe(60);
    expect(await wait.remainingSeconds('k', at(120_000))).toBe(0);
  });
});
