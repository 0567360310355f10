import { createHash } from 'node:crypto';
import { DEVICE_GLUCOSE_SOURCES, measuredAtIsAcceptable, type GlucoseSource } from '@glucosuivi/domain/measurements/measurements.schemas';
import { MAX_ENTRY_ISSUES, parseDeviceStatuses, parseInstant, parseNightscoutEntries } from '@glucosuivi/domain/nightscout/nightscout.rules';
import {
  DEVICE_STATUS_MAX_COUNT,
  ENTRIES_DEFAULT_COUNT,
  ENTRIES_DEFAULT_WINDOW_MS,
  ENTRIES_MAX_COUNT,
  NIGHTSCOUT_API_VERSION,
  type NightscoutDeviceStatus,
  type NightscoutDeviceStatusQuery,
  type NightscoutEntriesQuery,
  type NightscoutEntry,
  type NightscoutStatus,
  type NightscoutVerifyAuth,
} from '@glucosuivi/domain/nightscout/nightscout.schemas';
import { EARLIEST_DATE } from '@glucosuivi/domain/shared/dates';
import { DOCUMENT_BOUND_ISSUES } from '@glucosuivi/domain/shared/document-bounds';
import type { ValidationIssue } from '@glucosuivi/domain/shared/errors';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { futureIssue, storeDeviceReadings } from '../measurements/measurement-entry.service';
import { loadPatientContext } from '../profile/profile.service';
import * as repo from './nightscout.repository';
import { authenticateUploader, requireUploader, type AuthenticatedUploader, type NightscoutDeps, type UploaderCredentials } from './nightscout.service';

/*
 * The Nightscout REST API v1 for uploader apps: entries (CGM and meter glucose), device status,
 * status.json and verifyauth. Entries become the patient's glucose readings through the
 * measurements service (one RLS transaction as the patient, duplicates skipped, CGM alerts,
 * `measurement.recorded` after commit); the rest is this feature's own tables.
 */

type GlucoseWrite = Parameters<typeof storeDeviceReadings>[2][number];

/**
 * Where each stored entry type goes. The readings' unique key (patient, source, device, instant)
 * with one fixed device per type makes "patient + type + date" the de-duplication key, as
 * Nightscout's own; a meter reading keeps the `meter` source manual ones have.
 */
export const STORED: Record<'sgv' | 'mbg', { source: GlucoseSource; deviceId: string }> = {
  sgv: { source: 'nightscout', deviceId: 'nightscout:sgv' },
  mbg: { source: 'meter', deviceId: 'nightscout:mbg' },
};

/** Every CGM source reads back as `sgv` (a follower app wants all of them), meter readings as `mbg`. */
const SGV_SOURCES: readonly string[] = DEVICE_GLUCOSE_SOURCES;
const MBG_SOURCES: readonly string[] = ['meter'];

const HOUR_MS = 3_600_000;
/** `lastUsedAt` is written at most this often by reads (a follower polls every minute). */
const LAST_USED_PRECISION_MS = 60_000;

/**
 * Stable 24-hex ids (the shape of Nightscout's) for a patient's records of one series (a source
 * and device, or the device statuses of a device): 13 hex digits name the series, 11 the instant
 * (milliseconds since 1900, the earliest date accepted), so the same record always has the same id.
 */
function idsOf(patientId: string, ...series: (string | null)[]): (date: number) => string {
  const prefix = createHash('sha256').update([patientId, ...series].join('|')).digest('hex').slice(0, 13);
  return (date) => prefix + (date - SINCE_1900).toString(16).padStart(11, '0');
}
const SINCE_1900 = Date.parse(EARLIEST_DATE);

/** Series ids of one request, computed once per series (an upload has one or two). */
function seriesIds(patientId: string): (source: string, deviceId: string | null, date: number) => string {
  const cache = new Map<string, (date: number) => string>();
  return (source, deviceId, date) => {
    const key = `${source}|${deviceId}`;
    let ids = cache.get(key);
    if (!ids) cache.set(key, (ids = idsOf(patientId, source, deviceId)));
    return ids(date);
  };
}

