import { z } from 'zod';
import { freeText } from '../shared/text';
import { plausibleDate, plausibleDateTime } from '../shared/dates';
import { alertSchema } from '../alerts/alerts.schemas';
import { glucoseTargetsSchema } from '../glucose/bands';
import type { LipidKind } from '../glucose/units';
import {
  ACTIVITY_MINUTES_LIMITS,
  CARBS_GRAMS_LIMITS,
  DIASTOLIC_LIMITS,
  glucoseLimitsIn,
  hba1cLimitsIn,
  INSULIN_UNITS_LIMITS,
  lipidLimitsIn,
  PULSE_LIMITS,
  SYSTOLIC_LIMITS,
  WEIGHT_KG_LIMITS,
  type Limits,
} from './measurement-limits';

/**
 * Health measurements (PRODUCT.md §2). Writes take values in the unit the person uses
 * (`{ value, unit }`); the server converts them to the canonical unit with glucose/units.
 * Every object is strict: an unknown field is refused, not ignored.
 *
 * A value outside its range is refused with one issue at its path whose params are
 * `{ rule: 'out_of_range', min, max, unit }`, min and max *in the unit the person typed*
 * (see measurement-limits.ts), so the web app can say "entre 1,2 et 33,3 mmol/L".
 * `measuredAt` may not be more than 5 minutes in the future: that needs the server's clock,
 * so the service checks it (issue code `measured_at_in_future`), and forms can use
 * `measuredAtIsAcceptable` with their own clock.
 */

export const MEASUREMENT_KINDS = ['glucose', 'hba1c', 'lipids', 'blood_pressure', 'weight', 'event'] as const;
export const measurementKindSchema = z.enum(MEASUREMENT_KINDS);
export type MeasurementKind = z.infer<typeof measurementKindSchema>;

export const GLUCOSE_CONTEXTS = ['fasting', 'before_meal', 'after_meal', 'bedtime', 'night', 'random'] as const;
export const glucoseContextSchema = z.enum(GLUCOSE_CONTEXTS);
export type GlucoseContext = z.infer<typeof glucoseContextSchema>;

export const GLUCOSE_SOURCES = ['manual', 'meter', 'cgm', 'import', 'nightscout'] as const;
export const glucoseSourceSchema = z.enum(GLUCOSE_SOURCES);
export type GlucoseSource = z.infer<typeof glucoseSourceSchema>;
/** Sources a person enters one by one. */
export const singleGlucoseSourceSchema = z.enum(['manual', 'meter']);
/** Sources of device batches (Nightscout uploads get their own API later). */
export const batchGlucoseSourceSchema = z.enum(['cgm', 'import']);
/** Device sources: readings that come in series, analysed by episodes rather than one by one. */
export const DEVICE_GLUCOSE_SOURCES = ['cgm', 'import', 'nightscout'] as const satisfies readonly GlucoseSource[];

export const glucoseUnitSchema = z.enum(['mg/dL', 'mmol/L']);
export const hba1cUnitSchema = z.enum(['%', 'mmol/mol']);
export const lipidUnitSchema = z.enum(['mg/dL', 'mmol/L', 'g/L']);
export const HBA1C_METHODS = ['lab', 'point_of_care'] as const;
export const hba1cMethodSchema = z.enum(HBA1C_METHODS);
export const BP_ARMS = ['left', 'right'] as const;
export const BP_POSITIONS = ['sitting', 'standing', 'lying'] as const;
export const EVENT_TYPES = ['insulin', 'carbs', 'activity', 'medication', 'note'] as const;
export const eventTypeSchema = z.enum(EVENT_TYPES);
export const INSULIN_TYPES = ['rapid', 'basal'] as const;

export const NOTE_MAX_LENGTH = 500;
/** Clock skew tolerated between a device or browser and the server. */
export const MEASURED_AT_FUTURE_TOLERANCE_MS = 5 * 60 * 1000;

/** True when `measuredAt` is not more than 5 minutes after `now`. */
export function measuredAtIsAcceptable(measuredAt: Date | string | number, now: Date | number): boolean {
  return new Date(measuredAt).getTime() <= new Date(now).getTime() + MEASURED_AT_FUTURE_TOLERANCE_MS;
}

/** The issue a refused value carries (params in the unit the person typed). */
export function outOfRangeIssue(path: (string | number)[], limits: Limits, unit: string) {
  return {
    code: 'custom' as const,
    path,
    message: `must be between ${limits.min} and ${limits.max} ${unit}`.trim(),
    rule: 'out_of_range',
    min: limits.min,
    max: limits.max,
    unit,
  };
}

/** A number within fixed limits, refused with an `out_of_range` issue carrying the limits. */
function rangedNumber(limits: Limits, unit: string, integer = false) {
  return (integer ? z.number().int() : z.number()).superRefine((x, ctx) => {
    if (x < limits.min || x > limits.max) ctx.addIssue(outOfRangeIssue([], limits, unit));
  });
}

const isoDateTime = plausibleDateTime;
const note = freeText({ max: NOTE_MAX_LENGTH, multiline: true }).nullable().optional();
const common = { measuredAt: isoDateTime, note };

