import { z } from 'zod';
import { glucoseLimitsIn } from '../measurements/measurement-limits';
import { glucoseUnitSchema, outOfRangeIssue } from '../measurements/measurements.schemas';
import { DATE_OUT_OF_RANGE, isPlausibleInstant } from '../shared/dates';
import { freeText } from '../shared/text';

/*
 * A glucose export file (LibreView, Dexcom Clarity) is parsed in the browser (glucose-file.ts)
 * and travels as columns: the first instant, then the seconds from each reading to the next,
 * and the values in the file's own unit, so a 90-day Libre 3 export (~26,000 readings) is a few
 * hundred kilobytes and the stored value is exactly what the file said. The server checks it
 * again with this schema: nothing is trusted because the browser parsed it.
 */

/** A year of 5-minute readings, with room to spare. */
export const GLUCOSE_IMPORT_MAX = 110_000;
/** A step longer than this (a year) is not a gap in one sensor file. */
const MAX_STEP_SECONDS = 366 * 24 * 3600;
/** A device reading within this distance of one already stored is the same reading, seen twice. */
export const IMPORT_SAME_READING_MS = 150_000;

export const GLUCOSE_FILE_FORMATS = ['libreview', 'dexcom-clarity'] as const;
export const glucoseFileFormatSchema = z.enum(GLUCOSE_FILE_FORMATS);

export const glucoseImportSchema = z
  .object({
    format: glucoseFileFormatSchema,
    /** The device the file names, for the readings' device id. */
    device: freeText({ max: 100, min: 1 }).nullable(),
    unit: glucoseUnitSchema,
    /** The first reading's instant, epoch milliseconds. */
    start: z.number().int().refine(isPlausibleInstant, { message: DATE_OUT_OF_RANGE }),
    /** Seconds from the previous reading: 0 for the first, then at least 1 (ascending, unique instants). */
    steps: z.array(z.number().int().min(0).max(MAX_STEP_SECONDS)).min(1).max(GLUCOSE_IMPORT_MAX),
    /** Values in `unit`, one per step. */
    values: z.array(z.number()).min(1).max(GLUCOSE_IMPORT_MAX),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.values.length !== body.steps.length) {
      ctx.addIssue({ code: 'custom', path: ['values'], message: 'must have one value per step' });
      return;
    }
    const limits = glucoseLimitsIn(body.unit);
    let reported = 0;
    for (let i = 0; i < body.values.length && reported < 20; i++) {
      const value = body.values[i] as number;
      if (value < limits.min || value > limits.max) {
        ctx.addIssue(outOfRangeIssue(['values', i], limits, body.unit));
        reported++;
      }
      if (i > 0 && (body.steps[i] as number) < 1) {
        ctx.addIssue({ code: 'custom', path: ['steps', i], message: 'instants must be ascending and unique' });
        reported++;
      }
    }
  });
export type GlucoseImport = z.infer<typeof glucoseImportSchema>;

/** The instants (epoch ms) of an import's readings. */
export function importInstants(body: Pick<GlucoseImport, 'start' | 'steps'>): number[] {
  const out = new Array<number>(body.steps.length);
  let t = body.start;
  for (let i = 0; i < body.steps.length; i++) {
    t += (body.steps[i] as number) * 1000;
    out[i] = t;
  }
  return out;
}

/** The wire form of readings (instants ascending and unique, whole seconds apart). */
export function importBody(
  file: { format: GlucoseImport['format']; device: string | null; unit: GlucoseImport['unit'] },
  times: readonly number[],
  values: readonly number[],
): GlucoseImport {
  const steps = times.map((t, i) => (i === 0 ? 0 : Math.round((t - (times[i - 1] as number)) / 1000)));
  return { format: file.format, device: file.device, unit: file.unit, start: times[0] ?? 0, steps, values: [...values] };
}

export const glucoseImportCheckSchema = z.object({
  readings: z.number().int(),
  /** Readings already stored (a device reading within 2.5 minutes), which the import skips. */
  alreadyPresent: z.number().int(),
  first: z.iso.datetime(),
  last: z.iso.datetime(),
});
export type GlucoseImportCheck = z.infer<typeof glucoseImportCheckSchema>;

export const glucoseImportResultSchema = z.object({
  inserted: z.number().int(),
  alreadyPresent: z.number().int(),
});
export type GlucoseImportResult = z.infer<typeof glucoseImportResultSchema>;