function wireEntry(type: string, date: number, value: number | null, id: string | null): NightscoutEntry {
  const iso = new Date(date).toISOString();
  const entry: NightscoutEntry = id === null ? { type, date, dateString: iso, sysTime: iso, utcOffset: 0 } : { _id: id, type, date, dateString: iso, sysTime: iso, utcOffset: 0 };
  if (value !== null) entry[type === 'mbg' ? 'mbg' : 'sgv'] = value;
  return entry;
}

/** A refused upload: `document_too_large` when a document is over its bounds (depth, size), else `validation_failed`. */
export function validationFailed(issues: ValidationIssue[]): AppError {
  return issues.some((issue) => DOCUMENT_BOUND_ISSUES.includes(issue.code))
    ? new AppError('document_too_large', 'A document is too large or nested too deeply', issues)
    : new AppError('validation_failed', 'Invalid request', issues);
}

// --- Entries ----------------------------------------------------------------------------------

/**
 * Stores an upload all-or-nothing: every entry is checked first (one bad entry refuses the
 * request, nothing stored); sgv and mbg become readings, others (calibrations, sensor status
 * codes) are answered without an `_id`. A re-sent entry changes nothing.
 */
export async function postEntries(deps: NightscoutDeps, credentials: UploaderCredentials, body: unknown): Promise<NightscoutEntry[]> {
  const uploader = await requireUploader(deps, credentials);
  const now = deps.clock.now();
  const { entries, issues } = parseNightscoutEntries(body);
  const indexed = Array.isArray(body);
  entries.forEach((entry, i) => {
    if (issues.length < MAX_ENTRY_ISSUES && !measuredAtIsAcceptable(entry.date, now)) issues.push(futureIssue(indexed ? ['body', i, 'date'] : ['body', 'date'], now));
  });
  if (issues.length > 0) throw validationFailed(issues);

  const idOf = seriesIds(uploader.patient.userId);
  const rows: GlucoseWrite[] = [];
  const answer = entries.map((entry) => {
    if (entry.valueMgdl === null || (entry.type !== 'sgv' && entry.type !== 'mbg')) return wireEntry(entry.type, entry.date, entry.statusCode, null);
    const { source, deviceId } = STORED[entry.type];
    rows.push({ measuredAt: new Date(entry.date), valueMgdl: entry.valueMgdl, source, deviceId, entryUnit: 'mg/dL', createdAt: now });
    return wireEntry(entry.type, entry.date, entry.valueMgdl, idOf(source, deviceId, entry.date));
  });
  if (rows.length === 0) await deps.database.asActor(uploader.patient, (tx) => recordUpload(tx, uploader, 0, now));
  else await storeDeviceReadings(deps, uploader.patient, rows, now, (tx, candidates) => keepNewReadings(tx, uploader, candidates, now));
  return answer;
}

/**
 * Inside the readings' transaction: drops those already stored (a re-sent batch), then dates the
 * upload and counts the new ones, so one commit covers the readings and the uploader's record.
 */
async function keepNewReadings(tx: Tx, uploader: AuthenticatedUploader, candidates: GlucoseWrite[], now: Date): Promise<GlucoseWrite[]> {
  const stored = await repo.storedReadingKeys(tx, uploader.patient.userId, candidates);
  const fresh = stored.size === 0 ? candidates : candidates.filter((r) => !stored.has(`${r.source}|${r.deviceId}|${r.measuredAt.getTime()}`));
  await recordUpload(tx, uploader, fresh.length, now);
  return fresh;
}

/** Dates the upload and counts its new readings in the uploader's hour of arrival. */
async function recordUpload(tx: Tx, uploader: AuthenticatedUploader, newReadings: number, now: Date): Promise<void> {
  await repo.touchUploader(tx, uploader.uploaderId, now, true);
  if (newReadings === 0) return;
  const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  await repo.addUploadHour(tx, { uploaderId: uploader.uploaderId, patientId: uploader.patient.userId, hour, readings: newReadings }, new Date(hour.getTime() - 48 * HOUR_MS));
}

/** Dates a read, at most once a minute (no write on most polls). */
export async function recordRead(deps: NightscoutDeps, uploader: AuthenticatedUploader): Promise<void> {
  const now = deps.clock.now();
  if (uploader.lastUsedAt && now.getTime() - uploader.lastUsedAt.getTime() < LAST_USED_PRECISION_MS) return;
  await deps.database.asActor(uploader.patient, (tx) => repo.touchUploader(tx, uploader.uploaderId, now, false));
}