export const glucoseInputSchema = z
  .object({
    kind: z.literal('glucose'),
    ...common,
    value: z.number(),
    unit: glucoseUnitSchema,
    context: glucoseContextSchema.nullable().optional(),
    /** The person felt symptoms of a low (shaking, sweating, hunger…): with a reading < 70 mg/dL, advice shows the 15/15 rule. */
    symptomatic: z.boolean().optional(),
    /** Default `manual`. */
    source: singleGlucoseSourceSchema.optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    const limits = glucoseLimitsIn(input.unit);
    if (input.value < limits.min || input.value > limits.max) ctx.addIssue(outOfRangeIssue(['value'], limits, input.unit));
  });

export const hba1cInputSchema = z
  .object({
    kind: z.literal('hba1c'),
    ...common,
    value: z.number(),
    unit: hba1cUnitSchema,
    method: hba1cMethodSchema.nullable().optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    const limits = hba1cLimitsIn(input.unit);
    if (input.value < limits.min || input.value > limits.max) ctx.addIssue(outOfRangeIssue(['value'], limits, input.unit));
  });

const LIPID_FIELDS = ['total', 'hdl', 'ldl', 'triglycerides'] as const satisfies readonly LipidKind[];

/** Any subset of the panel, at least one value, all in one unit. */
export const lipidsInputSchema = z
  .object({
    kind: z.literal('lipids'),
    ...common,
    unit: lipidUnitSchema,
    total: z.number().optional(),
    hdl: z.number().optional(),
    ldl: z.number().optional(),
    triglycerides: z.number().optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    let present = 0;
    for (const field of LIPID_FIELDS) {
      const value = input[field];
      if (value === undefined) continue;
      present++;
      const limits = lipidLimitsIn(field, input.unit);
      if (value < limits.min || value > limits.max) ctx.addIssue(outOfRangeIssue([field], limits, input.unit));
    }
    if (present === 0) {
      ctx.addIssue({ code: 'custom', path: [], message: 'at least one lipid value is required', rule: 'lipids_empty' });
    }
  });

export const bloodPressureInputSchema = z
  .object({
    kind: z.literal('blood_pressure'),
    ...common,
    systolic: rangedNumber(SYSTOLIC_LIMITS, 'mmHg', true),
    diastolic: rangedNumber(DIASTOLIC_LIMITS, 'mmHg', true),
    pulse: rangedNumber(PULSE_LIMITS, 'bpm', true).nullable().optional(),
    arm: z.enum(BP_ARMS).nullable().optional(),
    position: z.enum(BP_POSITIONS).nullable().optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.systolic <= input.diastolic) {
      ctx.addIssue({
        code: 'custom',
        path: ['diastolic'],
        message: 'diastolic must be lower than systolic',
        rule: 'diastolic_not_below_systolic',
      });
    }
  });

export const weightInputSchema = z
  .object({ kind: z.literal('weight'), ...common, kg: rangedNumber(WEIGHT_KG_LIMITS, 'kg') })
  .strict();

export const eventDetailSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('insulin'),
      units: rangedNumber(INSULIN_UNITS_LIMITS, 'U'),
      insulinType: z.enum(INSULIN_TYPES),
    })
    .strict(),
  z.object({ type: z.literal('carbs'), grams: rangedNumber(CARBS_GRAMS_LIMITS, 'g') }).strict(),
  z.object({ type: z.literal('activity'), minutes: rangedNumber(ACTIVITY_MINUTES_LIMITS, 'min', true) }).strict(),
  z.object({ type: z.literal('medication'), name: freeText({ max: 200, min: 1 }) }).strict(),
  /** A free note: the text is the record's `note`, required then. */
  z.object({ type: z.literal('note') }).strict(),
]);
export type EventDetail = z.infer<typeof eventDetailSchema>;

export const eventInputSchema = z
  .object({ kind: z.literal('event'), ...common, event: eventDetailSchema })
  .strict()
  .superRefine((input, ctx) => {
    if (input.event.type === 'note' && !input.note) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'a note event needs its text', rule: 'note_required' });
    }
  });

/** Body of create and (full-replacement) update. */
export const measurementInputSchema = z.discriminatedUnion('kind', [
  glucoseInputSchema,
  hba1cInputSchema,
  lipidsInputSchema,
  bloodPressureInputSchema,
  weightInputSchema,
  eventInputSchema,
]);
export type MeasurementInput = z.infer<typeof measurementInputSchema>;

/**
 * A create's idempotency key, made by the browser once per entry (the offline queue keeps it with
 * the entry): the server stores it with the patient, and a create sent again with the same key
 * answers the entry stored the first time, never a second one. A retry after a lost answer is
 * then harmless.
 */
export const clientKeySchema = z.uuid();
const clientKeyField = { clientKey: clientKeySchema.optional() };

