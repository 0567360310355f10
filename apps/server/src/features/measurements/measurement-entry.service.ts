import { alertForBloodPressure, alertForGlucoseReading, alertsForCgmSeries, type AlertCandidate } from '@glucosuivi/domain/alerts/alerts.rules';
import { LIVE_GLUCOSE_SOURCES } from '@glucosuivi/domain/alerts/live-alerts.rules';
import type { Alert } from '@glucosuivi/domain/alerts/alerts.schemas';
import { canonicalGlucose, canonicalHba1c, canonicalLipid } from '@glucosuivi/domain/measurements/measurement-limits';
import {
  DEVICE_GLUCOSE_SOURCES,
  measuredAtIsAcceptable,
  type GlucoseBatch,
  type CreateMeasurementBody,
  type GlucoseBatchResult,
  type MeasurementInput,
  type MeasurementKind,
  type MeasurementRecord,
  type MeasurementWriteResult,
} from '@glucosuivi/domain/measurements/measurements.schemas';
import type { ValidationIssue } from '@glucosuivi/domain/shared/errors';
import type { DomainEvent } from '@glucosuivi/domain/shared/events';
import type { Actor, Tx } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { EventBus } from '../../platform/events/event-bus';
import { alertsRaisedEvent, raiseAlerts } from '../alerts/alerts.service';
import { liveAlertsAtWrite, publishClearedSignalLoss } from '../alerts/live-alerts.service';
import { requirePatient } from '../profile/profile.service';
import type { MeasurementsDeps } from './measurements.service';
import {
  deleteMeasurementById,
  findGlucose,
  findHealth,
  glucoseColumns,
  insertGlucose,
  insertHealth,
  withInsertedGlucose,
  updateGlucose,
  updateHealth,
  type GlucoseWrite,
  type HealthWrite,
} from './measurements.repository';
import { insertGlucoseIgnoringDuplicates, insertNewGlucose } from './glucose-batch.repository';
import { claimClientKey, findKeyedMeasurementId } from './measurement-keys.repository';

/**
 * Entering measurements: one record created, read, replaced or deleted, and device batches; each
 * write checks for alerts in its transaction and is announced after commit.
 */

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
          symptomatic: input.symptomatic ? true : null,
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

