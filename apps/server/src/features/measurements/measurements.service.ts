import { alertForBloodPressure, alertForGlucoseReading, alertsForCgmSeries, type AlertCandidate } from '@glucosuivi/domain/alerts/alerts.rules';
import type { Alert } from '@glucosuivi/domain/alerts/alerts.schemas';
import { toColumns } from '@glucosuivi/domain/glucose/series';
import { canonicalGlucose, canonicalHba1c, canonicalLipid } from '@glucosuivi/domain/measurements/measurement-limits';
import { summarizeGlucosePeriod } from '@glucosuivi/domain/measurements/glucose-period';
import {
  DEVICE_GLUCOSE_SOURCES,
  MEASUREMENT_KINDS,
  measuredAtIsAcceptable,
  type GlucoseBatch,
  type GlucoseBatchResult,
  type GlucosePeriod,
  glucoseSeriesResponseSchema,
  summarySchema,
  type GlucoseSeriesResponse,
  type ListMeasurementsQuery,
  type MeasurementInput,
  type MeasurementKind,
  type MeasurementPage,
  type MeasurementRecord,
  type MeasurementWriteResult,
  type Summary,
} from '@glucosuivi/domain/measurements/measurements.schemas';
import { encodeGlucoseSeries } from '@glucosuivi/domain/measurements/series-encoding';
import type { ValidationIssue } from '@glucosuivi/domain/shared/errors';
import type { Actor, Database, Tx } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/app-error';
import { encodeResponse, type EncodedJson } from '../../platform/http/contract';
import { announceAlerts, countOpenAlerts, raiseAlerts, type AlertNotifier } from '../alerts/alerts.service';
import { loadPatientContext, requirePatient, type PatientContext } from '../profile/profile.service';
import { cachedDashboard, dashboardDataChanged } from './dashboard-cache';
import {
  countByKind,
  deleteMeasurementById,
  findGlucose,
  findHealth,
  glucoseColumns,
  insertGlucose,
  insertGlucoseIgnoringDuplicates,
  insertHealth,
  latestOfEachKind,
  listAllAscending,
  listGlucose,
  listHealth,
  updateGlucose,
  updateHealth,
  type GlucoseWrite,
  type HealthKind,
  type HealthWrite,
  type ListOptions,
  type Position,
} from './measurements.repository';

export interface MeasurementsDeps {
  database: Database;
  clock: Clock;
  notify: AlertNotifier;
}

const DAY_MS = 86_400_000;
const DEFAULT_PAGE = 100;
// Episodes are detected on the stored readings around a batch, not on the batch alone: an
// uploader sends a few minutes at a time, and a 15-minute hypo spans several uploads.
const EPISODE_CONTEXT_MS = 3 * 60 * 60 * 1000;
const MAX_ISSUES = 20;

type Write = { table: 'glucose'; values: GlucoseWrite } | { table: 'health'; values: HealthWrite };

/** Converts what the person typed into canonical columns (glucose/units via measurement-limits). */
function toWrite(input: MeasurementInput, createdAt: Date): Write {
  const common = { measuredAt: new Date(input.measuredAt), note: input.note ?? null, createdAt };
  switch (input.kind) {
    case 'glucose':
      return {
        table: 'glucose',
        values: {
          ...common,
          valueMgdl: canonicalGlucose(input.value, input.unit),
          context: input.context ?? null,
          source: input.source ?? 'manual',
          deviceId: null,
          entryUnit: input.unit,
        },
      };
    case 'hba1c':
      return {
        table: 'health',
        values: { ...common, kind: 'hba1c', hba1cPercent: canonicalHba1c(input.value, input.unit), hba1cMethod: input.method ?? null, entryUnit: input.unit },
      };
    case 'lipids': {
      const lipid = (value: number | undefined, kind: 'total' | 'hdl' | 'ldl' | 'triglycerides') =>
        value === undefined ? null : canonicalLipid(value, kind, input.unit);
      return {
        table: 'health',
        values: {
          ...common,
          kind: 'lipids',
          entryUnit: input.unit,
          totalCholesterolMgdl: lipid(input.total, 'total'),
          hdlMgdl: lipid(input.hdl, 'hdl'),
          ldlMgdl: lipid(input.ldl, 'ldl'),
          triglyceridesMgdl: lipid(input.triglycerides, 'triglycerides'),
        },
      };
    }
    case 'blood_pressure':
      return {
        table: 'health',
        values: {
          ...common,
          kind: 'blood_pressure',
          systolic: input.systolic,
          diastolic: input.diastolic,
          pulse: input.pulse ?? null,
          arm: input.arm ?? null,
          position: input.position ?? null,
        },
      };
    case 'weight':
      return { table: 'health', values: { ...common, kind: 'weight', weightKg: Math.round(input.kg * 10) / 10, entryUnit: 'kg' } };
    case 'event': {
      const e = input.event;
      return {
        table: 'health',
        values: {
          ...common,
          kind: 'event',
          eventType: e.type,
          insulinUnits: e.type === 'insulin' ? e.units : null,
          insulinType: e.type === 'insulin' ? e.insulinType : null,
          carbsGrams: e.type === 'carbs' ? e.grams : null,
          activityMinutes: e.type === 'activity' ? e.minutes : null,
          medicationName: e.type === 'medication' ? e.name : null,
        },
      };
    }
  }
}

