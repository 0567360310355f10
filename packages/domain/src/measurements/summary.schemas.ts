import { z } from 'zod';
import { plausibleDate, plausibleDateTime } from '../shared/dates';
import { glucoseTargetsSchema } from '../glucose/bands';
import {
  bloodPressureRecordSchema,
  eventRecordSchema,
  glucoseRecordSchema,
  glucoseUnitSchema,
  hba1cRecordSchema,
  lipidsRecordSchema,
  weightRecordSchema,
} from './measurements.schemas';

/**
 * What the glucose dashboard reads (PRODUCT.md §2): the period summary (metrics, targets, AGP,
 * daily stats, the figures a period may show) and the chart series, packed as columns.
 */

const isoDateTime = plausibleDateTime;

// --- Dashboard ---

export const SUMMARY_DAYS = [1, 7, 14, 30, 90] as const;
export const summaryQuerySchema = z
  .object({
    days: z.coerce
      .number()
      .int()
      .refine((d) => (SUMMARY_DAYS as readonly number[]).includes(d), { message: 'days must be 1, 7, 14, 30 or 90' }),
  })
  .strict();

const bandShares = z.object({
  very_low: z.number(),
  low: z.number(),
  in_range: z.number(),
  high: z.number(),
  very_high: z.number(),
});

/**
 * Metrics of glucose/metrics.ts, times as ISO strings. GMI, GRI and its zone and the sensor-active
 * time are null where the period's figures forbid them (glucose-figures.ts: no sensor, or a sensor
 * that covered less than 70 % of the period).
 */
export const glucoseMetricsSchema = z.object({
  n: z.number().int(),
  firstAt: z.iso.datetime(),
  lastAt: z.iso.datetime(),
  mean: z.number(),
  median: z.number(),
  sd: z.number().nullable(),
  cv: z.number().nullable(),
  gmi: z.number().nullable(),
  bands: bandShares,
  belowRange: z.number(),
  aboveRange: z.number(),
  gri: z.number().nullable(),
  griZone: z.enum(['A', 'B', 'C', 'D', 'E']).nullable(),
  activePercent: z.number().nullable(),
  daysOfData: z.number(),
  intervalMinutes: z.number(),
  sufficiency: z.object({ enoughDays: z.boolean(), enoughActive: z.boolean(), sufficient: z.boolean() }),
});
export type GlucoseMetricsDto = z.infer<typeof glucoseMetricsSchema>;

export const targetCheckSchema = z.object({
  key: z.enum(['veryLow', 'belowRange', 'inRange', 'aboveRange', 'veryHigh', 'cv']),
  value: z.number(),
  limit: z.number(),
  kind: z.enum(['max', 'min']),
  met: z.boolean(),
});

/** AGP percentiles by time of day (mg/dL, 1 decimal; null where a bin has no reading). */
export const agpSchema = z.object({
  binMinutes: z.number().int(),
  minuteOfDay: z.array(z.number().int()),
  p5: z.array(z.number().nullable()),
  p25: z.array(z.number().nullable()),
  p50: z.array(z.number().nullable()),
  p75: z.array(z.number().nullable()),
  p95: z.array(z.number().nullable()),
});
export type AgpDto = z.infer<typeof agpSchema>;

export const dailyStatsSchema = z.object({
  /** Local date in the patient's zone. */
  date: plausibleDate,
  n: z.number().int(),
  mean: z.number(),
  min: z.number(),
  max: z.number(),
  bands: bandShares,
});

export const glucoseBasisSchema = z.enum(['cgm', 'meter', 'mixed', 'none']);

/** Which figures the period may show (glucose-figures.ts, the one rule of every surface). */
export const glucoseFiguresSchema = z.object({
  basis: glucoseBasisSchema,
  /** GMI, GRI, sensor-active time and AGP are shown. */
  cgm: z.boolean(),
  /** Why they are not: no sensor reading in the period, or a sensor covering under 70 % of it. */
  cgmWithheld: z.enum(['no_cgm', 'cgm_too_little']).nullable(),
  /** Enough data of its basis for a comparison with another period. */
  enough: z.boolean(),
});

/** A meter period's own figures: readings are counted, not weighted by time. */
export const meterFiguresSchema = z.object({
  /** Readings per day over the period's days, 1 decimal. */
  readingsPerDay: z.number(),
  /** Readings below the range's low limit (very low ones included), and below its very-low limit. */
  lows: z.number().int(),
  veryLows: z.number().int(),
  /** Readings above the range's high limit (very high ones included), and above its very-high limit. */
  highs: z.number().int(),
  veryHighs: z.number().int(),
});
export type MeterFigures = z.infer<typeof meterFiguresSchema>;

/**
 * The glucose part of a period. `basis` says which readings the period holds: with device
 * readings (`cgm`, `mixed`) the metrics describe the sensor's (finger-sticks are then left out,
 * they would distort time-weighted shares), else (`meter`) the manual and meter readings, counted.
 */
