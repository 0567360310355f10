import { canonicalGlucose } from '@glucosuivi/domain/measurements/measurement-limits';
import { measuredAtIsAcceptable } from '@glucosuivi/domain/measurements/measurements.schemas';
import {
  IMPORT_SAME_READING_MS,
  importInstants,
  type GlucoseImport,
  type GlucoseImportCheck,
  type GlucoseImportResult,
} from '@glucosuivi/domain/imports/imports.schemas';
import { DEVICE_GLUCOSE_SOURCES } from '@glucosuivi/domain/measurements/measurements.schemas';
import type { Actor, Tx } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { requirePatient } from '../profile/profile.service';
import { futureIssue, storeDeviceReadings } from './measurement-entry.service';
import { glucoseColumns, type GlucoseWrite } from './measurements.repository';
import type { MeasurementsDeps } from './measurements.service';

/*
 * Importing a glucose export file (LibreView, Dexcom Clarity), parsed in the browser and sent as
 * columns (imports.schemas.ts). A reading is "already present" when the patient has a device
 * reading (CGM upload, Nightscout, an earlier import) within 2.5 minutes of it: the same sensor
 * seen through two paths stamps its readings a few seconds or a minute apart, and one of them is
 * enough. So importing the same file twice adds nothing, and a file that overlaps what an
 * uploader already sent adds only what is missing. The whole file is one transaction.
 */

/** Ascending instants of `times` that have a stored device reading within IMPORT_SAME_READING_MS. */
function presentMask(times: readonly number[], stored: ArrayLike<number>): boolean[] {
  const mask = new Array<boolean>(times.length).fill(false);
  let j = 0;
  for (let i = 0; i < times.length; i++) {
    const t = times[i] as number;
    while (j < stored.length && (stored[j] as number) < t - IMPORT_SAME_READING_MS) j++;
    mask[i] = j < stored.length && (stored[j] as number) <= t + IMPORT_SAME_READING_MS;
  }
  return mask;
}

async function storedDeviceInstants(tx: Tx, patientId: string, times: readonly number[]): Promise<Float64Array> {
  const from = new Date((times[0] as number) - IMPORT_SAME_READING_MS);
  const to = new Date((times.at(-1) as number) + IMPORT_SAME_READING_MS + 1);
  return (await glucoseColumns(tx, patientId, from, to, DEVICE_GLUCOSE_SOURCES)).t;
}

/** The instants, refused as a whole when the last one is in the future (nothing is stored). */
function instantsOf(body: GlucoseImport, now: Date): number[] {
  const times = importInstants(body);
  const last = times.at(-1) as number;
  if (!measuredAtIsAcceptable(last, now)) {
    throw new AppError('validation_failed', 'Invalid request', [futureIssue(['body', 'steps', times.length - 1], now)]);
  }
  return times;
}

export async function checkGlucoseImport(deps: MeasurementsDeps, actor: Actor | null, body: GlucoseImport): Promise<GlucoseImportCheck> {
  const patient = requirePatient(actor);
  const times = instantsOf(body, deps.clock.now());
  const stored = await deps.database.asActor(patient, (tx) => storedDeviceInstants(tx, patient.userId, times));
  const alreadyPresent = presentMask(times, stored).filter(Boolean).length;
  return {
    readings: times.length,
    alreadyPresent,
    first: new Date(times[0] as number).toISOString(),
    last: new Date(times.at(-1) as number).toISOString(),
  };
}

export async function importGlucose(deps: MeasurementsDeps, actor: Actor | null, body: GlucoseImport): Promise<GlucoseImportResult> {
  const patient = requirePatient(actor);
  const now = deps.clock.now();
  const times = instantsOf(body, now);
  const deviceId = `${body.format}:${body.device ?? 'unknown'}`.slice(0, 100);
  const rows: GlucoseWrite[] = times.map((t, i) => ({
    measuredAt: new Date(t),
    valueMgdl: canonicalGlucose(body.values[i] as number, body.unit),
    source: 'import',
    deviceId,
    entryUnit: body.unit,
    createdAt: now,
  }));
  const result = await storeDeviceReadings(deps, patient, rows, now, async (tx, candidates) => {
    const mask = presentMask(times, await storedDeviceInstants(tx, patient.userId, times));
    return candidates.filter((_, i) => !mask[i]);
  });
  return { inserted: result.inserted, alreadyPresent: times.length - result.inserted };
}