function futureIssue(path: (string | number)[], now: Date): ValidationIssue {
  return {
    path,
    code: 'measured_at_in_future',
    message: 'measuredAt is more than 5 minutes in the future',
    params: { max: new Date(now.getTime() + 5 * 60_000).toISOString() },
  };
}

function assertNotInFuture(measuredAt: string, now: Date): void {
  if (!measuredAtIsAcceptable(measuredAt, now)) {
    throw new AppError('validation_failed', 'Invalid request', [futureIssue(['body', 'measuredAt'], now)]);
  }
}

function alertCandidatesFor(record: MeasurementRecord, now: Date): AlertCandidate[] {
  const at = Date.parse(record.measuredAt);
  if (record.kind === 'glucose') {
    const candidate = alertForGlucoseReading({ id: record.id, valueMgdl: record.valueMgdl, measuredAt: at }, now.getTime());
    return candidate ? [candidate] : [];
  }
  if (record.kind === 'blood_pressure') {
    const candidate = alertForBloodPressure({ id: record.id, systolic: record.systolic, diastolic: record.diastolic, measuredAt: at }, now.getTime());
    return candidate ? [candidate] : [];
  }
  return [];
}

async function findAny(tx: Tx, patientId: string, id: string): Promise<MeasurementRecord | undefined> {
  return (await findGlucose(tx, patientId, id)) ?? (await findHealth(tx, patientId, id));
}

export async function createMeasurement(deps: MeasurementsDeps, actor: Actor | null, input: MeasurementInput): Promise<MeasurementWriteResult> {
  const patient = requirePatient(actor);
  const now = deps.clock.now();
  assertNotInFuture(input.measuredAt, now);
  const write = toWrite(input, now);
  const result = await deps.database.asActor(patient, async (tx) => {
    const measurement =
      write.table === 'glucose' ? await insertGlucose(tx, patient.userId, write.values) : await insertHealth(tx, patient.userId, write.values);
    const alerts = await raiseAlerts(tx, patient.userId, alertCandidatesFor(measurement, now), now);
    return { measurement, alerts };
  });
  dashboardDataChanged(patient.userId);
  await announceAlerts(deps.notify, patient.userId, result.alerts);
  return result;
}

export async function getMeasurement(deps: MeasurementsDeps, actor: Actor | null, id: string): Promise<MeasurementRecord> {
  const patient = requirePatient(actor);
  const record = await deps.database.asActor(patient, (tx) => findAny(tx, patient.userId, id));
  if (!record) throw new AppError('not_found');
  return record;
}

/**
 * Full replacement of a manual record. Device readings are what the sensor said: they can be
 * deleted, not rewritten. A changed value is checked for alerts again (a fixed typo can reveal
 * a hypo); an alert already raised for the same reading and kind is not raised twice.
 */
