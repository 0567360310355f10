import type { GlucoseBand } from '@glucosuivi/domain/glucose/bands';
import { formatHba1c, formatLipid, type GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import type { MeasurementRecord, Summary } from '@glucosuivi/domain/measurements/measurements.schemas';
import type { TFunction } from 'i18next';
import type { BandTarget } from '@/components/charts/TimeInRangeBar';
import { formatGlucoseValue, formatNumber } from '@/components/charts/glucose-display';

export const PERIODS = [1, 7, 14, 30, 90] as const;
export type PeriodDays = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: PeriodDays = 14;

const HOUR = 3_600_000;

/** The chart window of a period: up to the start of the next hour plus one (stable for an hour, so
 * the cache key does not change on every render, and a reading entered now is inside). */
export function seriesWindow(days: number, now: number): { from: string; to: string } {
  const to = Math.ceil(now / HOUR) * HOUR + HOUR;
  return { from: new Date(to - days * 86_400_000).toISOString(), to: new Date(to).toISOString() };
}

/** Which target check belongs to which band of the bar. */
const BAND_TARGET: Record<GlucoseBand, Summary['glucose']['targetChecks'][number]['key']> = {
  very_low: 'veryLow',
  low: 'belowRange',
  in_range: 'inRange',
  high: 'aboveRange',
  very_high: 'veryHigh',
};

export function bandTargets(checks: Summary['glucose']['targetChecks']): Partial<Record<GlucoseBand, BandTarget>> {
  const out: Partial<Record<GlucoseBand, BandTarget>> = {};
  for (const band of Object.keys(BAND_TARGET) as GlucoseBand[]) {
    const check = checks.find((c) => c.key === BAND_TARGET[band]);
    if (check) out[band] = { kind: check.kind, limit: check.limit, met: check.met, value: check.value, key: check.key };
  }
  return out;
}

/** True when the patient has recorded nothing yet (the dashboard then says what to do first). */
export function isEmptyAccount(summary: Summary): boolean {
  return Object.values(summary.latest).every((x) => x === null);
}

/** One line describing a record in the reader's unit: "65 mg/dL", "132/84 mmHg"… */
export function recordValue(record: MeasurementRecord, unit: GlucoseUnit, language: string, t: TFunction): string {
  const n = (x: number, d = 0) => formatNumber(x, language, d);
  switch (record.kind) {
    case 'glucose':
      return `${formatGlucoseValue(record.valueMgdl, unit, language)} ${unit}`;
    case 'hba1c':
      return record.entryUnit === 'mmol/mol'
        ? `${n(formatHba1c(record.percent, 'mmol/mol'))} mmol/mol`
        : `${n(formatHba1c(record.percent, '%'), 1)} %`;
    case 'lipids': {
      const u = record.entryUnit;
      const d = u === 'mg/dL' ? 0 : 2;
      const parts: string[] = [];
      const add = (key: 'total' | 'hdl' | 'ldl' | 'triglycerides', mgdl: number | null) => {
        if (mgdl !== null) parts.push(`${t(`measurements:lipids.${key}`)} ${n(formatLipid(mgdl, key, u), d)}`);
      };
      add('total', record.totalMgdl);
      add('hdl', record.hdlMgdl);
      add('ldl', record.ldlMgdl);
      add('triglycerides', record.triglyceridesMgdl);
      return `${parts.join(' · ')} ${u}`;
    }
    case 'blood_pressure':
      return `${record.systolic}/${record.diastolic} mmHg${record.pulse ? ` · ${record.pulse} bpm` : ''}`;
    case 'weight':
      return `${n(record.kg, 1)} kg`;
    case 'event': {
      const e = record.event;
      if (e.type === 'insulin') return t('measurements:eventValue.insulin', { units: n(e.units, 1), type: t(`measurements:insulinTypes.${e.insulinType}`) });
      if (e.type === 'carbs') return t('measurements:eventValue.carbs', { grams: n(e.grams) });
      if (e.type === 'activity') return t('measurements:eventValue.activity', { minutes: n(e.minutes) });
      if (e.type === 'medication') return e.name;
      return record.note ?? '';
    }
  }
}

/** Body-mass index (kg/m²) with one decimal, or null without a height. */
export function bmi(kg: number, heightCm: number | null | undefined): number | null {
  if (!heightCm) return null;
  const m = heightCm / 100;
  return Math.round((kg / (m * m)) * 10) / 10;
}
