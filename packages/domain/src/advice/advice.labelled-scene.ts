import { createRng, type Rng } from '../demo/random';
import { targetsForPreset, type GlucoseTargets, type TargetPreset } from '../glucose/bands';
import type { AdviceInput } from './advice.context';
import { calmTrace, inputFor, localAt, localPeriod, pull, type Trace } from './advice.fixtures';
import type { AdviceKind } from './advice.schemas';

/**
 * The labelled set of issue 17: generated patients whose every pattern is present or absent by
 * construction (calm generator traces, then lows, meal peaks, morning climbs, waves or missing
 * days added on purpose). The label is what was built, never what the engine says.
 */

export interface LabelledCase {
  name: string;
  family: 'well_controlled' | 'sparse' | 'pattern_present' | 'pattern_absent' | 'labs' | 'combined';
  input: AdviceInput;
  expected: AdviceKind[];
}

/** Zones and periods, some across a DST change (Paris and Madrid in spring and autumn, New York, Sydney). */
const PLACES = [
  { timeZone: 'Europe/Paris', lastDay: '2026-11-26' },
  { timeZone: 'Europe/Paris', lastDay: '2026-04-05' },
  { timeZone: 'Europe/Madrid', lastDay: '2026-11-05' },
  { timeZone: 'America/New_York', lastDay: '2026-03-15' },
  { timeZone: 'Asia/Tokyo', lastDay: '2026-07-20' },
  { timeZone: 'Australia/Sydney', lastDay: '2026-10-10' },
] as const;

export interface Scene {
  trace: Trace;
  period: { start: number; end: number };
  /** Instant of local `minute` on day `day` of the period (0 = its first day). */
  at: (day: number, minute: number) => number;
  rng: Rng;
  input: (extra?: Partial<AdviceInput>) => AdviceInput;
}

export function scene(
  seed: number,
  options: {
    days?: number;
    preset?: TargetPreset;
    high?: number;
    previous?: boolean;
    profile?: 'well_controlled' | 'average';
  } = {},
): Scene {
  const place = PLACES[seed % PLACES.length]!;
  const days = options.days ?? 14;
  const period = localPeriod(place.timeZone, place.lastDay, days);
  const from = options.previous ? period.start - (period.end - period.start) : period.start;
  const preset = options.preset ?? 'standard';
  const high = options.high ?? (preset === 'pregnancy' ? 135 : 170);
  const trace = calmTrace({
    seed,
    start: from,
    end: period.end,
    timeZone: place.timeZone,
    high,
    profile: options.profile,
  });
  const targets: GlucoseTargets = targetsForPreset(preset);
  const at = (day: number, minute: number) =>
    localAt(place.timeZone, place.lastDay, day - days + 1, minute);
  const input = (extra: Partial<AdviceInput> = {}) =>
    inputFor(trace, period, {
      targets,
      ...(options.previous ? { previousReadings: { t: trace.t, v: trace.v } } : {}),
      ...extra,
    });
  return { trace, period, at, rng: createRng(seed * 7919), input };
}

/** `count` distinct days of the period, drawn from the scene's generator, ascending. */
export function someDays(s: Scene, count: number, total = 14): number[] {
  const days = Array.from({ length: total }, (_, k) => k);
  for (let i = days.length - 1; i > 0; i--) {
    const j = s.rng.int(0, i);
    [days[i], days[j]] = [days[j]!, days[i]!];
  }
  return days.slice(0, count).sort((a, b) => a - b);
}

export function nightLows(s: Scene, days: number[], severeFirst = false): void {
  days.forEach((day, k) => {
    const severe = severeFirst && k === 0;
    pull(
      s.trace,
      s.at(day, s.rng.int(30, 300)),
      severe ? 50 : s.rng.int(56, 66),
      severe ? 30 : s.rng.int(25, 60),
    );
  });
}