export async function updateMeasurement(
  deps: MeasurementsDeps,
  actor: Actor | null,
  id: string,
  input: MeasurementInput,
): Promise<MeasurementWriteResult> {
  const patient = requirePatient(actor);
  const now = deps.clock.now();
  assertNotInFuture(input.measuredAt, now);
  const result = await deps.database.asActor(patient, async (tx) => {
    const existing = await findAny(tx, patient.userId, id);
    if (!existing) throw new AppError('not_found');
    if (existing.kind !== input.kind) {
      throw new AppError('validation_failed', 'Invalid request', [
        { path: ['body', 'kind'], code: 'kind_mismatch', message: `this measurement is of kind ${existing.kind}`, params: { expected: existing.kind } },
      ]);
    }
    if (existing.kind === 'glucose' && (DEVICE_GLUCOSE_SOURCES as readonly string[]).includes(existing.source)) {
      throw new AppError('conflict', 'Device readings cannot be edited');
    }
    const write = toWrite(input, now);
    const { createdAt: _keepCreatedAt, ...changes } = write.values;
    const measurement =
      write.table === 'glucose'
        ? await updateGlucose(tx, patient.userId, id, changes as GlucoseWrite)
        : await updateHealth(tx, patient.userId, id, changes as HealthWrite);
    if (!measurement) throw new AppError('not_found');
    const alerts = await raiseAlerts(tx, patient.userId, alertCandidatesFor(measurement, now), now);
    return { measurement, alerts };
  });
  dashboardDataChanged(patient.userId);
  await announceAlerts(deps.notify, patient.userId, result.alerts);
  return result;
}

export async function deleteMeasurement(deps: MeasurementsDeps, actor: Actor | null, id: string): Promise<{ deleted: string }> {
  const patient = requirePatient(actor);
  const deleted = await deps.database.asActor(patient, (tx) => deleteMeasurementById(tx, patient.userId, id));
  if (!deleted) throw new AppError('not_found');
  dashboardDataChanged(patient.userId);
  return { deleted: id };
}

function encodeCursor(record: MeasurementRecord): string {
  return Buffer.from(`${record.measuredAt}|${record.id}`).toString('base64url');
}

