import { GLUCOSE_MGDL_LIMITS } from '../measurements/measurement-limits';
import { DATE_OUT_OF_RANGE, isPlausibleInstant } from '../shared/dates';
import type { ValidationIssue } from '../shared/errors';
import { DEVICE_STATUS_MAX_CHARS, DEVICE_STATUS_MAX_DEPTH } from './nightscout.schemas';

/*
 * What Nightscout uploaders send, checked and normalised. Uploaders differ (xDrip+ sends numbers,
 * some bridges send `"sgv": "120"`, Loop sends `dateString` with an offset), so inputs are
 * lenient in form and strict in meaning: a reading must have a time and a plausible value, or
 * the whole request is refused.
 */

/** Issues reported for one request at most: enough to fix an uploader, bounded for 10,000 entries. */
export const MAX_ENTRY_ISSUES = 20;

/**
 * Dexcom's sensor status codes travel as `sgv` values (1 "sensor not active", 5 "not
 * calibrated", 9 "absolute deviation", 12 "bad RF"…; Nightscout's errorcodes plugin names them):
 * they say there is no reading, so they are answered and never stored as glucose.
 */
export const SENSOR_STATUS_CODE_MAX = 12;

export type StoredEntryType = 'sgv' | 'mbg';

export interface ParsedEntry {
  /** As sent (`sgv`, `mbg`, `cal`…), or deduced from the value it carries. */
  type: string;
  /** Epoch milliseconds. */
  date: number;
  /** The reading in mg/dL when the entry becomes a glucose reading; null otherwise. */
  valueMgdl: number | null;
  /** A sensor status code sent as `sgv` (answered, not stored). */
  statusCode: number | null;
}

/** A number, or a string holding only a decimal number; `undefined` when absent, NaN when not a number. */
export function numeric(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  if (typeof value === 'string' && /^\s*-?\d{1,16}(\.\d{1,10})?\s*$/.test(value)) return Number(value);
  return Number.NaN;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)?$/i;

/**
 * Epoch milliseconds of an ISO 8601 date-time. Without an offset it is UTC (as Nightscout reads
 * it); a space where the `+` of the offset was is the `+` a client forgot to escape in a URL.
 */
export function parseIsoInstant(text: string): number | null {
  let value = text.trim();
  if (/ \d{2}(:?\d{2})?$/.test(value) && /T/i.test(value)) value = value.replace(/ (\d{2}(:?\d{2})?)$/, '+$1');
  if (!ISO_DATE_TIME.test(value)) return null;
  const withZone = /(Z|[+-]\d{2}(:?\d{2})?)$/i.test(value) ? value : `${value}Z`;
  const ms = Date.parse(withZone.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
  return Number.isFinite(ms) ? ms : null;
}

/** An instant in a query or a body: epoch milliseconds (digits) or an ISO 8601 date-time. */
export function parseInstant(value: unknown): number | null {
  const n = numeric(value);
  if (n !== undefined && !Number.isNaN(n)) return Math.trunc(n);
  return typeof value === 'string' ? parseIsoInstant(value) : null;
}

type IssueSink = (issue: ValidationIssue) => void;

function entryDate(entry: Record<string, unknown>, path: (string | number)[], report: IssueSink): number | null {
  let ms: number | null;
  if (entry.date !== undefined && entry.date !== null) {
    ms = parseInstant(entry.date);
    if (ms === null) {
      report({ path: [...path, 'date'], code: 'invalid_date', message: 'date must be epoch milliseconds' });
      return null;
    }
  } else if (typeof entry.dateString === 'string') {
    ms = parseIsoInstant(entry.dateString);
    if (ms === null) {
      report({ path: [...path, 'dateString'], code: 'invalid_date', message: 'dateString must be an ISO 8601 date-time' });
      return null;
    }
  } else {
    report({ path: [...path, 'date'], code: 'date_required', message: 'an entry needs date (epoch ms) or dateString' });
    return null;
  }
  if (!isPlausibleInstant(ms)) {
    report({ path: [...path, entry.date !== undefined && entry.date !== null ? 'date' : 'dateString'], code: 'date_out_of_range', message: DATE_OUT_OF_RANGE });
    return null;
  }
  return ms;
}

function outOfRange(path: (string | number)[]): ValidationIssue {
  const { min, max } = GLUCOSE_MGDL_LIMITS;
  return { path, code: 'out_of_range', message: `must be between ${min} and ${max} mg/dL`, params: { min, max, unit: 'mg/dL' } };
}

/** The entry's type: as sent, else what its value says (`sgv` before `mbg`). */
function entryType(entry: Record<string, unknown>, path: (string | number)[], report: IssueSink): string | null {
  if (entry.type === undefined || entry.type === null) {
    if (entry.sgv !== undefined && entry.sgv !== null) return 'sgv';
    if (entry.mbg !== undefined && entry.mbg !== null) return 'mbg';
    return 'unknown';
  }
  if (typeof entry.type !== 'string' || entry.type.length > 32) {
    report({ path: [...path, 'type'], code: 'invalid_type', message: 'type must be a short string (sgv, mbg, cal…)' });
    return null;
  }
  return entry.type;
}

function parseEntry(raw: unknown, path: (string | number)[], report: IssueSink): ParsedEntry | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    report({ path, code: 'invalid_type', message: 'an entry must be an object' });
    return null;
  }
  const entry = raw as Record<string, unknown>;
  const type = entryType(entry, path, report);
  const date = entryDate(entry, path, report);
  if (type === null || date === null) return null;
  if (type !== 'sgv' && type !== 'mbg') return { type, date, valueMgdl: null, statusCode: null };

  const value = numeric(entry[type]);
  if (value === undefined || Number.isNaN(value)) {
    report({ path: [...path, type], code: 'invalid_value', message: `${type} must be a number (mg/dL)` });
    return null;
  }
  if (type === 'sgv' && Number.isInteger(value) && value >= 0 && value <= SENSOR_STATUS_CODE_MAX) {
    return { type, date, valueMgdl: null, statusCode: value };
  }
  if (value < GLUCOSE_MGDL_LIMITS.min || value > GLUCOSE_MGDL_LIMITS.max) {
    report(outOfRange([...path, type]));
    return null;
  }
  return { type, date, valueMgdl: Math.round(value * 10) / 10, statusCode: null };
}