export function futureIssue(path: (string | number)[], now: Date): ValidationIssue {
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

/** After commit: the write itself, then the alerts it raised (one event for all of them). */
async function publishWrite(events: EventBus, event: DomainEvent, patientId: string, alerts: Alert[]): Promise<void> {
  await events.publish(event);
  const raised = alertsRaisedEvent(patientId, alerts);
  if (raised) await events.publish(raised);
}


async function findAny(tx: Tx, patientId: string, id: string): Promise<MeasurementRecord | undefined> {
  return (await findGlucose(tx, patientId, id)) ?? (await findHealth(tx, patientId, id));
}

/** Thrown inside a create's transaction to undo it: its key was claimed meanwhile by the same create sent twice. */
class KeyTakenMeanwhile extends Error {}

/**
 * Creates an entry. With a `clientKey` (the browser's idempotency key of this entry), a key this
 * patient already sent answers the entry it made (no second entry, no alert or event again): the
 * offline queue may send an entry whose first answer was lost. Two sends of one key at the same
 * moment: the second waits on the key's primary key, finds it taken, undoes its own entry and
 * answers the first one's.
 */
export async function createMeasurement(deps: MeasurementsDeps, actor: Actor | null, body: CreateMeasurementBody): Promise<MeasurementWriteResult> {
  const patient = requirePatient(actor);
  const { clientKey, ...input } = body;
  if (clientKey) {
    const stored = await storedForKey(deps, patient, clientKey);
    if (stored) return stored;
  }
  const now = deps.clock.now();
  assertNotInFuture(input.measuredAt, now);
  const write = toWrite(input, now);
  let result: MeasurementWriteResult;
  try {
    result = await deps.database.asActor(patient, async (tx) => {
      const measurement =
        write.table === 'glucose' ? await insertGlucose(tx, patient.userId, write.values) : await insertHealth(tx, patient.userId, write.values);
      if (clientKey && !(await claimClientKey(tx, patient.userId, clientKey, measurement.id))) throw new KeyTakenMeanwhile();
      const alerts = await raiseAlerts(tx, patient.userId, alertCandidatesFor(measurement, now), now);
      return { measurement, alerts };
    });
  } catch (error) {
    const stored = error instanceof KeyTakenMeanwhile && clientKey ? await storedForKey(deps, patient, clientKey) : undefined;
    if (stored) return stored;
    throw error;
  }
  await publishWrite(
    deps.events,
    { type: 'measurement.recorded', patientId: patient.userId, measurementId: result.measurement.id, kinds: [result.measurement.kind], count: 1 },
    patient.userId,
    result.alerts,
  );
  return result;
}

/** The entry a key made, as its create answered (its alerts were shown then); a key whose entry was deleted since is a conflict. */
async function storedForKey(deps: MeasurementsDeps, patient: Actor, clientKey: string): Promise<MeasurementWriteResult | undefined> {
  const measurement = await deps.database.asActor(patient, async (tx) => {
    const id = await findKeyedMeasurementId(tx, patient.userId, clientKey);
    return id === undefined ? undefined : ((await findAny(tx, patient.userId, id)) ?? null);
  });
  if (measurement === null) throw new AppError('conflict', 'The entry sent with this key was deleted since');
  return measurement ? { measurement, alerts: [] } : undefined;
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
  await publishWrite(
    deps.events,
    { type: 'measurement.updated', patientId: patient.userId, measurementId: id, kind: result.measurement.kind },
    patient.userId,
    result.alerts,
  );
  return result;
}

/**
 * Deletes one of the patient's measurements inside the caller's transaction (a Nightscout client
 * deleting or replacing a treatment); the caller announces `measurement.deleted` after commit.
 */
export function deleteMeasurementInTx(tx: Tx, patientId: string, id: string): Promise<MeasurementKind | null> {
  return deleteMeasurementById(tx, patientId, id);
}

export async function deleteMeasurement(deps: MeasurementsDeps, actor: Actor | null, id: string): Promise<{ deleted: string }> {
  const patient = requirePatient(actor);
  const kind = await deps.database.asActor(patient, (tx) => deleteMeasurementById(tx, patient.userId, id));
  if (!kind) throw new AppError('not_found');
  await deps.events.publish({ type: 'measurement.deleted', patientId: patient.userId, measurementId: id, kind });
  return { deleted: id };
}


/**
 * Stores a device batch in one transaction: every reading is validated before anything is
 * written (one bad reading → 400 naming its index, nothing stored), already-stored readings are
 * skipped by the dedup key, and CGM episodes around the batch raise alerts in the same transaction.
 */
export async function insertGlucoseBatch(
  deps: MeasurementsDeps,
  actor: Actor | null,
  batch: GlucoseBatch,
  options: StoreOptions = {},
): Promise<GlucoseBatchResult> {
  const patient = requirePatient(actor);
  const now = deps.clock.now();
  const issues: ValidationIssue[] = [];
  batch.readings.forEach((reading, index) => {
    if (issues.length < MAX_ISSUES && !measuredAtIsAcceptable(reading.measuredAt, now)) {
      issues.push(futureIssue(['body', 'readings', index, 'measuredAt'], now));
    }
  });
  if (issues.length > 0) throw new AppError('validation_failed', 'Invalid request', issues);

  const rows: GlucoseWrite[] = batch.readings.map((reading) => ({
    measuredAt: new Date(reading.measuredAt),
    valueMgdl: canonicalGlucose(reading.value, batch.unit),
    source: batch.source,
    deviceId: batch.deviceId,
    entryUnit: batch.unit,
    createdAt: now,
  }));
  const result = await storeDeviceReadings(deps, patient, rows, now, undefined, options);
  return { inserted: result.inserted, duplicates: rows.length - result.inserted, alerts: result.alerts };
}

export interface StoreOptions {
  /**
   * Every reading is known not to be stored yet (a patient's history loaded once: the demo seed),
   * so none is looked for; a duplicate fails the whole write on the unique index instead.
   */
  allNew?: boolean;
}

/**
 * Device readings of one patient in one transaction, already validated: those already stored
 * under the same source, device and instant are skipped; `beforeInsert` may drop more (an import
 * skips what another device already recorded), inside the same transaction. CGM episodes around
 * the readings raise alerts; the write is announced after commit.
 */
export async function storeDeviceReadings(
  deps: MeasurementsDeps,
  patient: Actor,
  rows: GlucoseWrite[],
  now: Date,
  beforeInsert?: (tx: Tx, rows: GlucoseWrite[]) => Promise<GlucoseWrite[]>,
  options: StoreOptions = {},
): Promise<{ inserted: number; skipped: number; alerts: Alert[] }> {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const row of rows) {
    first = Math.min(first, row.measuredAt.getTime());
    last = Math.max(last, row.measuredAt.getTime());
  }
  const result = await deps.database.asActor(patient, async (tx) => {
    const kept = beforeInsert ? await beforeInsert(tx, rows) : rows;
    const readAround = () =>
      glucoseColumns(tx, patient.userId, new Date(first - EPISODE_CONTEXT_MS), new Date(last + EPISODE_CONTEXT_MS), DEVICE_GLUCOSE_SOURCES);
    // All new: what is around is read before the insert and the batch added to it, rather than
    // the whole batch read back after.
    const before = options.allNew && kept.length > 0 ? await readAround() : undefined;
    const insert = options.allNew ? insertNewGlucose : insertGlucoseIgnoringDuplicates;
    const inserted = kept.length > 0 ? await insert(tx, patient.userId, kept) : 0;
    let alerts: Alert[] = [];
    let cleared: Alert[] = [];
    if (inserted > 0) {
      const around = (before && withInsertedGlucose(before, kept, DEVICE_GLUCOSE_SOURCES)) ?? (await readAround());
      // The live alerts (forecast, trend, end of a signal loss) look at the newest reading only.
      const live = await liveAlertsAtWrite(tx, patient.userId, around, newestLiveReading(kept), now);
      cleared = live.cleared;
      alerts = await raiseAlerts(tx, patient.userId, [...alertsForCgmSeries(around, now.getTime()), ...live.candidates], now);
    }
    return { inserted, skipped: rows.length - kept.length, alerts, cleared };
  });
  await publishClearedSignalLoss(deps, patient.userId, result.cleared);
  if (result.inserted > 0) {
    await publishWrite(
      deps.events,
      { type: 'measurement.recorded', patientId: patient.userId, measurementId: null, kinds: ['glucose'], count: result.inserted },
      patient.userId,
      result.alerts,
    );
  }
  return { inserted: result.inserted, skipped: result.skipped, alerts: result.alerts };
}

/** The latest instant of the written live-stream readings (NaN when none is: an import). */
function newestLiveReading(rows: readonly GlucoseWrite[]): number {
  let newest = Number.NaN;
  for (const row of rows) {
    if (!LIVE_GLUCOSE_SOURCES.includes(row.source)) continue;
    const at = row.measuredAt.getTime();
    if (!(at <= newest)) newest = at;
  }
  return newest;
}

