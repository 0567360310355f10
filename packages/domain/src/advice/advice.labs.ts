import { classifyBloodPressure } from '../glucose/episodes';
import { roundHalfUp } from '../glucose/stats';
import { DAY_MS, type ZoneOffsetResolver } from '../glucose/timezone';
import type { AdviceInput } from './advice.context';
import { localDateTime } from './advice.context';
import { makeFinding } from './advice.finding';
import type { FindingOf } from './advice.schemas';

/**
 * Findings from results that do not depend on the glucose period (HbA1c, blood pressure, LDL):
 * they are returned even when the glucose data is too thin to judge. Only results dated at or
 * before the period's end count, so a report of a past period says what was known then.
 */

/**
 * HbA1c is printed to 0.1 %, and a change of 0.1 is within the assay's own variation (a
 * laboratory CV of about 2 % is ± 0.15 at 7 %): an increase counts from 0.2 points.
 */
export const HBA1C_MIN_INCREASE_POINTS = 0.2;
export const DEFAULT_HBA1C_TARGET_PERCENT = 7;
export const DEFAULT_LDL_TARGET_MGDL = 100;
export const BLOOD_PRESSURE_RULE = {
  windowDays: 30,
  lastReadings: 5,
  minHigh: 2,
  systolicLimit: 140,
  diastolicLimit: 90,
} as const;

function upTo<T extends { at: number }>(items: ReadonlyArray<T> | undefined, end: number): T[] {
  return (items ?? []).filter((item) => item.at <= end).sort((a, b) => a.at - b.at);
}

const increasePoints = (from: number, to: number): number => roundHalfUp(to - from, 1);
const isIncrease = (from: number, to: number): boolean =>
  increasePoints(from, to) >= HBA1C_MIN_INCREASE_POINTS;

/**
 * HbA1c rising: the last three results rose twice in a row, or the latest is above the target
 * and higher than the one before. Two rises in a row are a trend even below the target (it is
 * worth talking about before the target is crossed); one rise counts only once the target is
 * passed, as one result alone may be a blip.
 */
export function findHba1cRising(
  input: AdviceInput,
  end: number,
  offsetOf: ZoneOffsetResolver,
): FindingOf<'hba1c_rising'> | null {
  const results = upTo(input.hba1c, end);
  if (results.length < 2) return null;
  const target =
    input.hba1cTargetPercent ?? input.targets.hba1cMaxPercent ?? DEFAULT_HBA1C_TARGET_PERCENT;
  const last = results.slice(-3);
  const latest = last[last.length - 1] as { at: number; percent: number };
  const previous = last[last.length - 2] as { at: number; percent: number };
  const twoIncreases =
    last.length === 3 &&
    isIncrease((last[0] as { percent: number }).percent, previous.percent) &&
    isIncrease(previous.percent, latest.percent);
  const aboveTargetAndRising =
    latest.percent > target && isIncrease(previous.percent, latest.percent);
  if (!twoIncreases && !aboveTargetAndRising) return null;
  return makeFinding('hba1c_rising', 'attention', {
    reason: twoIncreases ? 'two_increases' : 'above_target_and_rising',
    results: (twoIncreases ? last : last.slice(-2)).map((r) => ({
      date: localDateTime(offsetOf, r.at).date,
      at: r.at,
      percent: r.percent,
    })),
    targetPercent: target,
    changePoints: increasePoints(previous.percent, latest.percent),
  });
}

/**
 * Blood pressure at or above 140/90 mmHg on at least 2 of the last 5 readings of the 30 days
 * before the period's end (classifyBloodPressure, the alerts' threshold). One high reading is
 * often the stress of measuring; a repeated one is what the guidelines ask to confirm.
 */
export function findBloodPressureHigh(
  input: AdviceInput,
  end: number,
  offsetOf: ZoneOffsetResolver,
): FindingOf<'blood_pressure_high'> | null {
  const rule = BLOOD_PRESSURE_RULE;
  const recent = upTo(input.bloodPressure, end)
    .filter((r) => r.at > end - rule.windowDays * DAY_MS)
    .slice(-rule.lastReadings);
  const readings = recent.map((r) => {
    const local = localDateTime(offsetOf, r.at);
    return {
      date: local.date,
      time: local.time,
      at: r.at,
      systolic: r.systolic,
      diastolic: r.diastolic,
      high: classifyBloodPressure(r.systolic, r.diastolic) !== null,
    };
  });
  const highCount = readings.filter((r) => r.high).length;
  if (highCount < rule.minHigh) return null;
  return makeFinding('blood_pressure_high', 'attention', {
    systolicLimit: rule.systolicLimit,
    diastolicLimit: rule.diastolicLimit,
    windowDays: rule.windowDays,
    highCount,
    readings,
  });
}

/** The latest LDL-cholesterol above the target (100 mg/dL unless the care team set another). */
export function findLdlAboveTarget(
  input: AdviceInput,
  end: number,
  offsetOf: ZoneOffsetResolver,
): FindingOf<'ldl_above_target'> | null {
  const latest = upTo(input.ldl, end).at(-1);
  const target = input.ldlTargetMgdl ?? DEFAULT_LDL_TARGET_MGDL;
  if (!latest || !(latest.mgdl > target)) return null;
  return makeFinding('ldl_above_target', 'attention', {
    latestMgdl: latest.mgdl,
    date: localDateTime(offsetOf, latest.at).date,
    at: latest.at,
    targetMgdl: target,
  });
}
