// Advice engine (issue 17) on 90 days of 5-minute demo CGM, as the dashboard would call it for a
// 90-day period: the readings, the 90 days before (for the change in time in range), three tagged
// meals a day and the lab results of the demo diary. Goal: ≤ 20 ms.
// Run: npx tsx bench/advice-engine.ts   (prints JSON; nothing is written)
import { cpus, loadavg } from 'node:os';
import { computeAdvice } from '@glucosuivi/domain/advice/advice.engine';
import type { AdviceInput } from '@glucosuivi/domain/advice/advice.context';
import { generateCgmDays } from '@glucosuivi/domain/demo/cgm-generator';
import { generateManualReadings } from '@glucosuivi/domain/demo/manual-generator';
import { targetsForPreset } from '@glucosuivi/domain/glucose/bands';
import {
  lastLocalDays,
  localToUtc,
  getZoneOffsetResolver,
  localDayNumber,
  DAY_MS,
  MINUTE_MS,
} from '@glucosuivi/domain/glucose/timezone';

const TIME_ZONE = 'Europe/Paris';
const DAYS = 90;
const now = Date.UTC(2026, 10, 27, 9, 0);
const period = lastLocalDays(now, DAYS, TIME_ZONE);
// Both periods in one series, as the server would read them; the engine takes each one's slice.
const cgm = generateCgmDays({
  seed: 42,
  days: 2 * DAYS + 1,
  endAt: now,
  profile: 'average',
  timeZone: TIME_ZONE,
  lastNightHypo: true,
});
const t = Float64Array.from(cgm.t);
const v = Float64Array.from(cgm.v);
const diary = generateManualReadings({
  seed: 42,
  days: 400,
  endAt: now,
  profile: 'average',
  timeZone: TIME_ZONE,
});
const offsetOf = getZoneOffsetResolver(TIME_ZONE);
const meals: number[] = [];
for (let day = localDayNumber(offsetOf, period.from); day <= localDayNumber(offsetOf, now); day++) {
  for (const minute of [7 * 60 + 30, 12 * 60 + 30, 20 * 60])
    meals.push(localToUtc(offsetOf, day * DAY_MS + minute * MINUTE_MS));
}

const input: AdviceInput = {
  readings: { t, v },
  previousReadings: { t, v },
  source: 'cgm',
  period: { start: period.from, end: period.to },
  timeZone: TIME_ZONE,
  targets: targetsForPreset('standard'),
  meals: meals.filter((at) => at < now),
  symptomaticLows: [],
  hba1c: diary.hba1c.map((r) => ({ at: r.measuredAt, percent: r.percent })),
  bloodPressure: diary.bloodPressure.map((r) => ({
    at: r.measuredAt,
    systolic: r.systolic,
    diastolic: r.diastolic,
  })),
  ldl: diary.lipids.map((r) => ({ at: r.measuredAt, mgdl: r.ldlMgdl })),
};
const withoutPrevious: AdviceInput = { ...input, previousReadings: undefined };

function time(fn: () => unknown, iterations: number) {
  for (let i = 0; i < 30; i++) fn(); // warm-up: let the JIT settle
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) =>
    Number(samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!.toFixed(2));
  return { median: at(0.5), p95: at(0.95), min: at(0), max: at(1) };
}

let readingsInPeriod = 0;
for (const at of cgm.t) if (at >= period.from && at < period.to) readingsInPeriod++;
const findings = computeAdvice(input);
const result = {
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    model: cpus()[0]?.model,
    node: process.version,
    loadAverage: loadavg().map((x) => Number(x.toFixed(2))),
  },
  periodDays: period.days,
  readingsInPeriod,
  readingsInInput: cgm.t.length,
  taggedMeals: input.meals?.length,
  goalMs: 20,
  engineMs: time(() => computeAdvice(input), 300),
  engineWithoutPreviousPeriodMs: time(() => computeAdvice(withoutPrevious), 300),
  findings: findings.map((f) => `${f.severity}:${f.kind}`),
};
console.log(JSON.stringify(result, null, 2));
