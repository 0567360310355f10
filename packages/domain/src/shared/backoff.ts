/**
 * The one retry-delay rule of the app: every retry (job queue, Nightscout follow, Nightscout
 * uploader failures, sign-in throttle, the event bus and the realtime reconnect) asks a
 * `backoff(...)` for its delays, so the formulas cannot drift apart.
 */
export interface BackoffOptions {
  /**
   * The delay of attempt 0. A number doubles with each attempt; a list of nominal steps is
   * followed in order and its last step repeats (SPEC §9's 1 s, 2 s, 5 s, 10 s).
   */
  base: number | readonly number[];
  /** No delay is ever longer, jitter included. */
  cap: number;
  /**
   * How far a delay may stray from its nominal value, as a fraction (0.2: ±20 %). Clients that
   * lost the same server at the same moment then come back spread out instead of in lockstep.
   */
  jitter?: number;
}

/** A delay in ms for attempt `attempt` (0 for the first retry); `random` in [0, 1) only matters with jitter. */
export type Backoff = (attempt: number, random?: () => number) => number;

/** Beyond this many doublings every sensible base is past every sensible cap (and 2 ** n stays finite). */
const MAX_DOUBLINGS = 52;

export function backoff({ base, cap, jitter = 0 }: BackoffOptions): Backoff {
  if (!(cap >= 0)) throw new RangeError('backoff: cap must be a non-negative number');
  if (!(jitter >= 0 && jitter <= 1)) throw new RangeError('backoff: jitter must be between 0 and 1');
  const steps = typeof base === 'number' ? null : base;
  if (steps ? steps.length === 0 || steps.some((step) => !(step >= 0)) : !((base as number) >= 0)) {
    throw new RangeError('backoff: base must be a non-negative number or a non-empty list of them');
  }
  return (attempt, random = Math.random) => {
    const n = Math.max(0, Math.floor(attempt));
    const nominal = steps ? steps[Math.min(n, steps.length - 1)]! : (base as number) * 2 ** Math.min(n, MAX_DOUBLINGS);
    const spread = jitter === 0 ? 1 : 1 + jitter * (2 * random() - 1);
    return Math.round(Math.min(cap, nominal * spread));
  };
}