type Bound = NonNullable<repo.Window['from']>;

/** The tighter of two bounds of the same side (later lower bound, earlier upper bound). */
function tighter(a: Bound | undefined, b: Bound, side: 'from' | 'to'): Bound {
  if (!a) return b;
  const diff = b.at.getTime() - a.at.getTime();
  if (diff === 0) return { at: a.at, inclusive: a.inclusive && b.inclusive };
  return (side === 'from' ? diff > 0 : diff < 0) ? b : a;
}

/** The period of `find[<field>][$gte|$gt|$lte|$lt]` filters; none at all: the last 4 days. */
export function windowOf(filters: [string, 'from' | 'to', boolean, string | undefined][], now: Date): repo.Window {
  const window: repo.Window = {};
  const issues: ValidationIssue[] = [];
  for (const [key, side, inclusive, value] of filters) {
    if (value === undefined) continue;
    const ms = parseInstant(value);
    if (ms === null) {
      issues.push({ path: ['querystring', key], code: 'invalid_date', message: 'expected epoch milliseconds or an ISO 8601 date-time' });
      continue;
    }
    window[side] = tighter(window[side], { at: new Date(ms), inclusive }, side);
  }
  if (issues.length > 0) throw validationFailed(issues);
  if (!window.from && !window.to) window.from = { at: new Date(now.getTime() - ENTRIES_DEFAULT_WINDOW_MS), inclusive: true };
  return window;
}

function entriesWindow(query: NightscoutEntriesQuery, now: Date): repo.Window {
  return windowOf(
    (['date', 'dateString'] as const).flatMap((field) => [
      [`find[${field}][$gte]`, 'from', true, query[`find[${field}][$gte]`]],
      [`find[${field}][$gt]`, 'from', false, query[`find[${field}][$gt]`]],
      [`find[${field}][$lte]`, 'to', true, query[`find[${field}][$lte]`]],
      [`find[${field}][$lt]`, 'to', false, query[`find[${field}][$lt]`]],
    ]),
    now,
  );
}

/**
 * Entries newest first, as Nightscout lists them: `count` (default 10, at most 10,000), the
 * `find[...]` filters, and without a date filter the last 4 days. `type` narrows to sgv or mbg.
 */
export async function listEntries(
  deps: NightscoutDeps,
  credentials: UploaderCredentials,
  query: NightscoutEntriesQuery,
  type?: 'sgv',
): Promise<NightscoutEntry[]> {
  const uploader = await requireUploader(deps, credentials);
  const wanted = type ?? query['find[type]'];
  const sources = wanted === undefined ? [...SGV_SOURCES, ...MBG_SOURCES] : wanted === 'sgv' ? SGV_SOURCES : wanted === 'mbg' ? MBG_SOURCES : [];
  const window = entriesWindow(query, deps.clock.now());
  const limit = Math.min(query.count ?? ENTRIES_DEFAULT_COUNT, ENTRIES_MAX_COUNT);
  const patientId = uploader.patient.userId;
  const rows = sources.length === 0 ? [] : await deps.database.asActor(uploader.patient, (tx) => repo.listGlucoseEntries(tx, patientId, sources, window, limit));
  await recordRead(deps, uploader);
  const idOf = seriesIds(patientId);
  return rows.map((row) => {
    const date = row.measuredAt.getTime();
    // float4 read back as float8 by some drivers: the stored value has one decimal.
    const value = Math.round(row.valueMgdl * 10) / 10;
    return wireEntry(MBG_SOURCES.includes(row.source) ? 'mbg' : 'sgv', date, value, idOf(row.source, row.deviceId, date));
  });
}

/** The newest CGM entry of the last 4 days, as a one-element array (empty when none). */
export async function currentEntry(deps: NightscoutDeps, credentials: UploaderCredentials): Promise<NightscoutEntry[]> {
  return listEntries(deps, credentials, { count: 1 }, 'sgv');
}

// --- Device status ----------------------------------------------------------------------------

