import { createHmac } from 'node:crypto';
import { AppError } from './http/app-error';

/**
 * Where fixed-window counters live. Every server of a deployment must share one store, or each
 * would grant the full limit (two servers: twice the attempts). The database store
 * (rate-limit-store.ts) is the deployed one; a Redis store would implement the same interface.
 */
export interface RateLimitStore {
  /**
   * Counts one event for the key, atomically across servers. A window opens at the first event
   * and lasts `windowMs`; after it ends, the next event opens a new one with count 1.
   */
  increment(key: string, windowMs: number, now: Date): Promise<WindowCount>;
  /** The open window of the key, without counting; null when there is none. */
  peek(key: string, now: Date): Promise<WindowCount | null>;
  reset(key: string): Promise<void>;
}

export interface WindowCount {
  count: number;
  resetAt: Date;
}

/** One process's counters: for unit tests and tools; never for a deployment of several servers. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, WindowCount>();

  async increment(key: string, windowMs: number, now: Date): Promise<WindowCount> {
    const current = this.windows.get(key);
    if (!current || current.resetAt.getTime() <= now.getTime()) {
      const opened = { count: 1, resetAt: new Date(now.getTime() + windowMs) };
      this.windows.set(key, opened);
      this.sweep(now);
      return { ...opened };
    }
    current.count++;
    return { ...current };
  }

  async peek(key: string, now: Date): Promise<WindowCount | null> {
    const current = this.windows.get(key);
    return current && current.resetAt.getTime() > now.getTime() ? { ...current } : null;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private sweep(now: Date) {
    if (this.windows.size < 10_000) return;
    for (const [key, value] of this.windows)
      if (value.resetAt.getTime() <= now.getTime()) this.windows.delete(key);
  }
}

/**
 * Turns what a limit is about (an address, an e-mail, a device) into a store key that carries no
 * personal data: a keyed hash, so the table cannot be reversed by hashing a list of addresses.
 */
export type KeyHasher = (value: string) => string;

export function keyHasher(secret: string): KeyHasher {
  return (value) =>
    createHmac('sha256', `rate-limit:${secret}`).update(value).digest('base64url').slice(0, 32);
}

export interface LimitDecision {
  allowed: boolean;
  /** Events counted in the current window, this one included. */
  count: number;
  retryAfterSeconds: number;
}

/** At most `max` events per key and window of `windowMs`, counted in a shared store. */
export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly hash: KeyHasher,
    /** Names the limit in the store's keys, so two limits never share a counter. */
    readonly name: string,
    readonly max: number,
    readonly windowMs: number,
  ) {}

  private key(subject: string) {
    return `${this.name}:${this.hash(subject)}`;
  }

  /** Counts one event for the subject; says whether it is still within the limit. */
  async hit(subject: string, now: Date): Promise<LimitDecision> {
    const { count, resetAt } = await this.store.increment(this.key(subject), this.windowMs, now);
    return { allowed: count <= this.max, count, retryAfterSeconds: secondsUntil(resetAt, now) };
  }

  /** Whether the subject is already at its limit, without counting. */
  async blocked(
    subject: string,
    now: Date,
  ): Promise<{ blocked: boolean; count: number; retryAfterSeconds: number }> {
    const current = await this.store.peek(this.key(subject), now);
    if (!current) return { blocked: false, count: 0, retryAfterSeconds: 0 };
    return {
      blocked: current.count >= this.max,
      count: current.count,
      retryAfterSeconds: secondsUntil(current.resetAt, now),
    };
  }

  /** Counts one event and refuses with 429 (Retry-After, wait in minutes) beyond the limit. */
  async consume(subject: string, now: Date): Promise<void> {
    const decision = await this.hit(subject, now);
    if (!decision.allowed) throw rateLimited(decision.retryAfterSeconds);
  }

  async reset(subject: string): Promise<void> {
    await this.store.reset(this.key(subject));
  }
}

/** A wait imposed on a subject (e.g. after repeated failures), kept in the same shared store. */
export class Cooldown {
  constructor(
    private readonly store: RateLimitStore,
    private readonly hash: KeyHasher,
    readonly name: string,
  ) {}

  private key(subject: string) {
    return `${this.name}:${this.hash(subject)}`;
  }

  /** Starts a wait of `ms` unless one is already running (then that one stands). */
  async start(subject: string, ms: number, now: Date): Promise<void> {
    await this.store.increment(this.key(subject), ms, now);
  }

  /** Seconds left to wait; 0 when the subject may go on. */
  async remainingSeconds(subject: string, now: Date): Promise<number> {
    const current = await this.store.peek(this.key(subject), now);
    return current ? secondsUntil(current.resetAt, now) : 0;
  }

  /** Ends the wait at once. */
  async reset(subject: string): Promise<void> {
    await this.store.reset(this.key(subject));
  }
}

function secondsUntil(at: Date, now: Date): number {
  return Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));
}

/** The one 429: a Retry-After header and the wait in whole minutes for the message. */
export function rateLimited(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError('rate_limited', `Retry after ${seconds} s`, undefined, {
    retryAfterSeconds: seconds,
    params: { retryAfterMinutes: Math.max(1, Math.ceil(seconds / 60)) },
  });
}
