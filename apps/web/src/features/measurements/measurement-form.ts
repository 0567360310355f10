import {
  measurementInputSchema,
  measuredAtIsAcceptable,
  type EventDetail,
  type MeasurementInput,
  type MeasurementKind,
  type MeasurementRecord,
} from '@glucosuivi/domain/measurements/measurements.schemas';
import { formatGlucose, formatHba1c, formatLipid, type GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import type { ValidationIssue } from '@glucosuivi/domain/shared/errors';
import { fromLocalInputValue, parseDecimal, toLocalInputValue } from '@/components/charts/glucose-display';

/**
 * The entry form as plain strings (what the inputs hold), its conversion into the API body with
 * the domain's zod schema, and the translation keys of every refusal, with their params.
 */

export type FormValues = {
  measuredAt: string;
  note: string;
  value: string;
  glucoseUnit: GlucoseUnit;
  context: string;
  /** "I feel symptoms of a low" (glucose only). */
  symptomatic: boolean;
  hba1cUnit: '%' | 'mmol/mol';
  method: string;
  lipidUnit: 'mg/dL' | 'mmol/L' | 'g/L';
  total: string;
  hdl: string;
  ldl: string;
  triglycerides: string;
  systolic: string;
  diastolic: string;
  pulse: string;
  arm: string;
  position: string;
  kg: string;
  eventType: 'insulin' | 'carbs' | 'activity' | 'medication' | 'note';
  units: string;
  insulinType: 'rapid' | 'basal';
  grams: string;
  minutes: string;
  name: string;
};
export type FormField = keyof FormValues | 'lipids';

/** The select value meaning "not given" (a select option is never an empty string). */
export const NONE = 'none';

export function emptyValues(glucoseUnit: GlucoseUnit, measuredAt: string): FormValues {
  return {
    measuredAt,
    note: '',
    value: '',
    glucoseUnit,
    context: NONE,
    symptomatic: false,
    hba1cUnit: '%',
    method: NONE,
    lipidUnit: 'g/L',
    total: '',
    hdl: '',
    ldl: '',
    triglycerides: '',
    systolic: '',
    diastolic: '',
    pulse: '',
    arm: NONE,
    position: NONE,
    kg: '',
    eventType: 'insulin',
    units: '',
    insulinType: 'rapid',
    grams: '',
    minutes: '',
    name: '',
  };
}

/** A refusal: a key under `measurements:errors.` and its interpolation params. */
export interface FieldError {
  key: string;
  params?: Record<string, string | number>;
}
export type FieldErrors = Partial<Record<FormField, FieldError>>;

export type BuildResult = { ok: true; body: MeasurementInput } | { ok: false; errors: FieldErrors };

/** Fields in screen order per kind: the first one in error gets the focus. */
export const KIND_FIELDS: Record<MeasurementKind, readonly FormField[]> = {
  glucose: ['value', 'measuredAt', 'note'],
  hba1c: ['value', 'measuredAt', 'note'],
  lipids: ['lipids', 'total', 'hdl', 'ldl', 'triglycerides', 'measuredAt', 'note'],
  blood_pressure: ['systolic', 'diastolic', 'pulse', 'measuredAt', 'note'],
  weight: ['kg', 'measuredAt', 'note'],
  event: ['units', 'grams', 'minutes', 'name', 'measuredAt', 'note'],
};

function optionalChoice<T extends string>(value: string): T | null {
  return value === NONE ? null : (value as T);
}

/** Reads the numbers typed (decimal comma allowed) and builds the body; reading errors come first. */
export function buildInput(kind: MeasurementKind, v: FormValues, timeZone: string, now: number): BuildResult {
  const errors: FieldErrors = {};
  const num = (field: keyof FormValues, required: boolean): number | undefined => {
    const text = String(v[field]).trim();
    if (!text) {
      if (required) errors[field] = { key: 'required' };
      return undefined;
    }
    const n = parseDecimal(text);
    if (n === null) {
      errors[field] = { key: 'number' };
      return undefined;
    }
    return n;
  };
  const at = fromLocalInputValue(v.measuredAt, timeZone);
  if (at === null) errors.measuredAt = { key: 'dateRequired' };
  else if (!measuredAtIsAcceptable(at, now)) errors.measuredAt = { key: 'measured_at_in_future' };
  const measuredAt = new Date(at ?? now).toISOString();
  const note = v.note.trim() ? v.note.trim() : null;
  const common = { measuredAt, note };

  let body: Record<string, unknown>;
  switch (kind) {
    case 'glucose':
      body = { kind, ...common, value: num('value', true), unit: v.glucoseUnit, context: optionalChoice(v.context), source: 'manual', ...(v.symptomatic ? { symptomatic: true } : {}) };
      break;
    case 'hba1c':
      body = { kind, ...common, value: num('value', true), unit: v.hba1cUnit, method: optionalChoice(v.method) };
      break;
    case 'lipids': {
      body = { kind, ...common, unit: v.lipidUnit };
      for (const f of ['total', 'hdl', 'ldl', 'triglycerides'] as const) {
        const x = num(f, false);
        if (x !== undefined) body[f] = x;
      }
      break;
    }
    case 'blood_pressure':
      body = {
        kind,
        ...common,
        systolic: num('systolic', true),
        diastolic: num('diastolic', true),
        pulse: num('pulse', false) ?? null,
        arm: optionalChoice(v.arm),
        position: optionalChoice(v.position),
      };
      break;
    case 'weight':
      body = { kind, ...common, kg: num('kg', true) };
      break;
    case 'event': {
      const type = v.eventType;
      if (type === 'medication' && !v.name.trim()) errors.name = { key: 'required' };
      const event =
        type === 'insulin'
          ? { type, units: num('units', true), insulinType: v.insulinType }
          : type === 'carbs'
            ? { type, grams: num('grams', true) }
            : type === 'activity'
              ? { type, minutes: num('minutes', true) }
              : type === 'medication'
                ? { type, name: v.name.trim() }
                : { type };
      body = { kind, ...common, event };
      break;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const parsed = measurementInputSchema.safeParse(body);
  if (parsed.success) return { ok: true, body: parsed.data };
  return {
    ok: false,
    errors: issuesToErrors(
      kind,
      parsed.error.issues.map((issue) => ({ path: issue.path as (string | number)[], code: issue.code, message: issue.message, params: { ...issue } })),
    ),
  };
}

/** Form field of an issue path (client paths, or the server's with a leading "body"). */
export function fieldOfPath(kind: MeasurementKind, path: readonly (string | number)[]): FormField {
  const p = path[0] === 'body' ? path.slice(1) : path;
  const head = p[0];
  if (head === 'event' && typeof p[1] === 'string' && p[1] !== 'type') return p[1] as FormField;
  if (kind === 'lipids' && p.length === 0) return 'lipids';
  if (typeof head === 'string' && head !== 'kind' && head !== 'unit' && head !== 'event') return head as FormField;
  return KIND_FIELDS[kind][0] as FormField;
}

const RANGE_KEYS: Partial<Record<FormField, string>> = {
  total: 'total',
  hdl: 'hdl',
  ldl: 'ldl',
  triglycerides: 'triglycerides',
  systolic: 'systolic',
  diastolic: 'diastolic',
  pulse: 'pulse',
  kg: 'weight',
  units: 'insulin',
  grams: 'carbs',
  minutes: 'activity',
};

/**
 * Issue → translation key and params. Params are the issue's own (client zod issue) or its
 * `params` (server answer); out-of-range limits are in the unit the person typed.
 */
export function issueToError(kind: MeasurementKind, field: FormField, issue: Pick<ValidationIssue, 'code' | 'message' | 'params'>): FieldError {
  const params = (issue.params ?? {}) as Record<string, unknown>;
  const rule = typeof params.rule === 'string' ? params.rule : null;
  if (rule === 'out_of_range' && typeof params.min === 'number' && typeof params.max === 'number') {
    const which = kind === 'glucose' ? 'glucose' : kind === 'hba1c' ? 'hba1c' : (RANGE_KEYS[field] ?? 'generic');
    return { key: `range.${which}`, params: { min: params.min, max: params.max, unit: String(params.unit ?? '') } };
  }
  if (rule === 'diastolic_not_below_systolic' || rule === 'lipids_empty' || rule === 'note_required') return { key: rule };
  if (issue.code === 'measured_at_in_future') return { key: 'measured_at_in_future' };
  if (params.expected === 'int' || params.format === 'safeint') return { key: 'integer' };
  if (issue.code === 'too_big' && field === 'note') return { key: 'noteTooLong' };
  if (issue.code === 'too_small' && field === 'name') return { key: 'required' };
  return { key: 'invalid' };
}

export function issuesToErrors(kind: MeasurementKind, issues: readonly Pick<ValidationIssue, 'path' | 'code' | 'message' | 'params'>[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = fieldOfPath(kind, issue.path);
    if (!errors[field]) errors[field] = issueToError(kind, field, issue);
  }
  return errors;
}

/** The form filled with a stored record, in the unit it was entered in (editing). */
export function valuesFromRecord(record: MeasurementRecord, base: FormValues, timeZone: string, language: string): FormValues {
  const fmt = (x: number) => new Intl.NumberFormat(language, { maximumFractionDigits: 2, useGrouping: false }).format(x);
  const v: FormValues = { ...base, measuredAt: toLocalInputValue(Date.parse(record.measuredAt), timeZone), note: record.note ?? '' };
  switch (record.kind) {
    case 'glucose':
      return { ...v, glucoseUnit: record.entryUnit, value: fmt(formatGlucose(record.valueMgdl, record.entryUnit)), context: record.context ?? NONE, symptomatic: record.symptomatic === true };
    case 'hba1c':
      return { ...v, hba1cUnit: record.entryUnit, value: fmt(formatHba1c(record.percent, record.entryUnit)), method: record.method ?? NONE };
    case 'lipids': {
      const u = record.entryUnit;
      const f = (mgdl: number | null, k: 'total' | 'hdl' | 'ldl' | 'triglycerides') => (mgdl === null ? '' : fmt(formatLipid(mgdl, k, u)));
      return { ...v, lipidUnit: u, total: f(record.totalMgdl, 'total'), hdl: f(record.hdlMgdl, 'hdl'), ldl: f(record.ldlMgdl, 'ldl'), triglycerides: f(record.triglyceridesMgdl, 'triglycerides') };
    }
    case 'blood_pressure':
      return { ...v, systolic: String(record.systolic), diastolic: String(record.diastolic), pulse: record.pulse === null ? '' : String(record.pulse), arm: record.arm ?? NONE, position: record.position ?? NONE };
    case 'weight':
      return { ...v, kg: fmt(record.kg) };
    case 'event':
      return withEventFields(v, record.event, fmt);
  }
}

/** An event's own fields in the form, from a stored record or from an entry kept on the device (same shape). */
function withEventFields(v: FormValues, e: EventDetail, fmt: (x: number) => string): FormValues {
  const withType = { ...v, eventType: e.type };
  if (e.type === 'insulin') return { ...withType, units: fmt(e.units), insulinType: e.insulinType };
  if (e.type === 'carbs') return { ...withType, grams: fmt(e.grams) };
  if (e.type === 'activity') return { ...withType, minutes: fmt(e.minutes) };
  if (e.type === 'medication') return { ...withType, name: e.name };
  return withType;
}

/** The form as an entry kept on the device left it (an offline entry the server refused, to fix). */
export function valuesFromInput(input: MeasurementInput, base: FormValues, timeZone: string, language: string): FormValues {
  const fmt = (x: number | undefined) => (x === undefined ? '' : new Intl.NumberFormat(language, { maximumFractionDigits: 2, useGrouping: false }).format(x));
  const choice = (x: string | null | undefined) => x ?? NONE;
  const v: FormValues = { ...base, measuredAt: toLocalInputValue(Date.parse(input.measuredAt), timeZone), note: input.note ?? '' };
  switch (input.kind) {
    case 'glucose':
      return { ...v, glucoseUnit: input.unit, value: fmt(input.value), context: choice(input.context), symptomatic: input.symptomatic === true };
    case 'hba1c':
      return { ...v, hba1cUnit: input.unit, value: fmt(input.value), method: choice(input.method) };
    case 'lipids':
      return { ...v, lipidUnit: input.unit, total: fmt(input.total), hdl: fmt(input.hdl), ldl: fmt(input.ldl), triglycerides: fmt(input.triglycerides) };
    case 'blood_pressure':
      return { ...v, systolic: String(input.systolic), diastolic: String(input.diastolic), pulse: input.pulse == null ? '' : String(input.pulse), arm: choice(input.arm), position: choice(input.position) };
    case 'weight':
      return { ...v, kg: fmt(input.kg) };
    case 'event':
      return withEventFields(v, input.event, fmt);
  }
}