/** Stores device statuses as received and keeps the newest device and battery on the uploader. */
export async function postDeviceStatus(deps: NightscoutDeps, credentials: UploaderCredentials, body: unknown): Promise<NightscoutDeviceStatus[]> {
  const uploader = await requireUploader(deps, credentials);
  const now = deps.clock.now();
  const { statuses, issues } = parseDeviceStatuses(body, now.getTime());
  if (issues.length > 0) throw validationFailed(issues);
  const patientId = uploader.patient.userId;
  const newest = statuses.reduce<(typeof statuses)[number] | undefined>((best, s) => (!best || s.createdAt >= best.createdAt ? s : best), undefined);
  await deps.database.asActor(uploader.patient, async (tx) => {
    await repo.insertDeviceStatuses(
      tx,
      statuses.map((s) => ({ patientId, uploaderId: uploader.uploaderId, device: s.device, createdAt: new Date(s.createdAt), receivedAt: now, doc: s.doc })),
    );
    await repo.touchUploader(tx, uploader.uploaderId, now, true);
    if (newest) {
      await repo.recordStatusSummary(tx, uploader.uploaderId, { device: newest.device || null, batteryPercent: newest.batteryPercent, at: new Date(newest.createdAt) });
    }
  });
  const idOf = seriesIds(patientId);
  return statuses.map((s) => ({ ...s.doc, _id: idOf('devicestatus', s.device, s.createdAt), created_at: new Date(s.createdAt).toISOString() }));
}

export async function listDeviceStatus(
  deps: NightscoutDeps,
  credentials: UploaderCredentials,
  query: NightscoutDeviceStatusQuery,
): Promise<NightscoutDeviceStatus[]> {
  const uploader = await requireUploader(deps, credentials);
  const window = windowOf(
    [
      ['find[created_at][$gte]', 'from', true, query['find[created_at][$gte]']],
      ['find[created_at][$lte]', 'to', true, query['find[created_at][$lte]']],
    ],
    deps.clock.now(),
  );
  const limit = Math.min(query.count ?? ENTRIES_DEFAULT_COUNT, DEVICE_STATUS_MAX_COUNT);
  const patientId = uploader.patient.userId;
  const rows = await deps.database.asActor(uploader.patient, (tx) => repo.listDeviceStatuses(tx, patientId, window, limit));
  await recordRead(deps, uploader);
  const idOf = seriesIds(patientId);
  return rows.map((row) => ({ ...(row.doc as Record<string, unknown>), _id: idOf('devicestatus', row.device, row.createdAt.getTime()), created_at: row.createdAt.toISOString() }));
}

// --- Status and verifyauth --------------------------------------------------------------------

/** Nightscout's status.json, with the patient's unit, language and targets (mg/dL). */
export async function getStatus(deps: NightscoutDeps, credentials: UploaderCredentials): Promise<NightscoutStatus> {
  const uploader = await requireUploader(deps, credentials);
  const context = await deps.database.asActor(uploader.patient, (tx) => loadPatientContext(tx, uploader.patient.userId));
  await recordRead(deps, uploader);
  const now = deps.clock.now();
  const { range } = context.targets;
  return {
    status: 'ok',
    name: 'GlucoSuivi',
    version: NIGHTSCOUT_API_VERSION,
    serverTime: now.toISOString(),
    serverTimeEpoch: now.getTime(),
    apiEnabled: true,
    careportalEnabled: false,
    boluscalcEnabled: false,
    settings: {
      units: context.glucoseUnit === 'mmol/L' ? 'mmol' : 'mg/dl',
      timeFormat: 24,
      language: context.language,
      enable: [],
      thresholds: { bgHigh: range.veryHighAbove, bgTargetTop: range.highAbove, bgTargetBottom: range.lowBelow, bgLow: range.veryLowBelow },
    },
    extendedSettings: {},
    authorized: null,
    runtimeState: 'loaded',
  };
}

/** OK with a working secret; UNAUTHORIZED (200) without any; a wrong one answers 401. */
export async function verifyAuth(deps: NightscoutDeps, credentials: UploaderCredentials): Promise<NightscoutVerifyAuth> {
  const uploader = await authenticateUploader(deps, credentials);
  if (uploader) await recordRead(deps, uploader);
  const ok = uploader !== null;
  return {
    status: 200,
    message: {
      canRead: ok,
      canWrite: ok,
      isAdmin: false,
      message: ok ? 'OK' : 'UNAUTHORIZED',
      rolefound: ok ? 'FOUND' : 'NOTFOUND',
      permissions: ok ? 'ROLE' : 'DEFAULT',
    },
  };
}
