import { and, desc, eq, gt, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database';
import { user } from '../auth/auth.tables';
import { glucoseReadings } from '../measurements/measurements.tables';
import { nightscoutDeviceStatus, nightscoutUploaders, nightscoutUploadHours } from './nightscout.tables';

/*
 * Uploaders, their hourly counts and device statuses: the patient's own rows under row-level
 * security (`tx` from asActor), except the credential lookup (`db`, owner level), which runs
 * before anyone is known. Glucose is read here as Nightscout entries and written only through
 * the measurements service.
 */

export type UploaderRow = typeof nightscoutUploaders.$inferSelect;
export type UploaderListRow = UploaderRow & { readingsLast24h: number };

export interface CredentialRow {
  uploaderId: string;
  patientId: string;
  key: string;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  /** The account waits for its deletion: it authenticates nothing any more. */
  deletionRequested: boolean;
}

/** Owner level: the uploader whose stored key (SHA-256 of the secret's SHA-1 or SHA-512) is `key`. */
export async function findCredentialByKey(db: Db, digest: 'sha1' | 'sha512', key: string): Promise<CredentialRow | undefined> {
  const column = digest === 'sha1' ? nightscoutUploaders.sha1Key : nightscoutUploaders.sha512Key;
  const [row] = await db
    .select({
      uploaderId: nightscoutUploaders.id,
      patientId: nightscoutUploaders.patientId,
      key: column,
      revokedAt: nightscoutUploaders.revokedAt,
      lastUsedAt: nightscoutUploaders.lastUsedAt,
      deletionRequestedAt: user.deletionRequestedAt,
    })
    .from(nightscoutUploaders)
    .innerJoin(user, eq(user.id, nightscoutUploaders.patientId))
    .where(eq(column, key));
  if (!row) return undefined;
  const { deletionRequestedAt, ...credential } = row;
  return { ...credential, deletionRequested: deletionRequestedAt !== null };
}

export async function insertUploader(
  tx: Tx,
  row: { patientId: string; name: string; sha1Key: string; sha512Key: string; createdAt: Date },
): Promise<UploaderRow> {
  const [inserted] = await tx.insert(nightscoutUploaders).values(row).returning();
  return inserted as UploaderRow;
}

export async function countActiveUploaders(tx: Tx, patientId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(nightscoutUploaders)
    .where(and(eq(nightscoutUploaders.patientId, patientId), isNull(nightscoutUploaders.revokedAt)));
  return Number(row?.n ?? 0);
}

/** The patient's uploaders, newest first, with the readings they delivered since `since`. */
export async function listUploaders(tx: Tx, patientId: string, since: Date, id?: string): Promise<UploaderListRow[]> {
  const readings = sql<number>`coalesce((
    select sum(${nightscoutUploadHours.readings}) from ${nightscoutUploadHours}
     where ${nightscoutUploadHours.uploaderId} = ${nightscoutUploaders.id} and ${nightscoutUploadHours.hour} > ${since.toISOString()}
  ), 0)::int`;
  const rows = await tx
    .select({ uploader: nightscoutUploaders, readingsLast24h: readings })
    .from(nightscoutUploaders)
    .where(and(eq(nightscoutUploaders.patientId, patientId), id ? eq(nightscoutUploaders.id, id) : undefined))
    .orderBy(desc(nightscoutUploaders.createdAt), desc(nightscoutUploaders.id));
  return rows.map((r) => ({ ...r.uploader, readingsLast24h: Number(r.readingsLast24h) }));
}

/** New keys for a live uploader; undefined when it is not the patient's or is revoked. */
export async function replaceKeys(
  tx: Tx,
  patientId: string,
  id: string,
  keys: { sha1Key: string; sha512Key: string },
  at: Date,
): Promise<UploaderRow | undefined> {
  const [row] = await tx
    .update(nightscoutUploaders)
    .set({ ...keys, rotatedAt: at })
    .where(and(eq(nightscoutUploaders.patientId, patientId), eq(nightscoutUploaders.id, id), isNull(nightscoutUploaders.revokedAt)))
    .returning();
  return row;
}

/** Revokes (keeping the first revocation's time); undefined when it is not the patient's. */
export async function revokeUploader(tx: Tx, patientId: string, id: string, at: Date): Promise<UploaderRow | undefined> {
  const [row] = await tx
    .update(nightscoutUploaders)
    .set({ revokedAt: sql`coalesce(${nightscoutUploaders.revokedAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(nightscoutUploaders.patientId, patientId), eq(nightscoutUploaders.id, id)))
    .returning();
  return row;
}

/** Dates the uploader's use (and upload); a revoked one is left alone. */
export async function touchUploader(tx: Tx, id: string, at: Date, upload: boolean): Promise<void> {
  await tx
    .update(nightscoutUploaders)
    .set(upload ? { lastUsedAt: at, lastUploadAt: at } : { lastUsedAt: at })
    .where(and(eq(nightscoutUploaders.id, id), isNull(nightscoutUploaders.revokedAt)));
}

/** Adds new readings to the uploader's hour of arrival; hours before `forgetBefore` are deleted. */
export async function addUploadHour(
  tx: Tx,
  row: { uploaderId: string; patientId: string; hour: Date; readings: number },
  forgetBefore: Date,
): Promise<void> {
  await tx
    .insert(nightscoutUploadHours)
    .values(row)
    .onConflictDoUpdate({
      target: [nightscoutUploadHours.uploaderId, nightscoutUploadHours.hour],
      set: { readings: sql`${nightscoutUploadHours.readings} + excluded.readings` },
    });
  await tx
    .delete(nightscoutUploadHours)
    .where(and(eq(nightscoutUploadHours.uploaderId, row.uploaderId), lt(nightscoutUploadHours.hour, forgetBefore)));
}

/** The newest device status's device and battery, unless a newer one is already recorded; a missing value keeps the previous one. */
export async function recordStatusSummary(
  tx: Tx,
  id: string,
  status: { device: string | null; batteryPercent: number | null; at: Date },
): Promise<void> {
  await tx
    .update(nightscoutUploaders)
    .set({
      statusDevice: sql`coalesce(${status.device}, ${nightscoutUploaders.statusDevice})`,
      statusBattery: sql`coalesce(${status.batteryPercent}::smallint, ${nightscoutUploaders.statusBattery})`,
      statusAt: status.at,
    })
    .where(
      and(
        eq(nightscoutUploaders.id, id),
        or(isNull(nightscoutUploaders.statusAt), lte(nightscoutUploaders.statusAt, status.at)),
      ),
    );
}

export interface DeviceStatusWrite {
  patientId: string;
  uploaderId: string;
  device: string;
  createdAt: Date;
  receivedAt: Date;
  doc: Record<string, unknown>;
}

// A device status is up to 64 kB: a few hundred per statement keeps each under ~20 MB.
const STATUS_CHUNK = 250;

/** Stores the statuses; one already stored (same device and time) is skipped. */
export async function insertDeviceStatuses(tx: Tx, rows: DeviceStatusWrite[]): Promise<void> {
  for (let i = 0; i < rows.length; i += STATUS_CHUNK) {
    await tx
      .insert(nightscoutDeviceStatus)
      .values(rows.slice(i, i + STATUS_CHUNK))
      .onConflictDoNothing({ target: [nightscoutDeviceStatus.patientId, nightscoutDeviceStatus.createdAt, nightscoutDeviceStatus.device] });
  }
}

/** A period as Nightscout filters it: each bound inclusive or not, either may be absent. */
export interface Window {
  from?: { at: Date; inclusive: boolean } | undefined;
  to?: { at: Date; inclusive: boolean } | undefined;
}

function within(column: typeof glucoseReadings.measuredAt | typeof nightscoutDeviceStatus.createdAt, window: Window): SQL[] {
  const bounds: SQL[] = [];
  if (window.from) bounds.push(window.from.inclusive ? gte(column, window.from.at) : gt(column, window.from.at));
  if (window.to) bounds.push(window.to.inclusive ? lte(column, window.to.at) : lt(column, window.to.at));
  return bounds;
}

export async function listDeviceStatuses(tx: Tx, patientId: string, window: Window, limit: number) {
  return tx
    .select({ device: nightscoutDeviceStatus.device, createdAt: nightscoutDeviceStatus.createdAt, doc: nightscoutDeviceStatus.doc })
    .from(nightscoutDeviceStatus)
    .where(and(eq(nightscoutDeviceStatus.patientId, patientId), ...within(nightscoutDeviceStatus.createdAt, window)))
    .orderBy(desc(nightscoutDeviceStatus.createdAt))
    .limit(limit);
}

/**
 * Which of the readings about to be written are stored already (same source, device and
 * instant), as `source|deviceId|epoch ms`: one range read on the readings' primary key.
 */
export async function storedReadingKeys(
  tx: Tx,
  patientId: string,
  rows: readonly { source: string; deviceId?: string | null; measuredAt: Date }[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const row of rows) {
    first = Math.min(first, row.measuredAt.getTime());
    last = Math.max(last, row.measuredAt.getTime());
  }
  const stored = await tx
    .select({ source: glucoseReadings.source, deviceId: glucoseReadings.deviceId, measuredAt: glucoseReadings.measuredAt })
    .from(glucoseReadings)
    .where(
      and(
        eq(glucoseReadings.patientId, patientId),
        gte(glucoseReadings.measuredAt, new Date(first)),
        lte(glucoseReadings.measuredAt, new Date(last)),
        inArray(glucoseReadings.source, [...new Set(rows.map((r) => r.source))]),
        inArray(glucoseReadings.deviceId, [...new Set(rows.map((r) => r.deviceId ?? ''))]),
      ),
    );
  return new Set(stored.map((r) => `${r.source}|${r.deviceId}|${r.measuredAt.getTime()}`));
}

export interface GlucoseEntryRow {
  source: string;
  deviceId: string | null;
  measuredAt: Date;
  valueMgdl: number;
}

/** The patient's glucose readings of the given sources in the window, newest first. */
export async function listGlucoseEntries(
  tx: Tx,
  patientId: string,
  sources: readonly string[],
  window: Window,
  limit: number,
): Promise<GlucoseEntryRow[]> {
  return tx
    .select({ source: glucoseReadings.source, deviceId: glucoseReadings.deviceId, measuredAt: glucoseReadings.measuredAt, valueMgdl: glucoseReadings.valueMgdl })
    .from(glucoseReadings)
    .where(and(eq(glucoseReadings.patientId, patientId), inArray(glucoseReadings.source, [...sources]), ...within(glucoseReadings.measuredAt, window)))
    .orderBy(desc(glucoseReadings.measuredAt))
    .limit(limit);
}