export const glucosePeriodSchema = z.object({
  basis: glucoseBasisSchema,
  figures: glucoseFiguresSchema,
  /** The meter's figures (meter basis only). */
  meter: meterFiguresSchema.nullable(),
  readings: z.number().int(),
  metrics: glucoseMetricsSchema.nullable(),
  targetChecks: z.array(targetCheckSchema),
  agp: agpSchema.nullable(),
  daily: z.array(dailyStatsSchema),
});
export type GlucosePeriod = z.infer<typeof glucosePeriodSchema>;

export const summarySchema = z.object({
  period: z.object({
    from: plausibleDateTime,
    to: plausibleDateTime,
    days: z.number().int(),
    timeZone: z.string(),
  }),
  /** The unit the patient reads glucose in (settings). */
  glucoseUnit: glucoseUnitSchema,
  targets: glucoseTargetsSchema,
  glucose: glucosePeriodSchema,
  /** Most recent record of each kind, whatever the period (null when none). */
  latest: z.object({
    glucose: glucoseRecordSchema.nullable(),
    hba1c: hba1cRecordSchema.nullable(),
    lipids: lipidsRecordSchema.nullable(),
    blood_pressure: bloodPressureRecordSchema.nullable(),
    weight: weightRecordSchema.nullable(),
    event: eventRecordSchema.nullable(),
  }),
  /** Records of each kind in the period. */
  counts: z.object({
    glucose: z.number().int(),
    hba1c: z.number().int(),
    lipids: z.number().int(),
    blood_pressure: z.number().int(),
    weight: z.number().int(),
    event: z.number().int(),
  }),
  openAlerts: z.number().int(),
});
export type Summary = z.infer<typeof summarySchema>;

// --- Chart series ---

export const GLUCOSE_SERIES_MAX_DAYS = 92;

export const glucoseSeriesQuerySchema = z
  .object({ from: isoDateTime, to: isoDateTime })
  .strict()
  .refine((q) => Date.parse(q.from) < Date.parse(q.to), { message: 'from must be before to', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= GLUCOSE_SERIES_MAX_DAYS * 86_400_000, {
    message: `at most ${GLUCOSE_SERIES_MAX_DAYS} days`,
    path: ['from'],
  });

/**
 * A column of integers, checked in one plain loop over the array. `z.array(z.number().int())`
 * checks each element on its own: 19 ms for the 26,000 deltas of a 90-day series in zod's jitless
 * mode (which the CSP needs), a third of the series answer's server time; even `z.array(z.number())`
 * with one refine walks zod's per-item machinery (2.7 ms per column). A custom check costs
 * ~0.02 ms and gives the same JSON schema (`type: array, items: integer`).
 */
const intColumn = z
  .custom<number[]>((x) => isColumnOf(x, false), { message: 'integers only' })
  .meta({ type: 'array', items: { type: 'integer' } });
const nullableIntColumn = z
  .custom<(number | null)[]>((x) => isColumnOf(x, true), { message: 'integers or null only' })
  .meta({ type: 'array', items: { type: ['integer', 'null'] } });

/** An array of integers (and nulls where allowed), checked in one plain loop. */
function isColumnOf(x: unknown, nullable: boolean): boolean {
  if (!Array.isArray(x)) return false;
  for (let i = 0; i < x.length; i++) {
    const item: unknown = x[i];
    if (!(Number.isInteger(item) || (nullable && item === null))) return false;
  }
  return true;
}

/**
 * A glucose series for charts, as columns with delta-encoded integers (see series-encoding.ts):
 * - `regular`: reading i at `t0 + i·step` ms; `v[0]` is the first value in mg/dL and each next
 *   entry the difference from the previous *present* value; `null` marks a missing slot.
 * - `irregular`: `t[0]` epoch ms then differences in ms; `v` as above without nulls.
 * Deltas keep 90 days of 5-minute readings under 30 KiB gzipped (plain integers are ~30 KiB).
 */
export const encodedGlucoseSeriesSchema = z.discriminatedUnion('layout', [
  z.object({
    layout: z.literal('regular'),
    encoding: z.literal('delta'),
    t0: z.number().int(),
    step: z.number().int().positive(),
    v: nullableIntColumn,
  }),
  z.object({
    layout: z.literal('irregular'),
    encoding: z.literal('delta'),
    t: intColumn,
    v: intColumn,
  }),
]);
export type EncodedGlucoseSeries = z.infer<typeof encodedGlucoseSeriesSchema>;

export const glucoseSeriesResponseSchema = z.object({
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  /** Readings in the series. */
  n: z.number().int(),
  series: encodedGlucoseSeriesSchema,
});
export type GlucoseSeriesResponse = z.infer<typeof glucoseSeriesResponseSchema>;
