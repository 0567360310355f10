import { glucoseMmolToMgdl } from '../glucose/units';
import { CARBS_GRAMS_LIMITS, GLUCOSE_MGDL_LIMITS, glucoseLimitsIn, INSULIN_UNITS_LIMITS, type Limits } from '../measurements/measurement-limits';
import { measuredAtIsAcceptable, NOTE_MAX_LENGTH } from '../measurements/measurements.schemas';
import { DATE_OUT_OF_RANGE, isPlausibleInstant } from '../shared/dates';
import { documentBoundIssue } from '../shared/document-bounds';
import type { ValidationIssue } from '../shared/errors';
import { EVENT_TYPE_MAX } from './nightscout-treatments.schemas';
import { MAX_ENTRY_ISSUES, numeric, parseInstant } from './nightscout.rules';

/*
 * Nightscout treatments checked and turned into the app's records; the mapping is described in
 * nightscout-treatments.schemas.ts. Inputs are lenient in form (numbers as strings, empty
 * strings for empty fields as the careportal sends them) and strict in meaning: a dose, a
 * carbohydrate amount or a glucose that is not a number or not plausible refuses the request.
 */

export type TreatmentEvent =
  | { type: 'insulin'; units: number; insulinType: 'rapid' }
  | { type: 'carbs'; grams: number }
  | { type: 'activity'; minutes: number }
  | { type: 'note' };

export interface ParsedTreatment {
  /** As sent; `<none>` when absent (xDrip+'s own word for "no type"). */
  eventType: string;
  /** Epoch milliseconds. */
  createdAt: number;
  /** What makes a re-sent document the same: `identifier:…`, `syncIdentifier:…`, `uuid:…`, `_id:…` or `at:<eventType>|<ms>`. */
  key: string;
  /** The events it becomes, in order; `note` goes with the first. */
  events: TreatmentEvent[];
  /** The `notes` (or a device change's eventType), trimmed and bounded; null when none. */
  note: string | null;
  /** A finger-stick reading in mg/dL, to store as a meter reading; null when none. */
  glucoseMgdl: number | null;
  /** The document to answer, without `_id`: numbers as numbers, `created_at` in UTC. */
  doc: Record<string, unknown>;
}

/** Pump and loop state: answered, never kept (see the schemas file). */
export const NOT_KEPT_EVENT_TYPES: readonly string[] = [
  'Temp Basal',
  'Profile Switch',
  'Temporary Target',
  'Temporary Override',
  'Suspend Pump',
  'Resume Pump',
  'Pump Suspend',
  'Pump Resume',
  'OpenAPS Offline',
  'APS Offline',
  'Bolus Wizard',
];
/** Device changes: kept as a note event even without `notes`. */
export const DEVICE_CHANGE_EVENT_TYPES: readonly string[] = [
  'Sensor Start',
  'Sensor Change',
  'Sensor Stop',
  'Site Change',
  'Insulin Change',
  'Pump Battery Change',
  'Pod Change',
];

/** Identity fields, strongest first (Nightscout 15 itself uses identifier, then _id). */
const IDENTITY_FIELDS = ['identifier', 'syncIdentifier', 'uuid', '_id'] as const;
const IDENTITY_MAX = 200;

/** Numeric fields Nightscout stores as numbers; those the app reads are checked, the others dropped when not numbers. */
const NUMERIC_FIELDS = ['glucose', 'targetTop', 'targetBottom', 'carbs', 'insulin', 'duration', 'percent', 'absolute', 'relative', 'preBolus'] as const;

// eslint-disable-next-line no-control-regex -- control characters (but newlines and tabs) are what is removed
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const LONE_SURROGATES = /\p{Cs}/gu;
// eslint-disable-next-line no-control-regex -- idem, newlines included
const CONTROL_ALL = /[\u0000-\u001F\u007F]/g;

type IssueSink = (issue: ValidationIssue) => void;
type Path = (string | number)[];

/** Absent (undefined, null, '' as the careportal sends empty fields), a number, or NaN. */
function optionalNumber(value: unknown): number | undefined {
  if (typeof value === 'string' && value.trim() === '') return undefined;
  return numeric(value);
}

function outOfRange(path: Path, limits: Limits, unit: string): ValidationIssue {
  return { path, code: 'out_of_range', message: `must be between ${limits.min} and ${limits.max} ${unit}`, params: { min: limits.min, max: limits.max, unit } };
}

/** The text of `notes`: control characters removed, trimmed, at most a note's length; null when empty. */
function noteText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(CONTROL_EXCEPT_LINES, '').replace(LONE_SURROGATES, '').trim().slice(0, NOTE_MAX_LENGTH).trim();
  return text === '' ? null : text;
}