/** Body of create: an entry and, optionally, its idempotency key (an update has none: it names its entry). */
export const createMeasurementBodySchema = z.discriminatedUnion('kind', [
  glucoseInputSchema.safeExtend(clientKeyField),
  hba1cInputSchema.safeExtend(clientKeyField),
  lipidsInputSchema.safeExtend(clientKeyField),
  bloodPressureInputSchema.safeExtend(clientKeyField),
  weightInputSchema.safeExtend(clientKeyField),
  eventInputSchema.safeExtend(clientKeyField),
]);
export type CreateMeasurementBody = z.infer<typeof createMeasurementBodySchema>;
export type GlucoseInput = z.infer<typeof glucoseInputSchema>;

// --- What the API returns: canonical units, plus the unit the value was entered in. ---

const recordBase = {
  id: z.uuid(),
  measuredAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  note: z.string().nullable(),
};

export const glucoseRecordSchema = z.object({
  kind: z.literal('glucose'),
  ...recordBase,
  valueMgdl: z.number(),
  context: glucoseContextSchema.nullable(),
  source: glucoseSourceSchema,
  deviceId: z.string().nullable(),
  entryUnit: glucoseUnitSchema,
  /** Present (true) only when the person said they felt symptoms of a low. */
  symptomatic: z.literal(true).optional(),
});
export const hba1cRecordSchema = z.object({
  kind: z.literal('hba1c'),
  ...recordBase,
  percent: z.number(),
  method: hba1cMethodSchema.nullable(),
  entryUnit: hba1cUnitSchema,
});
export const lipidsRecordSchema = z.object({
  kind: z.literal('lipids'),
  ...recordBase,
  totalMgdl: z.number().nullable(),
  hdlMgdl: z.number().nullable(),
  ldlMgdl: z.number().nullable(),
  triglyceridesMgdl: z.number().nullable(),
  entryUnit: lipidUnitSchema,
});
export const bloodPressureRecordSchema = z.object({
  kind: z.literal('blood_pressure'),
  ...recordBase,
  systolic: z.number().int(),
  diastolic: z.number().int(),
  pulse: z.number().int().nullable(),
  arm: z.enum(BP_ARMS).nullable(),
  position: z.enum(BP_POSITIONS).nullable(),
});
export const weightRecordSchema = z.object({ kind: z.literal('weight'), ...recordBase, kg: z.number() });
export const eventRecordSchema = z.object({ kind: z.literal('event'), ...recordBase, event: eventDetailSchema });

export const measurementRecordSchema = z.discriminatedUnion('kind', [
  glucoseRecordSchema,
  hba1cRecordSchema,
  lipidsRecordSchema,
  bloodPressureRecordSchema,
  weightRecordSchema,
  eventRecordSchema,
]);
export type MeasurementRecord = z.infer<typeof measurementRecordSchema>;
export type GlucoseRecord = z.infer<typeof glucoseRecordSchema>;

export const measurementWriteResultSchema = z.object({
  measurement: measurementRecordSchema,
  /** Alerts this write raised (already stored), so the page can show them at once. */
  alerts: z.array(alertSchema),
});
export type MeasurementWriteResult = z.infer<typeof measurementWriteResultSchema>;

export const measurementIdParamsSchema = z.object({ id: z.uuid() }).strict();

export const listMeasurementsQuerySchema = z
  .object({
    kind: measurementKindSchema.optional(),
    /** Inclusive lower bound of measuredAt. */
    from: isoDateTime.optional(),
    /** Exclusive upper bound of measuredAt. */
    to: isoDateTime.optional(),
    limit: z.coerce.number().int().min(1).max(500).optional(),
    /** Opaque cursor from the previous page's `nextCursor`. */
    cursor: z.string().max(200).optional(),
  })
  .strict();
export type ListMeasurementsQuery = z.infer<typeof listMeasurementsQuerySchema>;

export const measurementPageSchema = z.object({
  /** Newest first. */
  items: z.array(measurementRecordSchema),
  nextCursor: z.string().nullable(),
});
export type MeasurementPage = z.infer<typeof measurementPageSchema>;

// --- Device batches ---

export const GLUCOSE_BATCH_MAX = 10_000;

export const glucoseBatchSchema = z
  .object({
    source: batchGlucoseSourceSchema,
    deviceId: freeText({ max: 100, min: 1 }),
    unit: glucoseUnitSchema,
    readings: z
      .array(z.object({ measuredAt: isoDateTime, value: z.number() }).strict())
      .min(1)
      .max(GLUCOSE_BATCH_MAX),
  })
  .strict()
  .superRefine((batch, ctx) => {
    const limits = glucoseLimitsIn(batch.unit);
    batch.readings.forEach((reading, index) => {
      if (reading.value < limits.min || reading.value > limits.max) {
        ctx.addIssue(outOfRangeIssue(['readings', index, 'value'], limits, batch.unit));
      }
    });
  });
export type GlucoseBatch = z.infer<typeof glucoseBatchSchema>;

export const glucoseBatchResultSchema = z.object({
  /** Readings stored now. */
  inserted: z.number().int(),
  /** Readings already stored (same source, device and time), skipped. */
  duplicates: z.number().int(),
  alerts: z.array(alertSchema),
});
export type GlucoseBatchResult = z.infer<typeof glucoseBatchResultSchema>;

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
