import { toColumns } from '@glucosuivi/domain/glucose/series';
import { lastLocalDays, type LocalDaysPeriod } from '@glucosuivi/domain/glucose/timezone';
import { summarizeGlucosePeriod, type GlucoseColumns } from '@glucosuivi/domain/measurements/glucose-period';
import { MEASUREMENT_KINDS, type GlucoseRecord, type ListMeasurementsQuery, type MeasurementKind, type MeasurementPage, type MeasurementRecord } from '@glucosuivi/domain/measurements/measurements.schemas';
import { type GlucosePeriod, type GlucoseSeriesResponse, type Summary } from '@glucosuivi/domain/measurements/summary.schemas';
import { encodeGlucoseSeries } from '@glucosuivi/domain/measurements/series-encoding';
import type { Actor, Database, Tx } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/app-error';
import type { EventBus } from '../../platform/events/event-bus';
import { countOpenAlerts } from '../alerts/alerts.service';
import { loadPatientContext, requirePatient, type PatientContext } from '../profile/profile.service';
import {
  countHealthByKind,
  glucoseColumns,
  glucosePageAscending,
  latestOfEachKind,
  listAllAscending,
  listGlucose,
  listHealth,
  listHealthAscending,
  taggedMeterReadings,
  type HealthKind,
  type ListOptions,
  type Position,
} from './measurements.repository';
import { glucoseColumnsFromDays } from './glucose-days.repository';

export interface MeasurementsDeps {
  database: Database;
  clock: Clock;
  /** Told after commit; the dashboard cache and alert e-mails subscribe (ADR 0007). */
  events: EventBus;
}

const DEFAULT_PAGE = 100;

/** The patient whose dashboard a request reads (the route keys its cache on it). */
export function dashboardOwner(actor: Actor | null): string {
  return requirePatient(actor).userId;
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
 * Where a period's readings are read from: the packed daily rows (the patient and their care team;
 * 90 rows for 90 days, ADR 0013), or the readings table — for a share link, whose row-level
 * security admits the readings of its own dates only, never whole days. Both give the same columns
 * for committed data (test: glucose-days.int.test.ts).
 */
export type GlucoseReadPath = 'daily_rows' | 'readings';

function readGlucose(tx: Tx, patientId: string, from: Date, to: Date, readFrom: GlucoseReadPath) {
  return readFrom === 'daily_rows' ? glucoseColumnsFromDays(tx, patientId, from, to) : glucoseColumns(tx, patientId, from, to);
}

/** Glucose picture of [from, to) for a patient, in an open transaction (dashboard, reports). */
export async function glucosePeriodInTx(
  tx: Tx,
  patientId: string,
  context: PatientContext,
  period: LocalDaysPeriod,
  readFrom: GlucoseReadPath = 'daily_rows',
): Promise<GlucosePeriod> {
  return (await readGlucosePeriod(tx, patientId, context, period, readFrom)).glucose;
}

/** The glucose picture and the number of readings it was drawn from (the summary's count). */
async function readGlucosePeriod(tx: Tx, patientId: string, context: PatientContext, period: LocalDaysPeriod, readFrom: GlucoseReadPath) {
  return summarizeRead(await readGlucose(tx, patientId, new Date(period.from), new Date(period.to), readFrom), context, period);
}

