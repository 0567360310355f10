import { z } from 'zod';
import { freeText } from '../shared/text';
import { plausibleDateTime } from '../shared/dates';
import { alertSchema } from '../alerts/alerts.schemas';
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
