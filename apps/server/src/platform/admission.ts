import type { Clock, Timers } from './clock';
import { AppError } from './http/app-error';
import { DEFAULT_POOL_SIZE } from './db/open-database';
import type { DatabaseEngine } from '@glucosuivi/domain/health/health.schemas';

/** How many requests may use the database at once, and how long the others may wait (ADR 0019). */
export interface AdmissionLimits {
  /** Requests doing database work at the same time; the others wait in the queue. */
  concurrency: number;
  /** Waiting requests beyond which a new one is refused at once. */
  maxQueue: number;
  /**
   * No request is answered later than this after it arrived because of the queue: one still
   * waiting when only a typical service time is left before the bound is refused.
   */
  maxWaitMs: number;
}

export interface AdmissionQueue {
  /**
   * Waits for a turn. Resolves with the function that gives the turn back (call it once, when the
   * response is done); rejects with `AppError('server_busy')` (503 + Retry-After) when the queue
   * is full, or when the bound is reached while waiting.
   * `leave` gives the place up (the client went away while waiting): `admitted` then rejects.
   */
  enter(key: string): { admitted: Promise<() => void>; leave: () => void };
  /** What is waiting and running now (for tests and the benchmark). */
  state(): { running: number; waiting: number; serviceEstimateMs: number };
}

interface Waiter {
  key: string;
  admit: (release: () => void) => void;
  refuse: (error: AppError) => void;
  cancelTimer: () => void;
}

/**
 * Per engine: PGlite is one connection working on the event loop's own thread, so more than a
 * couple of requests at once would only interleave their statements (2 is a choice, not yet
 * compared with 1 or 4 in bench/pglite-load.ts); PostgreSQL gets as many as its pool has
 * connections, so a request admitted here rarely waits for the pool.
 */
export function defaultAdmissionLimits(engine: DatabaseEngine): AdmissionLimits {
  return {
    concurrency: engine === 'pglite' ? PGLITE_CONCURRENCY : DEFAULT_POOL_SIZE,
    maxQueue: 500,
    maxWaitMs: MAX_WAIT_MS,
  };
}
const PGLITE_CONCURRENCY = 2;
/** The product's bound: no request waits more than 5 s for the database (ADR 0019). */
export const MAX_WAIT_MS = 5000;

// The weight of the latest service time in the estimate: recent enough to follow a slower
// machine within a few requests, smooth enough that one slow request does not shed a burst.
const ESTIMATE_WEIGHT = 0.2;

/**
 * A fair queue in front of the database. Each key (a session, or a client address) has its own
 * first-in first-out line, and turns go round the keys, so one user's burst waits behind itself,
 * not in front of everyone else. Times come from the injected clock and timers, so tests drive
 * them without sleeping.
 */
export function createAdmissionQueue(
  limits: AdmissionLimits,
  clock: Clock,
  timers: Timers,
): AdmissionQueue {
  // Insertion order is the round: a key served is moved to the end if it still has waiters.
  const lines = new Map<string, Waiter[]>();
  let waiting = 0;
  let running = 0;
  let estimateMs = 0;

  const retryAfterSeconds = () =>
    Math.max(1, Math.ceil((((waiting + 1) / limits.concurrency) * estimateMs) / 1000));
  const busy = () =>
    new AppError('server_busy', 'Server busy', undefined, {
      retryAfterSeconds: retryAfterSeconds(),
    });

  const remove = (waiter: Waiter) => {
    const line = lines.get(waiter.key);
    const at = line?.indexOf(waiter) ?? -1;
    if (!line || at < 0) return false;
    line.splice(at, 1);
    if (line.length === 0) lines.delete(waiter.key);
    waiting--;
    waiter.cancelTimer();
    return true;
  };

  const startTurn = (): (() => void) => {
    running++;
    const startedAt = clock.now().getTime();
    let given = false;
    return () => {
      if (given) return;
      given = true;
      running--;
      const took = clock.now().getTime() - startedAt;
      estimateMs = estimateMs === 0 ? took : estimateMs + ESTIMATE_WEIGHT * (took - estimateMs);
      // Measured (ADR 0019): PGlite answers in the same thread, so admitting the next request
      // straight from this one's end chained the whole queue's database work in one turn of the
      // event loop, seconds long under a burst: no socket accepted, no deadline fired. The next
      // turn starts after the loop has polled for I/O.
      timers.defer(admitNext);
    };
  };

  const admitNext = () => {
    while (running < limits.concurrency && waiting > 0) {
      const [key, line] = lines.entries().next().value as [string, Waiter[]];
      const waiter = line[0]!;
      remove(waiter);
      // The key goes to the end of the round.
      if (lines.has(key)) {
        const rest = lines.get(key)!;
        lines.delete(key);
        lines.set(key, rest);
      }
      waiter.admit(startTurn());
    }
  };

  return {
    enter(key) {
      if (running < limits.concurrency && waiting === 0)
        return { admitted: Promise.resolve(startTurn()), leave: () => undefined };
      if (waiting >= limits.maxQueue)
        return { admitted: Promise.reject(busy()), leave: () => undefined };
      // No refusal on a forecast: a burst of 100 uploads over two servers was shed (4 of 100) on
      // an estimate inflated by a busy machine, when each would have been served in time. A
      // request is refused only when the queue is full, or when its deadline below comes.
      let waiter!: Waiter;
      const admitted = new Promise<() => void>((admit, refuse) => {
        waiter = { key, admit, refuse, cancelTimer: () => undefined };
      });
      // The latest moment it can start and still be answered within the limit.
      waiter.cancelTimer = timers.setTimeout(
        () => {
          if (remove(waiter)) waiter.refuse(busy());
        },
        Math.max(0, limits.maxWaitMs - estimateMs),
      );
      const line = lines.get(key);
      if (line) line.push(waiter);
      else lines.set(key, [waiter]);
      waiting++;
      return {
        admitted,
        leave: () => {
          if (remove(waiter)) waiter.refuse(busy());
        },
      };
    },
    state: () => ({ running, waiting, serviceEstimateMs: estimateMs }),
  };
}