function summarizeRead(readings: GlucoseColumns, context: PatientContext, period: LocalDaysPeriod) {
  const glucose = summarizeGlucosePeriod(readings, {
    periodStart: period.from,
    periodEnd: period.to,
    periodDays: period.days,
    timeZone: context.timeZone,
    targets: context.targets,
  });
  return { glucose, readings: readings.t.length };
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

/** A summary whose glucose picture and alert count may be withheld (a shared view without those categories). */
export interface SummaryParts extends Omit<Summary, 'glucose' | 'openAlerts'> {
  glucose: GlucosePeriod | null;
  openAlerts: number | null;
}

/**
 * The one summary builder, for the patient's dashboard and for what a professional or a share
 * link sees: counts and latest records of the visible kinds (the others zero and null), the
 * glucose picture when glucose is visible, the open-alert count when alerts are.
 */
export async function summaryInTx(
  tx: Tx,
  patientId: string,
  context: PatientContext,
  /** The period in the patient's time zone (lastLocalDays, or localDaysOf for a share link's dates). */
  period: LocalDaysPeriod,
  visible: { kinds: readonly MeasurementKind[]; alerts: boolean },
  readFrom: GlucoseReadPath = 'daily_rows',
): Promise<SummaryParts> {
  const from = new Date(period.from);
  const to = new Date(period.to);
  const days = period.days;
  const readings = visible.kinds.includes('glucose') ? await readGlucose(tx, patientId, from, to, readFrom) : null;
  // Sent before the metrics are computed: PostgreSQL answers its first statement meanwhile
  // (the driver writes a query to the socket at once; Node then computes for ~7 ms).
  const latestPending = latestByKindInTx(tx, patientId);
  // Should the metrics throw, this promise is never awaited: its failure must not go unhandled.
  latestPending.catch(() => undefined);
  const read = readings ? summarizeRead(readings, context, period) : null;
  const latest = await latestPending;
  const glucose = read?.glucose ?? null;
  const counts = await countHealthByKind(tx, patientId, from, to);
  counts.glucose = read?.readings ?? 0;
  const openAlerts = visible.alerts ? await countOpenAlerts(tx, patientId) : null;
  for (const kind of MEASUREMENT_KINDS) {
    if (!visible.kinds.includes(kind)) {
      counts[kind] = 0;
      latest[kind] = null;
    }
  }
  return {
    period: { from: from.toISOString(), to: to.toISOString(), days, timeZone: context.timeZone },
    glucoseUnit: context.glucoseUnit,
    targets: context.targets,
    glucose,
    latest,
    counts,
    openAlerts,
  };
}

/** The dashboard of the last `days` days, and the patient context it was computed with. */
export async function buildSummary(
  deps: Omit<MeasurementsDeps, 'events'>,
  actor: Actor | null,
  days: number,
): Promise<{ summary: Summary; context: PatientContext }> {
  const patient = requirePatient(actor);
  const now = deps.clock.now();
  return deps.database.asActor(patient, async (tx) => {
    const context = await loadPatientContext(tx, patient.userId);
    const period = lastLocalDays(now.getTime(), days, context.timeZone);
    const parts = await summaryInTx(tx, patient.userId, context, period, { kinds: MEASUREMENT_KINDS, alerts: true });
    // The patient sees every kind and their alerts, so both parts were computed.
    if (parts.glucose === null || parts.openAlerts === null) throw new Error('patient summary without glucose or alerts');
    return { summary: { ...parts, glucose: parts.glucose, openAlerts: parts.openAlerts }, context };
  });
}

/** The patient's own dashboard summary. */
export async function getSummary(deps: MeasurementsDeps, actor: Actor | null, days: number): Promise<Summary> {
  return (await buildSummary(deps, actor, days)).summary;
}

/** Readings of [from, to) for charts, delta-encoded columns (see series-encoding.ts). */
export async function getGlucoseSeries(deps: MeasurementsDeps, actor: Actor | null, from: string, to: string): Promise<GlucoseSeriesResponse> {
  const patient = requirePatient(actor);
  return deps.database.asActor(patient, (tx) => glucoseSeriesInTx(tx, patient.userId, new Date(from), new Date(to)));
}

/** Chart series of a patient in an open transaction (the care team reads it under its own RLS). */
export async function glucoseSeriesInTx(
  tx: Tx,
  patientId: string,
  fromDate: Date,
  toDate: Date,
  readFrom: GlucoseReadPath = 'daily_rows',
): Promise<GlucoseSeriesResponse> {
  const columns = await readGlucose(tx, patientId, fromDate, toDate, readFrom);
  // A meter reading and a CGM reading can share an instant; a series needs increasing times.
  const t = new Float64Array(columns.t.length);
  const v = new Float64Array(columns.t.length);
  let n = 0;
  for (let i = 0; i < columns.t.length; i++) {
    const ti = columns.t[i] as number;
    if (n > 0 && t[n - 1] === ti) continue;
    t[n] = ti;
    v[n] = columns.v[i] as number;
    n++;
  }
  return { from: fromDate.toISOString(), to: toDate.toISOString(), n, series: encodeGlucoseSeries(toColumns(t.subarray(0, n), v.subarray(0, n))) };
}

/** Every record of the patient, oldest first, with the patient context (exports). */
export async function exportAllMeasurements(
  deps: Omit<MeasurementsDeps, 'events'>,
  actor: Actor | null,
): Promise<{ records: MeasurementRecord[]; context: PatientContext }> {
  const patient = requirePatient(actor);
  return deps.database.asActor(patient, async (tx) => ({
    records: await listAllAscending(tx, patient.userId),
    context: await loadPatientContext(tx, patient.userId),
  }));
}

/**
 * Every glucose reading of the patient, oldest first, in pages of `pageSize` read one after the
 * other (keyset, one short transaction each): the data archive streams a year of CGM without
 * holding it in memory.
 */
export async function* exportGlucosePages(deps: Omit<MeasurementsDeps, 'events'>, actor: Actor | null, pageSize = 5_000): AsyncGenerator<GlucoseRecord[]> {
  const patient = requirePatient(actor);
  let after: { measuredAt: Date; id: string } | null = null;
  for (;;) {
    const position: typeof after = after;
    const page = await deps.database.asActor(patient, (tx) => glucosePageAscending(tx, patient.userId, position, pageSize));
    if (page.length === 0) return;
    yield page;
    const last = page[page.length - 1] as GlucoseRecord;
    after = { measuredAt: new Date(last.measuredAt), id: last.id };
    if (page.length < pageSize) return;
  }
}

/** Every health measurement other than glucose, oldest first, and the patient's context (archive). */
export async function exportHealthMeasurements(
  deps: Omit<MeasurementsDeps, 'events'>,
  actor: Actor | null,
): Promise<{ records: MeasurementRecord[]; context: PatientContext }> {
  const patient = requirePatient(actor);
  return deps.database.asActor(patient, async (tx) => ({
    records: await listHealthAscending(tx, patient.userId),
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

/** Meter and manual readings of [from, to) with their meal tags, in an open transaction (the meter logbook). */
export async function taggedMeterReadingsInTx(tx: Tx, patientId: string, from: Date, to: Date) {
  return taggedMeterReadings(tx, patientId, from, to);
}
