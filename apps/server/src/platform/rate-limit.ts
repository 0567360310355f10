/**
 * Fixed-window counters in memory, per key. Enough for one server; with several servers the
 * same interface would sit on PostgreSQL or Redis.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one event for the key; says whether it is still within the limit. */
  hit(key: string, now: number): { allowed: boolean; retryAfterSeconds: number } {
    const current = this.windows.get(key);
    if (!current || now - current.start >= this.windowMs) {
      this.windows.set(key, { start: now, count: 1 });
      this.sweep(now);
      return { allowed: true, retryAfterSeconds: 0 };
    }
    current.count++;
    return {
      allowed: current.count <= this.max,
      retryAfterSeconds: Math.ceil((current.start + this.windowMs - now) / 1000),
    };
  }

  /** Whether the key is already over its limit, without counting. */
  blocked(key: string, now: number): { blocked: boolean; retryAfterSeconds: number } {
    const current = this.windows.get(key);
    if (!current || now - current.start >= this.windowMs) return { blocked: false, retryAfterSeconds: 0 };
    return {
      blocked: current.count >= this.max,
      retryAfterSeconds: Math.ceil((current.start + this.windowMs - now) / 1000),
    };
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    if (this.windows.size < 10_000) return;
    for (const [key, value] of this.windows) if (now - value.start >= this.windowMs) this.windows.delete(key);
  }
}