/**
 * Checks an entries upload (one entry or an array) and returns every entry normalised, or the
 * issues (at most MAX_ENTRY_ISSUES) that refuse it. Paths start at `body`. How far in the future
 * a reading may be needs the server's clock: the service checks it.
 */
export function parseNightscoutEntries(body: unknown): { entries: ParsedEntry[]; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  const report: IssueSink = (issue) => {
    if (issues.length < MAX_ENTRY_ISSUES) issues.push(issue);
  };
  const list = Array.isArray(body) ? body : [body];
  const entries: ParsedEntry[] = [];
  for (let i = 0; i < list.length && issues.length < MAX_ENTRY_ISSUES; i++) {
    const parsed = parseEntry(list[i], Array.isArray(body) ? ['body', i] : ['body'], report);
    if (parsed) entries.push(parsed);
  }
  return { entries: issues.length > 0 ? [] : entries, issues };
}

// ---------------------------------------------------------------------------------------------
// Device status

export interface ParsedDeviceStatus {
  /** The document as received, without its `_id` (ours replaces it). */
  doc: Record<string, unknown>;
  /** Epoch milliseconds: `created_at` as sent, or the time of receipt when it has none. */
  createdAt: number;
  /** The device it names (its dedup key with the time), '' when none. */
  device: string;
  /** The uploading phone's battery, 0–100, when it says. */
  batteryPercent: number | null;
}

const LONE_SURROGATE = /\p{Cs}/u;
const LONE_SURROGATES = /\p{Cs}/gu;
// eslint-disable-next-line no-control-regex -- control characters are what is removed
const CONTROL = /[\u0000-\u001F\u007F]/g;

/** Why a document cannot be stored as JSON (too deep, or text the database's JSON refuses), or null. */
function unstorable(doc: unknown): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value: doc, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value)) return 'invalid_text';
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= DEVICE_STATUS_MAX_DEPTH) return 'too_deep';
      for (const [key, item] of Object.entries(value)) {
        if (LONE_SURROGATE.test(key)) return 'invalid_text';
        stack.push({ value: item, depth: depth + 1 });
      }
    }
  }
  return null;
}

/** The phone's battery: `uploader.battery` (xDrip+, Loop), else `uploaderBattery` (older uploaders, AndroidAPS). */
function batteryOf(doc: Record<string, unknown>): number | null {
  const uploader = doc.uploader;
  const nested = typeof uploader === 'object' && uploader !== null ? numeric((uploader as Record<string, unknown>).battery) : undefined;
  const value = nested !== undefined && !Number.isNaN(nested) ? nested : numeric(doc.uploaderBattery);
  if (value === undefined || Number.isNaN(value) || value < 0 || value > 100) return null;
  return Math.round(value);
}

function deviceOf(doc: Record<string, unknown>): string {
  return typeof doc.device === 'string' ? doc.device.replace(CONTROL, '').replace(LONE_SURROGATES, '').trim().slice(0, 100) : '';
}

/** Checks device statuses (one or an array of objects) and returns them ready to store, or the issues. */
export function parseDeviceStatuses(body: unknown, nowMs: number): { statuses: ParsedDeviceStatus[]; issues: ValidationIssue[] } {
  const list = (Array.isArray(body) ? body : [body]) as Record<string, unknown>[];
  const issues: ValidationIssue[] = [];
  const statuses: ParsedDeviceStatus[] = [];
  list.forEach((raw, i) => {
    const path = Array.isArray(body) ? ['body', i] : ['body'];
    if (issues.length >= MAX_ENTRY_ISSUES) return;
    const { _id: _theirs, ...doc } = raw;
    const problem = unstorable(doc);
    const chars = problem ? 0 : JSON.stringify(doc).length;
    if (problem || chars > DEVICE_STATUS_MAX_CHARS) {
      issues.push({
        path,
        code: problem ?? 'too_large',
        message: problem ? 'the device status cannot be stored as JSON' : `a device status is at most ${DEVICE_STATUS_MAX_CHARS} characters`,
        ...(problem ? {} : { params: { max: DEVICE_STATUS_MAX_CHARS } }),
      });
      return;
    }
    const sent = doc.created_at === undefined || doc.created_at === null ? null : parseInstant(doc.created_at);
    if (sent !== null && !isPlausibleInstant(sent)) {
      issues.push({ path: [...path, 'created_at'], code: 'date_out_of_range', message: DATE_OUT_OF_RANGE });
      return;
    }
    statuses.push({ doc, createdAt: sent ?? nowMs, device: deviceOf(doc), batteryPercent: batteryOf(doc) });
  });
  return { statuses: issues.length > 0 ? [] : statuses, issues };
}
