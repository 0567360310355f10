import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../accounts/accounts.schemas';
import { CGM_PROFILES, generateCgmDays } from '../demo/cgm-generator';
import { createRng, type Rng } from '../demo/random';
import { TARGET_PRESETS, targetsForPreset, type GlucoseTargets } from '../glucose/bands';
import { lowerBound, type AdviceInput } from './advice.context';
import { computeAdvice } from './advice.engine';
import {
  climb,
  cut,
  localAt,
  localPeriod,
  meterDiary,
  pull,
  STEP_MS,
  type Trace,
} from './advice.fixtures';
import { forbiddenAdviceHits } from './advice.guard';
import { ADVICE_KINDS, adviceFindingSchema, type AdviceKind } from './advice.schemas';
import { EMERGENCY_TEXT, HYPO_TREATMENT_TEXT, renderFinding } from './advice.texts';

/**
 * Issue 17, "must show" 2: thousands of generated patients, every finding rendered in three
 * languages and both units, and not one text with a dose, a number of units or a treatment
 * change. Patients reuse a pool of generator traces (profiles × zones × seeds) and differ by
 * scaling, added lows, meal peaks, morning climbs, missing days, targets, tags and lab results.
 */

const PATIENTS = 5_000;
const UNITS = ['mg/dL', 'mmol/L'] as const;
const PLACES = [
  { timeZone: 'Europe/Paris', lastDay: '2026-11-26' },
  { timeZone: 'Europe/Paris', lastDay: '2026-04-02' },
  { timeZone: 'Europe/Madrid', lastDay: '2026-10-30' },
  { timeZone: 'America/New_York', lastDay: '2026-03-12' },
  { timeZone: 'Australia/Sydney', lastDay: '2026-10-08' },
  { timeZone: 'Asia/Tokyo', lastDay: '2026-06-15' },
] as const;
const DAY = 86_400_000;
const MIN = 60_000;

interface Base {
  place: (typeof PLACES)[number];
  period: { start: number; end: number };
  t: number[];
  v: number[];
}

/** 28 days of generator CGM (this period and the one before), with its own sensor gaps. */
function basePool(): Base[] {
  const pool: Base[] = [];
  let seed = 1;
  for (const place of PLACES) {
    const period = localPeriod(place.timeZone, place.lastDay, 14);
    for (const profile of CGM_PROFILES) {
      for (let k = 0; k < 6; k++) {
        const raw = generateCgmDays({
          seed: seed++,
          days: 29,
          endAt: period.end - STEP_MS,
          profile,
          timeZone: place.timeZone,
          lastNightHypo: k % 3 === 0,
        });
        pool.push({ place, period, t: raw.t, v: raw.v });
      }
    }
  }
  return pool;
}

function randomTargets(rng: Rng): GlucoseTargets {
  const targets = targetsForPreset(rng.pick(TARGET_PRESETS));
  if (targets.preset !== 'custom') return targets;
  return {
    ...targets,
    range: {
      veryLowBelow: 54,
      lowBelow: rng.int(65, 75),
      highAbove: rng.int(160, 200),
      veryHighAbove: 250,
    },
    belowRangeMaxPercent: rng.pick([1, 2, 4, 5]),
    veryLowMaxPercent: rng.pick([null, 0.5, 1]),
    cvMaxPercent: rng.pick([null, 33, 36, 40]),
    hba1cMaxPercent: rng.pick([null, 6.5, 7, 8]),
  };
}