/** The UTC offset, in minutes, an ISO date-time was written with (0 for `Z` or none). */
function offsetMinutes(text: string): number {
  const match = /([+-])(\d{2}):?(\d{2})?$/.exec(text.trim());
  if (!match || !/T/i.test(text)) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/** When it happened: `eventTime`, `created_at`, `timestamp`, `date` or `mills`, the first present; else now. */
function treatmentTime(doc: Record<string, unknown>, path: Path, nowMs: number, report: IssueSink): { ms: number; offset: number } | null {
  const field = (['eventTime', 'created_at', 'timestamp', 'date', 'mills'] as const).find((f) => doc[f] !== undefined && doc[f] !== null && doc[f] !== '');
  if (!field) return { ms: nowMs, offset: 0 };
  const value = doc[field];
  const ms = parseInstant(value);
  if (ms === null) {
    report({ path: [...path, field], code: 'invalid_date', message: `${field} must be an ISO 8601 date-time or epoch milliseconds` });
    return null;
  }
  if (!isPlausibleInstant(ms)) {
    report({ path: [...path, field], code: 'date_out_of_range', message: DATE_OUT_OF_RANGE });
    return null;
  }
  if (!measuredAtIsAcceptable(ms, nowMs)) {
    report({ path: [...path, field], code: 'measured_at_in_future', message: 'the treatment is more than 5 minutes in the future', params: { max: new Date(nowMs + 5 * 60_000).toISOString() } });
    return null;
  }
  return { ms, offset: typeof value === 'string' ? offsetMinutes(value) : 0 };
}

/** The document's own identity, or its (eventType, time). */
function keyOf(doc: Record<string, unknown>, eventType: string, ms: number): string {
  for (const field of IDENTITY_FIELDS) {
    const value = doc[field];
    // Control characters and lone surrogates out: PostgreSQL text refuses NUL, and a key is never shown.
    const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.replace(CONTROL_ALL, '').replace(LONE_SURROGATES, '').trim() : '';
    if (text !== '' && text.length <= IDENTITY_MAX) return `${field}:${text}`;
  }
  return `at:${eventType}|${ms}`;
}

/** A checked amount: undefined when absent or zero, null when refused (issue reported). */
function amount(doc: Record<string, unknown>, field: string, limits: Limits, unit: string, path: Path, report: IssueSink): number | undefined | null {
  const value = optionalNumber(doc[field]);
  if (value === undefined || value === 0) return undefined;
  if (Number.isNaN(value)) {
    report({ path: [...path, field], code: 'invalid_value', message: `${field} must be a number (${unit})` });
    return null;
  }
  if (value < 0 || value > limits.max) {
    report(outOfRange([...path, field], limits, unit));
    return null;
  }
  return value;
}

/** The glucose of a treatment in mg/dL (`units` mmol converts), undefined when absent, null when refused. */
function glucoseOf(doc: Record<string, unknown>, path: Path, report: IssueSink): number | undefined | null {
  const value = optionalNumber(doc.glucose);
  if (value === undefined || value === 0) return undefined;
  if (Number.isNaN(value)) {
    report({ path: [...path, 'glucose'], code: 'invalid_value', message: 'glucose must be a number' });
    return null;
  }
  const units = typeof doc.units === 'string' ? doc.units.trim().toLowerCase() : '';
  if (units !== '' && !['mg/dl', 'mmol', 'mmol/l'].includes(units)) {
    report({ path: [...path, 'units'], code: 'invalid_unit', message: 'units must be mg/dl or mmol' });
    return null;
  }
  const mgdl = units.startsWith('mmol') ? glucoseMmolToMgdl(value) : value;
  if (mgdl < GLUCOSE_MGDL_LIMITS.min || mgdl > GLUCOSE_MGDL_LIMITS.max) {
    const unit = units.startsWith('mmol') ? 'mmol/L' : 'mg/dL';
    report(outOfRange([...path, 'glucose'], glucoseLimitsIn(unit), unit));
    return null;
  }
  return Math.round(mgdl * 10) / 10;
}

/** The document to answer: numeric fields as numbers (dropped when empty or not numbers), `created_at` in UTC. */
function answeredDoc(raw: Record<string, unknown>, eventType: string, time: { ms: number; offset: number }): Record<string, unknown> {
  const { _id: _theirs, eventTime: _when, ...doc } = raw;
  for (const field of NUMERIC_FIELDS) {
    const value = optionalNumber(doc[field]);
    if (value === undefined || Number.isNaN(value)) delete doc[field];
    else doc[field] = value;
  }
  return { ...doc, eventType, created_at: new Date(time.ms).toISOString(), utcOffset: time.offset };
}

/** What the treatment becomes: events and a finger-stick reading, by its type and its fields. */
function recordsOf(
  eventType: string,
  doc: Record<string, unknown>,
  path: Path,
  report: IssueSink,
): { events: TreatmentEvent[]; note: string | null; glucoseMgdl: number | null } | null {
  const insulin = amount(doc, 'insulin', INSULIN_UNITS_LIMITS, 'U', path, report);
  const carbs = amount(doc, 'carbs', CARBS_GRAMS_LIMITS, 'g', path, report);
  const glucose = glucoseOf(doc, path, report);
  const isExercise = eventType === 'Exercise';
  const duration = isExercise ? amount(doc, 'duration', { min: 1, max: 1440 }, 'min', path, report) : undefined;
  if (insulin === null || carbs === null || glucose === null || duration === null) return null;

  const notes = noteText(doc.notes);
  if (NOT_KEPT_EVENT_TYPES.includes(eventType) || doc.isValid === false) return { events: [], note: null, glucoseMgdl: null };

  const events: TreatmentEvent[] = [];
  if (insulin !== undefined && insulin >= INSULIN_UNITS_LIMITS.min) events.push({ type: 'insulin', units: Math.round(insulin * 1000) / 1000, insulinType: 'rapid' });
  if (carbs !== undefined && carbs >= CARBS_GRAMS_LIMITS.min) events.push({ type: 'carbs', grams: Math.round(carbs * 10) / 10 });
  const minutes = duration === undefined ? 0 : Math.round(duration);
  if (isExercise && minutes >= 1) events.push({ type: 'activity', minutes });

  const glucoseType = typeof doc.glucoseType === 'string' ? doc.glucoseType.trim().toLowerCase() : '';
  const glucoseMgdl = glucose !== undefined && (eventType === 'BG Check' || glucoseType === 'finger') ? glucose : null;

  if (events.length === 0 && glucoseMgdl === null) {
    const marker = DEVICE_CHANGE_EVENT_TYPES.includes(eventType) || isExercise ? eventType : null;
    // 'Note', 'Announcement' and any other type with text become a note; a device change
    // without text is still worth a mark on the day.
    const text = notes ?? marker;
    if (text !== null) return { events: [{ type: 'note' }], note: text, glucoseMgdl: null };
  }
  return { events, note: notes, glucoseMgdl };
}

function parseTreatment(raw: unknown, path: Path, nowMs: number, report: IssueSink): ParsedTreatment | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    report({ path, code: 'invalid_type', message: 'a treatment must be an object' });
    return null;
  }
  const doc = raw as Record<string, unknown>;
  // Extra fields are echoed back as received: bounded first, so nothing walks or answers a huge one.
  const bound = documentBoundIssue(doc, path);
  if (bound) {
    report(bound);
    return null;
  }
  let eventType = '<none>';
  if (doc.eventType !== undefined && doc.eventType !== null && doc.eventType !== '') {
    if (typeof doc.eventType !== 'string' || doc.eventType.length > EVENT_TYPE_MAX) {
      report({ path: [...path, 'eventType'], code: 'invalid_type', message: `eventType must be a string of at most ${EVENT_TYPE_MAX} characters` });
      return null;
    }
    eventType = doc.eventType.replace(CONTROL_EXCEPT_LINES, '').replace(LONE_SURROGATES, '').trim() || '<none>';
  }
  const time = treatmentTime(doc, path, nowMs, report);
  const records = recordsOf(eventType, doc, path, report);
  if (time === null || records === null) return null;
  return { eventType, createdAt: time.ms, key: keyOf(doc, eventType, time.ms), ...records, doc: answeredDoc(doc, eventType, time) };
}

/**
 * Checks a treatments upload (one document or an array) against the server's clock and returns
 * every treatment ready to store, or the issues (at most 20) that refuse the whole request.
 * Paths start at `body`.
 */
export function parseNightscoutTreatments(body: unknown, nowMs: number): { treatments: ParsedTreatment[]; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  const report: IssueSink = (issue) => {
    if (issues.length < MAX_ENTRY_ISSUES) issues.push(issue);
  };
  const list = Array.isArray(body) ? body : [body];
  const treatments: ParsedTreatment[] = [];
  for (let i = 0; i < list.length && issues.length < MAX_ENTRY_ISSUES; i++) {
    const parsed = parseTreatment(list[i], Array.isArray(body) ? ['body', i] : ['body'], nowMs, report);
    if (parsed) treatments.push(parsed);
  }
  return { treatments: issues.length > 0 ? [] : treatments, issues };
}

/** Whether a parsed treatment becomes anything here (an event or a reading). */
export function isKept(treatment: ParsedTreatment): boolean {
  return treatment.events.length > 0 || treatment.glucoseMgdl !== null;
}