function decodeCursor(cursor: string): Position {
  const [measuredAt, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = new Date(measuredAt ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(date.getTime())) {
    throw new AppError('validation_failed', 'Invalid cursor', [{ path: ['querystring', 'cursor'], code: 'invalid_cursor', message: 'Invalid cursor' }]);
  }
  return { measuredAt: date, id };
}

const newestFirst = (a: MeasurementRecord, b: MeasurementRecord): number =>
  a.measuredAt === b.measuredAt ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.measuredAt < b.measuredAt ? 1 : -1;

/** Newest first. Without a kind, both tables are read with the same keyset and merged. */
export async function listMeasurements(deps: MeasurementsDeps, actor: Actor | null, query: ListMeasurementsQuery): Promise<MeasurementPage> {
  const patient = requirePatient(actor);
  const limit = query.limit ?? DEFAULT_PAGE;
  const options = {
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    before: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: limit + 1,
  };
  const rows = await deps.database.asActor(patient, (tx) => entriesNewestFirstInTx(tx, patient.userId, query.kind ? [query.kind] : MEASUREMENT_KINDS, options));
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

/** The latest entries of the given kinds, newest first (a professional's view of shared kinds). */
export async function recentEntriesInTx(tx: Tx, patientId: string, kinds: readonly MeasurementKind[], limit: number): Promise<MeasurementRecord[]> {
  return (await entriesNewestFirstInTx(tx, patientId, kinds, { limit })).slice(0, limit);
}

/** Both tables read with the same keyset and period, merged newest first (up to 2 × limit rows). */
async function entriesNewestFirstInTx(tx: Tx, patientId: string, kinds: readonly MeasurementKind[], options: ListOptions): Promise<MeasurementRecord[]> {
  const healthKinds = kinds.filter((kind): kind is HealthKind => kind !== 'glucose');
  const glucose = kinds.includes('glucose') ? await listGlucose(tx, patientId, options) : [];
  const health = healthKinds.length > 0 ? await listHealth(tx, patientId, { ...options, kinds: healthKinds }) : [];
  return [...glucose, ...health].sort(newestFirst);
}

/**
 * Stores a device batch in one transaction: every reading is validated before anything is
 * written (one bad reading → 400 naming its index, nothing stored), already-stored readings are
 * skipped by the dedup key, and CGM episodes around the batch raise alerts in the same transaction.
 */
export async function insertGlucoseBatch(deps: MeasurementsDeps, actor: Actor | null, batch: GlucoseBatch): Promise<GlucoseBatchResult> {
  const patient = requirePatient(actor);
  const now = deps.clock.now();
  const issues: ValidationIssue[] = [];
  batch.readings.forEach((reading, index) => {
    if (issues.length < MAX_ISSUES && !measuredAtIsAcceptable(reading.measuredAt, now)) {
      issues.push(futureIssue(['body', 'readings', index, 'measuredAt'], now));
    }
  });
  if (issues.length > 0) throw new AppError('validation_failed', 'Invalid request', issues);

  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  const rows: GlucoseWrite[] = batch.readings.map((reading) => {
    const measuredAt = new Date(reading.measuredAt);
    first = Math.min(first, measuredAt.getTime());
    last = Math.max(last, measuredAt.getTime());
    return {
      measuredAt,
      valueMgdl: canonicalGlucose(reading.value, batch.unit),
      source: batch.source,
      deviceId: batch.deviceId,
      entryUnit: batch.unit,
      createdAt: now,
    };
  });
  const result = await deps.database.asActor(patient, async (tx) => {
    const inserted = await insertGlucoseIgnoringDuplicates(tx, patient.userId, rows);
    let alerts: Alert[] = [];
    if (inserted > 0) {
      const around = await glucoseColumns(
        tx,
        patient.userId,
        new Date(first - EPISODE_CONTEXT_MS),
        new Date(last + EPISODE_CONTEXT_MS),
        DEVICE_GLUCOSE_SOURCES,
      );
      alerts = await raiseAlerts(tx, patient.userId, alertsForCgmSeries(around, now.getTime()), now);
    }
    return { inserted, duplicates: rows.length - inserted, alerts };
  });
  dashboardDataChanged(patient.userId);
  await announceAlerts(deps.notify, patient.userId, result.alerts);
  return result;
}

/** Glucose picture of [from, to) for a patient, in an open transaction (dashboard, reports). */
export async function glucosePeriodInTx(tx: Tx, patientId: string, context: PatientContext, from: Date, to: Date): Promise<GlucosePeriod> {
  const readings = await glucoseColumns(tx, patientId, from, to);
  return summarizeGlucosePeriod(readings, {
    periodStart: from.getTime(),
    periodEnd: to.getTime(),
    timeZone: context.timeZone,
    targets: context.targets,
  });
}

function latestByKind(records: MeasurementRecord[]): Summary['latest'] {
  const latest: Summary['latest'] = { glucose: null, hba1c: null, lipids: null, blood_pressure: null, weight: null, event: null };
  for (const record of records) {
    switch (record.kind) {
      case 'glucose':
        latest.glucose = record;
        break;
      case 'hba1c':
        latest.hba1c = record;
        break;
      case 'lipids':
        latest.lipids = record;
        break;
      case 'blood_pressure':
        latest.blood_pressure = record;
        break;
      case 'weight':
        latest.weight = record;
        break;
      case 'event':
        latest.event = record;
        break;
    }
  }
  return latest;
}

/** The dashboard of the last `days` days, and the patient context it was computed with. */
export async function buildSummary(
  deps: Omit<MeasurementsDeps, 'notify'>,
  actor: Actor | null,
  days: number,
): Promise<{ summary: Summary; context: PatientContext }> {
  const patient = requirePatient(actor);
  const to = deps.clock.now();
  const from = new Date(to.getTime() - days * DAY_MS);
  return deps.database.asActor(patient, async (tx) => {
    const context = await loadPatientContext(tx, patient.userId);
    const glucose = await glucosePeriodInTx(tx, patient.userId, context, from, to);
    const counts = await countByKind(tx, patient.userId, from, to);
    const latest = await latestByKindInTx(tx, patient.userId);
    const openAlerts = await countOpenAlerts(tx, patient.userId);
    const summary: Summary = {
      period: { from: from.toISOString(), to: to.toISOString(), days, timeZone: context.timeZone },
      glucoseUnit: context.glucoseUnit,
      targets: context.targets,
      glucose,
      latest,
      counts,
      openAlerts,
    };
    return { summary, context };
  });
}

/** The patient's own dashboard summary. */
export async function getSummary(deps: MeasurementsDeps, actor: Actor | null, days: number): Promise<Summary> {
  return (await buildSummary(deps, actor, days)).summary;
}

/**
 * The summary as the route sends it, encoded once and cached per patient and period
 * (dashboard-cache.ts says when it is recomputed): on 90 days the zod encoding of the answer
 * cost more than the rest of a cached request.
 */
export async function getSummaryEncoded(deps: MeasurementsDeps, actor: Actor | null, days: number): Promise<EncodedJson<Summary>> {
  const patient = requirePatient(actor);
  return cachedDashboard(
    patient.userId,
    `summary|${days}`,
    async () => encodeResponse(summarySchema, (await buildSummary(deps, patient, days)).summary),
    deps.clock.now().getTime(),
  );
}

/** Readings of [from, to) for charts, delta-encoded columns (see series-encoding.ts). */
export async function getGlucoseSeries(deps: MeasurementsDeps, actor: Actor | null, from: string, to: string): Promise<GlucoseSeriesResponse> {
  const patient = requirePatient(actor);
  return deps.database.asActor(patient, (tx) => glucoseSeriesInTx(tx, patient.userId, new Date(from), new Date(to)));
}

/** The series as the route sends it, cached like the summary. */
export async function getGlucoseSeriesEncoded(deps: MeasurementsDeps, actor: Actor | null, from: string, to: string): Promise<EncodedJson<GlucoseSeriesResponse>> {
  const patient = requirePatient(actor);
  // The dashboard asks for windows rounded to the hour, so the same window comes back often.
  return cachedDashboard(
    patient.userId,
    `series|${from}|${to}`,
    async () => encodeResponse(glucoseSeriesResponseSchema, await getGlucoseSeries(deps, patient, from, to)),
    deps.clock.now().getTime(),
  );
}

/** Chart series of a patient in an open transaction (the care team reads it under its own RLS). */
export async function glucoseSeriesInTx(tx: Tx, patientId: string, fromDate: Date, toDate: Date): Promise<GlucoseSeriesResponse> {
  const columns = await glucoseColumns(tx, patientId, fromDate, toDate);
  // A meter reading and a CGM reading can share an instant; a series needs increasing times.
  const t: number[] = [];
  const v: number[] = [];
  for (let i = 0; i < columns.t.length; i++) {
    const ti = columns.t[i] as number;
    if (t.length > 0 && t[t.length - 1] === ti) continue;
    t.push(ti);
    v.push(columns.v[i] as number);
  }
  return { from: fromDate.toISOString(), to: toDate.toISOString(), n: t.length, series: encodeGlucoseSeries(toColumns(t, v)) };
}

/** Records of each kind in [from, to), in an open transaction (care team summary). */
export async function countByKindInTx(tx: Tx, patientId: string, from: Date, to: Date): Promise<Summary['counts']> {
  return countByKind(tx, patientId, from, to);
}

/** Every record of the patient, oldest first, with the patient context (exports). */
export async function exportAllMeasurements(
  deps: Omit<MeasurementsDeps, 'notify'>,
  actor: Actor | null,
): Promise<{ records: MeasurementRecord[]; context: PatientContext }> {
  const patient = requirePatient(actor);
  return deps.database.asActor(patient, async (tx) => ({
    records: await listAllAscending(tx, patient.userId),
    context: await loadPatientContext(tx, patient.userId),
  }));
}

/** Glucose readings of [from, to) as ascending columns, in an open transaction (reports). */
export async function glucoseReadingsInTx(tx: Tx, patientId: string, from: Date, to: Date) {
  return glucoseColumns(tx, patientId, from, to);
}

/** Most recent record of each kind, in an open transaction (reports). */
export async function latestByKindInTx(tx: Tx, patientId: string): Promise<Summary['latest']> {
  return latestByKind(await latestOfEachKind(tx, patientId));
}
