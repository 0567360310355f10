import { DAY_MS, getZoneOffsetResolver, localDayNumber } from '../glucose/timezone';
import { atLocal, type CgmProfile } from './cgm-generator';
import { createRng } from './random';

/** Demo and test data: a type-2 patient's meter diary, lab results, blood pressure and weight, deterministic from a seed. */

export type ManualGlucoseContext = 'fasting' | 'before_meal' | 'after_meal' | 'bedtime';

export interface ManualGlucoseRecord {
  measuredAt: number;
  mgdl: number;
  context: ManualGlucoseContext;
  source: 'meter';
}
export interface Hba1cRecord {
  measuredAt: number;
  percent: number;
}
export interface LipidPanelRecord {
  measuredAt: number;
  totalMgdl: number;
  hdlMgdl: number;
  ldlMgdl: number;
  triglyceridesMgdl: number;
}
export interface BloodPressureRecord {
  measuredAt: number;
  systolic: number;
  diastolic: number;
  pulse: number;
}
export interface WeightRecord {
  measuredAt: number;
  kg: number;
}

export interface ManualReadings {
  glucose: ManualGlucoseRecord[];
  hba1c: Hba1cRecord[];
  lipids: LipidPanelRecord[];
  bloodPressure: BloodPressureRecord[];
  weight: WeightRecord[];
}

export interface GenerateManualOptions {
  seed: number;
  days: number;
  /** No record is later than this (epoch ms). */
  endAt: number;
  /** Glucose control of the patient; default average. */
  profile?: CgmProfile;
  /** Default Europe/Paris. */
  timeZone?: string;
}

// Type-2 fasting glucose by profile (mg/dL); other contexts are offsets from it.
const T2_FASTING: Record<CgmProfile, number> = {
  well_controlled: 112,
  average: 138,
  poorly_controlled: 185,
  hypo_prone: 105,
};

/** Generates a type-2 patient's meter diary, lab results, blood pressure and weight, from a seed. */
export function generateManualReadings(options: GenerateManualOptions): ManualReadings {
  const rng = createRng(options.seed);
  const profile = options.profile ?? 'average';
  const offsetOf = getZoneOffsetResolver(options.timeZone ?? 'Europe/Paris');
  const { endAt, days } = options;
  const startAt = endAt - days * DAY_MS;
  const firstDay = localDayNumber(offsetOf, startAt);
  const lastDay = localDayNumber(offsetOf, endAt);
  const inWindow = (at: number): boolean => at > startAt && at <= endAt;
  const out: ManualReadings = { glucose: [], hba1c: [], lipids: [], bloodPressure: [], weight: [] };
  const fasting = T2_FASTING[profile];
  const slots: Array<{
    minute: number;
    context: ManualGlucoseContext;
    offset: number;
    sd: number;
  }> = [
    { minute: 7 * 60, context: 'fasting', offset: 0, sd: 18 },
    { minute: 12 * 60 + 15, context: 'before_meal', offset: 0, sd: 20 },
    { minute: 14 * 60 + 30, context: 'after_meal', offset: 55, sd: 30 },
    { minute: 22 * 60 + 30, context: 'bedtime', offset: 20, sd: 25 },
  ];
  let sum = 0;
  let count = 0;
  const weightStart = rng.normal(92, 10);
  for (let day = firstDay; day <= lastDay; day++) {
    // 1–4 readings a day, fasting first, the others in the day's order.
    const nReadings = rng.pick([1, 1, 2, 2, 2, 3, 4]);
    const others = [1, 2, 3];
    for (let i = others.length - 1; i > 0; i--) {
      const j = rng.int(0, i);
      [others[i], others[j]] = [others[j] as number, others[i] as number];
    }
    const chosen = [0, ...others.slice(0, nReadings - 1).sort((a, b) => a - b)];
    for (const i of chosen) {
      const slot = slots[i] as (typeof slots)[number];
      const at = atLocal(offsetOf, day, rng.normal(slot.minute, 20));
      let mgdl = rng.normal(fasting + slot.offset, slot.sd);
      // Sulfonylurea-style lows for the hypo-prone profile, a rare one otherwise.
      if (rng.chance(profile === 'hypo_prone' ? 0.06 : 0.01)) mgdl = rng.uniform(50, 68);
      mgdl = Math.round(Math.min(500, Math.max(40, mgdl)));
      if (!inWindow(at)) continue;
      out.glucose.push({ measuredAt: at, mgdl, context: slot.context, source: 'meter' });
      sum += mgdl;
      count++;
    }
    // Blood pressure a few times a week, in the morning.
    if (rng.chance(3 / 7)) {
      const at = atLocal(offsetOf, day, rng.normal(8 * 60, 30));
      const systolic = Math.round(Math.min(220, Math.max(100, rng.normal(136, 13))));
      const diastolic = Math.round(Math.min(systolic - 20, Math.max(55, rng.normal(83, 8))));
      const pulse = Math.round(Math.min(120, Math.max(50, rng.normal(74, 8))));
      if (inWindow(at)) out.bloodPressure.push({ measuredAt: at, systolic, diastolic, pulse });
    }
    // Weight weekly, slowly decreasing (lifestyle advice), 0.4 kg day-to-day noise.
    if ((day - firstDay) % 7 === 0) {
      const at = atLocal(offsetOf, day, rng.normal(7 * 60 + 15, 10));
      const kg =
        Math.round((weightStart - ((day - firstDay) / 7) * 0.1 + rng.normal(0, 0.4)) * 10) / 10;
      if (inWindow(at)) out.weight.push({ measuredAt: at, kg });
    }
  }
  // HbA1c every ~3 months, consistent with the meter mean (ADAG: A1c = (mean + 46.7) / 28.7).
  const mean = count > 0 ? sum / count : fasting + 20;
  for (
    let at = endAt - rng.uniform(3, 20) * DAY_MS;
    at > startAt;
    at -= rng.uniform(85, 100) * DAY_MS
  ) {
    const percent =
      Math.round(Math.min(20, Math.max(3, (mean + 46.7) / 28.7 + rng.normal(0, 0.3))) * 10) / 10;
    out.hba1c.push({ measuredAt: at, percent });
  }
  // A lipid panel once, or twice over a longer history; LDL by Friedewald.
  const panels = days >= 120 ? 2 : 1;
  for (let i = 0; i < panels; i++) {
    const at = endAt - rng.uniform((i * days) / panels + 1, ((i + 1) * days) / panels - 1) * DAY_MS;
    const total = Math.round(Math.min(500, Math.max(50, rng.normal(195, 25))));
    const hdl = Math.round(Math.min(150, Math.max(10, rng.normal(45, 8))));
    const tg = Math.round(Math.min(3000, Math.max(20, rng.normal(165, 45))));
    const ldl = Math.round(Math.min(400, Math.max(10, total - hdl - tg / 5)));
    out.lipids.push({
      measuredAt: at,
      totalMgdl: total,
      hdlMgdl: hdl,
      ldlMgdl: ldl,
      triglyceridesMgdl: tg,
    });
  }
  const byTime = (a: { measuredAt: number }, b: { measuredAt: number }): number =>
    a.measuredAt - b.measuredAt;
  out.glucose.sort(byTime);
  out.hba1c.sort(byTime);
  out.lipids.sort(byTime);
  out.bloodPressure.sort(byTime);
  out.weight.sort(byTime);
  return out;
}