function shapeCgm(
  rng: Rng,
  base: Base,
  at: (day: number, minute: number) => number,
  withPrevious: boolean,
): Trace {
  const scale = rng.uniform(0.7, 1.4);
  // Without the period before, only this period's readings are copied: half the work.
  const from = withPrevious ? 0 : lowerBound(base.t, base.period.start);
  const trace: Trace = {
    t: base.t.slice(from),
    v: base.v
      .slice(from)
      .map((x) => Math.min(400, Math.max(40, Math.round(120 + scale * (x - 120))))),
    timeZone: base.place.timeZone,
  };
  if (rng.chance(0.35))
    for (let k = rng.int(1, 4); k > 0; k--)
      pull(trace, at(rng.int(0, 13), rng.int(0, 330)), rng.int(42, 68), rng.int(15, 70));
  if (rng.chance(0.35)) {
    const minute = rng.pick([7 * 60 + 30, 12 * 60 + 30, 20 * 60]);
    for (let k = rng.int(2, 6); k > 0; k--)
      pull(
        trace,
        at(rng.int(0, 13), minute + rng.int(-30, 30)) + 10 * MIN,
        rng.int(190, 320),
        rng.int(60, 180),
        25,
      );
  }
  if (rng.chance(0.3))
    for (let day = 0; day < 14; day++)
      if (rng.chance(0.7)) climb(trace, at(day, 4 * 60), at(day, 8 * 60), rng.int(10, 50));
  if (rng.chance(0.15)) cut(trace, at(rng.int(0, 6), 0), at(rng.int(7, 13), 0));
  if (withPrevious && rng.chance(0.2)) cut(trace, at(-14, 0), at(rng.int(-12, -1), 0));
  return trace;
}

/** Time of the first reading below 80 from `from` on: the one the patient flags as felt. */
function firstLowFrom(trace: Trace, from: number): number | undefined {
  for (let i = from; i < trace.t.length; i++) if (trace.v[i]! < 80) return trace.t[i];
  return undefined;
}

function patient(index: number, pool: Base[]): AdviceInput {
  const rng = createRng(0x5afe + index);
  const base = pool[rng.int(0, pool.length - 1)]!;
  const { timeZone, lastDay } = base.place;
  const at = (day: number, minute: number) => localAt(timeZone, lastDay, day - 13, minute);
  const meter = rng.chance(0.15);
  const withPrevious = !meter && rng.chance(0.4);
  const trace = meter
    ? meterDiary({
        seed: index,
        start: base.period.start,
        end: base.period.end,
        timeZone,
        count: rng.int(5, 40),
      })
    : shapeCgm(rng, base, at, withPrevious);
  if (meter)
    for (let k = rng.int(0, 3); k > 0; k--)
      trace.v[rng.int(0, trace.v.length - 1)] = rng.int(45, 69);
  const felt = rng.chance(0.4) ? firstLowFrom(trace, rng.int(0, trace.t.length - 1)) : undefined;
  const tagged = rng.chance(0.5)
    ? Array.from({ length: 14 * 3 }, (_, k) =>
        at(Math.floor(k / 3), [7 * 60 + 30, 12 * 60 + 30, 20 * 60][k % 3]! + rng.int(-40, 40)),
      ).filter(() => rng.chance(0.8))
    : undefined;
  let a1c = rng.uniform(5.5, 9.5);
  return {
    readings: { t: trace.t, v: trace.v },
    source: meter ? 'meter' : 'cgm',
    period: base.period,
    previousReadings: withPrevious ? { t: trace.t, v: trace.v } : undefined,
    timeZone,
    targets: randomTargets(rng),
    meals: tagged,
    symptomaticLows: felt === undefined ? undefined : [felt],
    hba1c: Array.from({ length: rng.int(0, 4) }, (_, k) => ({
      at: at(-90 * (4 - k), 9 * 60),
      percent: Math.round((a1c += rng.uniform(-0.6, 0.8)) * 10) / 10,
    })),
    bloodPressure: Array.from({ length: rng.int(0, 8) }, (_, k) => ({
      at: base.period.end - (40 - 5 * k) * DAY,
      systolic: rng.int(110, 185),
      diastolic: rng.int(65, 112),
    })),
    ldl: Array.from({ length: rng.int(0, 2) }, (_, k) => ({
      at: base.period.end - (200 - 100 * k) * DAY,
      mgdl: rng.int(55, 200),
    })),
    ldlTargetMgdl: rng.pick([undefined, 55, 70, 100, 116]),
    hba1cTargetPercent: rng.pick([undefined, 6.5, 7, 7.5, 8]),
  };
}

