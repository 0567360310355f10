/** Time as an effect, so rules that depend on it (expiry, deletion after 30 days) are testable. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stays where a test puts it. */
export function fixedClock(start: Date): Clock & { set(date: Date): void; advance(ms: number): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = date.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

/** A wait the server makes on purpose (a failed authentication's growing delay); tests record it instead. */
export type Sleep = (ms: number) => Promise<void>;

export const systemSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Timers as an effect, beside the clock: a test fires them by moving its clock, without sleeping. */
export interface Timers {
  /** Calls `fn` after `ms`; returns the function that cancels it. */
  setTimeout(fn: () => void, ms: number): () => void;
  /** Calls `fn` once the event loop has polled for I/O (`setImmediate`): no time passes, others get a turn. */
  defer(fn: () => void): void;
}

export const systemTimers: Timers = {
  setTimeout: (fn, ms) => {
    const timer = setTimeout(fn, ms);
    // A pending deadline never keeps the process alive at shutdown.
    timer.unref();
    return () => clearTimeout(timer);
  },
  defer: (fn) => void setImmediate(fn),
};

/** Timers on a test clock: `advance` moves the clock and runs, in order, every timer that came due. */
export function manualTimers(clock: Clock & { advance(ms: number): void }): Timers & { advance(ms: number): void; pending(): number } {
  let pending: { at: number; fn: () => void; seq: number }[] = [];
  let seq = 0;
  return {
    setTimeout: (fn, ms) => {
      const entry = { at: clock.now().getTime() + ms, fn, seq: seq++ };
      pending.push(entry);
      return () => {
        pending = pending.filter((other) => other !== entry);
      };
    },
    // Deferring is about turns of the event loop, not time: the real one.
    defer: (fn) => void setImmediate(fn),
    advance: (ms) => {
      const until = clock.now().getTime() + ms;
      for (;;) {
        const due = pending.filter((entry) => entry.at <= until).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
        if (!due) break;
        pending = pending.filter((entry) => entry !== due);
        clock.advance(Math.max(0, due.at - clock.now().getTime()));
        due.fn();
      }
      clock.advance(until - clock.now().getTime());
    },
    pending: () => pending.length,
  };
}