describe('forbidden advice patterns', () => {
  it('catch doses, units and treatment changes in every language, and spare the safety lines', () => {
    const unsafe = [
      "Augmentez votre dose d'insuline de 2 UI.",
      'Injectez 4 U avant le dîner.',
      'Réduisez le traitement du soir.',
      'Arrêtez votre médicament.',
      'Increase your insulin by 2 units.',
      'Take 10 IU at bedtime.',
      'Stop your medication for now.',
      'Reduzca la dosis de la noche.',
      'Aumente la insulina 3 unidades.',
      'Suspenda el tratamiento.',
    ];
    for (const text of unsafe) expect(forbiddenAdviceHits(text), text).not.toEqual([]);
    for (const language of LANGUAGES) {
      expect(
        forbiddenAdviceHits(`${HYPO_TREATMENT_TEXT[language]} ${EMERGENCY_TEXT[language]}`),
      ).toEqual([]);
    }
  });
});

describe('safety sweep', () => {
  it(`renders every finding of ${PATIENTS} generated patients × 3 languages × 2 units with no forbidden text`, () => {
    const started = performance.now();
    // CPU time as well: on a shared machine the wall clock measures the neighbours too.
    const cpuBefore = process.cpuUsage();
    const pool = basePool();
    const perKind = new Map<AdviceKind, number>(ADVICE_KINDS.map((k) => [k, 0]));
    const hits: string[] = [];
    const broken: string[] = [];
    let findings = 0;
    let texts = 0;
    for (let i = 0; i < PATIENTS; i++) {
      for (const finding of computeAdvice(patient(i, pool))) {
        findings++;
        perKind.set(finding.kind, perKind.get(finding.kind)! + 1);
        // What the API will send: every finding of one patient in ten is checked against its schema.
        if (i % 10 === 0 && !adviceFindingSchema.safeParse(finding).success)
          broken.push(`patient ${i}: ${finding.kind} does not match its schema`);
        const aboutLows = finding.kind === 'night_hypo' || finding.kind === 'time_below_range';
        if (aboutLows && finding.severity === 'urgent' && !finding.showEmergencyNumbers)
          broken.push(`patient ${i}: urgent ${finding.kind} without the emergency numbers`);
        for (const language of LANGUAGES) {
          for (const unit of UNITS) {
            const rendered = renderFinding(finding, language, unit);
            const text = [
              rendered.title,
              rendered.body,
              ...rendered.evidence,
              rendered.discuss,
              ...rendered.safety,
            ].join('\n');
            texts++;
            for (const name of forbiddenAdviceHits(text))
              hits.push(`patient ${i}, ${finding.kind}, ${language} ${unit}: ${name}`);
            if (finding.showEmergencyNumbers && !rendered.safety.includes(EMERGENCY_TEXT[language]))
              broken.push(`patient ${i}: ${finding.kind} in ${language} lacks the emergency line`);
            if (
              finding.showHypoTreatment &&
              !rendered.safety.includes(HYPO_TREATMENT_TEXT[language])
            )
              broken.push(`patient ${i}: ${finding.kind} in ${language} lacks the 15/15 rule`);
            if (rendered.discuss.length === 0)
              broken.push(`patient ${i}: ${finding.kind} in ${language} says nothing to discuss`);
          }
        }
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = ((cpu.user + cpu.system) / 1e6).toFixed(1);
    const kinds = ADVICE_KINDS.map((k) => `${k} ${perKind.get(k)}`).join(', ');
    console.log(
      `Safety sweep: ${PATIENTS} patients, ${findings} findings (${kinds}), ${texts} texts rendered, ${hits.length} forbidden hits, ${seconds} s (${cpuSeconds} s of CPU)`,
    );
    expect(hits.slice(0, 20)).toEqual([]);
    expect(broken.slice(0, 20)).toEqual([]);
    for (const kind of ADVICE_KINDS)
      expect(perKind.get(kind), `${kind} was never produced`).toBeGreaterThan(20);
  }, 120_000);
});
