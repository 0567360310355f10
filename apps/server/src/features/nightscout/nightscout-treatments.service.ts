import { createHash } from 'node:crypto';
import { isKept, parseNightscoutTreatments, type ParsedTreatment } from '@glucosuivi/domain/nightscout/nightscout-treatments.rules';
import {
  TREATMENTS_DEFAULT_COUNT,
  TREATMENTS_MAX_COUNT,
  type NightscoutTreatment,
  type NightscoutTreatmentsQuery,
} from '@glucosuivi/domain/nightscout/nightscout-treatments.schemas';
import type { ValidationIssue } from '@glucosuivi/domain/shared/errors';
import type { Actor, Tx } from '../../platform/db/database';
import { deleteMeasurementInTx, storeDeviceReadings } from '../measurements/measurement-entry.service';
import { recordRead, validationFailed, windowOf } from './nightscout-api.service';
import * as repo from './nightscout-treatments.repository';
import { touchUploader } from './nightscout.repository';
import { requireUploader, type NightscoutDeps, type UploaderCredentials } from './nightscout.service';

/*
 * Nightscout treatments (API v1 and sites the patient follows): checked by the domain rules,
 * stored as the patient's events and meter readings in one RLS transaction as the patient
 * (events skip what their external key already holds; readings go through the measurements
 * service, which skips duplicates, raises alerts and announces them), `measurement.recorded`
 * after commit for the events. Read back as treatments: every event of the patient, typed in
 * the app or sent, and finger-stick readings as 'BG Check'.
 */

/** What storing needs: no limiter (a followed site is not an uploader). */
export type TreatmentDeps = Pick<NightscoutDeps, 'database' | 'clock' | 'events'>;

export interface StoreTreatmentsOptions {
  /**
   * 'all-or-nothing' (default, the API's rule): one invalid document refuses all with 400.
   * 'skip-invalid': invalid documents are left out of the store and the answer (a followed site
   * must not be stuck on one odd record); `skipped` counts them.
   */
  mode?: 'all-or-nothing' | 'skip-invalid';
  /** Runs inside the storing transaction (an uploader dates its upload there). */
  inTransaction?: (tx: Tx) => Promise<void>;
  /**
   * PUT's upsert: a document naming a stored treatment (same identity, or only the `_id` we
   * answered for it) replaces that treatment's events instead of being skipped as a re-send.
   */
  replace?: boolean;
}

export interface StoredTreatments {
  /** Every kept-or-not document, in order, as answered to the uploader. */
  treatments: NightscoutTreatment[];
  /** Events and meter readings stored now (a re-sent batch: 0 and 0). */
  newEvents: number;
  newReadings: number;
  /** Documents refused ('skip-invalid' only). */
  skipped: number;
}

/** Stable 24-hex ids (Nightscout's shape) for the patient's treatments. */
function treatmentId(patientId: string, ...parts: string[]): string {
  return createHash('sha256').update([patientId, 'treatment', ...parts].join('|')).digest('hex').slice(0, 24);
}

/** The `_id` a sent treatment answers with, on POST and GET alike: the client's ObjectId, else one from its key. */
function sentId(patientId: string, key: string): string {
  const oid = /^_id:([0-9a-f]{24})$/i.exec(key);
  return oid ? oid[1]!.toLowerCase() : treatmentId(patientId, key);
}

function parseAll(docs: unknown, now: Date, mode: StoreTreatmentsOptions['mode']): { treatments: ParsedTreatment[]; skipped: number } {
  if (mode !== 'skip-invalid') {
    const { treatments, issues } = parseNightscoutTreatments(docs, now.getTime());
    if (issues.length > 0) throw validationFailed(issues as ValidationIssue[]);
    return { treatments, skipped: 0 };
  }
  const list = Array.isArray(docs) ? docs : [docs];
  const treatments: ParsedTreatment[] = [];
  for (const doc of list) treatments.push(...parseNightscoutTreatments(doc, now.getTime()).treatments);
  return { treatments, skipped: list.length - treatments.length };
}

function eventRows(treatments: ParsedTreatment[], now: Date): repo.TreatmentEventWrite[] {
  return treatments.flatMap((t) =>
    t.events.map((event, i) => ({
      measuredAt: new Date(t.createdAt),
      createdAt: now,
      note: i === 0 ? t.note : null,
      eventType: event.type,
      insulinUnits: event.type === 'insulin' ? event.units : null,
      insulinType: event.type === 'insulin' ? event.insulinType : null,
      carbsGrams: event.type === 'carbs' ? event.grams : null,
      activityMinutes: event.type === 'activity' ? event.minutes : null,
      externalId: t.key,
      externalType: t.eventType,
    })),
  );
}

/**
 * Stores Nightscout treatments for a patient and answers them as Nightscout does. Events and
 * readings are written in one transaction; a document already stored (same identity) adds
 * nothing. Used by the v1 API (`postTreatments`) and by sites the patient follows.
 */
export async function storeNightscoutTreatments(deps: TreatmentDeps, patientId: string, docs: unknown, options: StoreTreatmentsOptions = {}): Promise<StoredTreatments> {
  const now = deps.clock.now();
  const { treatments, skipped } = parseAll(docs, now, options.mode);
  const patient: Actor = { userId: patientId, role: 'patient' };
  const readings = treatments
    .filter((t) => t.glucoseMgdl !== null)
    .map((t) => ({
      measuredAt: new Date(t.createdAt),
      valueMgdl: t.glucoseMgdl!,
      source: 'meter' as const,
      // The device of uploaded `mbg` entries: a finger-stick sent both ways is stored once.
      deviceId: 'nightscout:mbg',
      entryUnit: 'mg/dL' as const,
      note: t.note,
      createdAt: now,
    }));
  let newEvents = 0;
  let replaced: string[] = [];
  const stored = await storeDeviceReadings(deps, patient, readings, now, async (tx, candidates) => {
    if (options.replace) replaced = await clearReplaced(tx, patientId, treatments);
    const events = eventRows(treatments, now);
    newEvents = events.length > 0 ? await repo.insertTreatmentEvents(tx, patientId, events) : 0;
    await options.inTransaction?.(tx);
    return candidates;
  });
  for (const measurementId of replaced) await deps.events.publish({ type: 'measurement.deleted', patientId, measurementId, kind: 'event' });
  if (newEvents > 0) await deps.events.publish({ type: 'measurement.recorded', patientId, measurementId: null, kinds: ['event'], count: newEvents });
  const answered = treatments.map((t) => ({ ...t.doc, _id: sentId(patientId, t.key), glucosuiviStored: isKept(t) }) as NightscoutTreatment);
  return { treatments: answered, newEvents, newReadings: stored.inserted, skipped };
}

/**
 * Before an upsert's insert: a document known only by the `_id` we answered takes its stored
 * treatment's key, and the events stored under each document's key are deleted (their ids
 * returned, for the events after commit).
 */
async function clearReplaced(tx: Tx, patientId: string, treatments: ParsedTreatment[]): Promise<string[]> {
  for (const treatment of treatments) {
    const oid = /^_id:([0-9a-f]{24})$/i.exec(treatment.key);
    const stored = oid ? await repo.externalKeyOfAnsweredId(tx, patientId, oid[1]!.toLowerCase()) : null;
    if (stored) treatment.key = stored;
  }
  const ids = await repo.eventIdsOfKeys(tx, patientId, [...new Set(treatments.map((t) => t.key))]);
  for (const id of ids) await deleteMeasurementInTx(tx, patientId, id);
  return ids;
}

/** POST treatments(.json): the uploader's patient, all-or-nothing; the upload is dated on the uploader. */
export async function postTreatments(deps: NightscoutDeps, credentials: UploaderCredentials, body: unknown): Promise<NightscoutTreatment[]> {
  const uploader = await requireUploader(deps, credentials);
  const now = deps.clock.now();
  const result = await storeNightscoutTreatments(deps, uploader.patient.userId, body, {
    inTransaction: (tx) => touchUploader(tx, uploader.uploaderId, now, true),
  });
  return result.treatments;
}

/** PUT treatments(.json): POST's rules, but a document of a stored treatment replaces it (xDrip+ and Loop edits). */
export async function putTreatments(deps: NightscoutDeps, credentials: UploaderCredentials, body: unknown): Promise<NightscoutTreatment[]> {
  const uploader = await requireUploader(deps, credentials);
  const now = deps.clock.now();
  const result = await storeNightscoutTreatments(deps, uploader.patient.userId, body, {
    replace: true,
    inTransaction: (tx) => touchUploader(tx, uploader.uploaderId, now, true),
  });
  return result.treatments;
}

/** DELETE treatments/:id: the treatment answered with this `_id` goes (every event of its document, or its reading). */
export async function deleteTreatment(deps: NightscoutDeps, credentials: UploaderCredentials, id: string): Promise<{ n: number; ok: 1 }> {
  const uploader = await requireUploader(deps, credentials);
  const patientId = uploader.patient.userId;
  const now = deps.clock.now();
  const deleted = await deps.database.asActor(uploader.patient, async (tx) => {
    const ids = await repo.idsOfAnsweredId(tx, patientId, id.toLowerCase());
    const kinds: { id: string; kind: NonNullable<Awaited<ReturnType<typeof deleteMeasurementInTx>>> }[] = [];
    for (const measurementId of ids) {
      const kind = await deleteMeasurementInTx(tx, patientId, measurementId);
      if (kind) kinds.push({ id: measurementId, kind });
    }
    await touchUploader(tx, uploader.uploaderId, now, true);
    return kinds;
  });
  for (const { id: measurementId, kind } of deleted) await deps.events.publish({ type: 'measurement.deleted', patientId, measurementId, kind });
  return { n: deleted.length > 0 ? 1 : 0, ok: 1 };
}

// --- Reading back -----------------------------------------------------------------------------

const IDENTITY_FIELDS = ['identifier', 'syncIdentifier', 'uuid'];
const r1 = (x: number) => Math.round(x * 10) / 10;

/** One treatment from the events of one sent document (a meal bolus: insulin and carbs), or of one typed event. */
function eventTreatment(patientId: string, rows: repo.TreatmentEventRow[]): NightscoutTreatment {
  const first = rows[0]!;
  const doc: NightscoutTreatment = {
    _id: first.externalId ? sentId(patientId, first.externalId) : treatmentId(patientId, 'event', first.id),
    eventType: first.answeredType,
    created_at: first.measuredAt.toISOString(),
    utcOffset: 0,
  };
  const notes: string[] = [];
  for (const row of rows) {
    if (row.eventType === 'insulin' && row.insulinUnits !== null) {
      // A basal injection carries its dose apart: `insulin` is what Nightscout clients count as a bolus.
      if (row.insulinType === 'basal') Object.assign(doc, { basalInsulin: Math.round(row.insulinUnits * 1000) / 1000, insulinType: 'basal' });
      else doc.insulin = Math.round(row.insulinUnits * 1000) / 1000;
    }
    if (row.eventType === 'carbs' && row.carbsGrams !== null) doc.carbs = r1(row.carbsGrams);
    if (row.eventType === 'activity' && row.activityMinutes !== null) doc.duration = row.activityMinutes;
    if (row.eventType === 'medication' && row.medicationName) notes.push(row.medicationName);
    if (row.note) notes.push(row.note);
  }
  if (notes.length > 0) doc.notes = notes.join('\n');
  if (first.externalId) {
    const [field, ...rest] = first.externalId.split(':');
    if (field && IDENTITY_FIELDS.includes(field)) doc[field] = rest.join(':');
  } else {
    doc.enteredBy = 'GlucoSuivi';
  }
  return doc;
}

function fingerStickTreatment(patientId: string, row: repo.FingerStickRow): NightscoutTreatment {
  return {
    _id: treatmentId(patientId, 'reading', row.id),
    eventType: 'BG Check',
    created_at: row.measuredAt.toISOString(),
    utcOffset: 0,
    glucose: r1(row.valueMgdl),
    glucoseType: row.source === 'meter' ? 'Finger' : 'Manual',
    units: 'mg/dl',
    ...(row.note ? { notes: row.note } : {}),
  };
}

/** The rows a `find[uuid|identifier|syncIdentifier|_id]` names, or null without one. */
async function identityScope(tx: Tx, patientId: string, query: NightscoutTreatmentsQuery): Promise<repo.TreatmentScope | null> {
  const id = query['find[_id]'];
  if (id !== undefined) return { ids: /^[0-9a-f]{24}$/i.test(id) ? await repo.idsOfAnsweredId(tx, patientId, id.toLowerCase()) : [] };
  for (const field of ['uuid', 'identifier', 'syncIdentifier'] as const) {
    const value = query[`find[${field}]`];
    if (value !== undefined) return { ids: await repo.eventIdsOfKeys(tx, patientId, [`${field}:${value.trim()}`]) };
  }
  return null;
}

/**
 * GET treatments(.json): the patient's events and finger-stick readings as treatments, newest
 * first; `count` (default 100), `find[eventType]`, `find[created_at]` (default: the last 4 days).
 */
export async function listTreatments(deps: NightscoutDeps, credentials: UploaderCredentials, query: NightscoutTreatmentsQuery): Promise<NightscoutTreatment[]> {
  const uploader = await requireUploader(deps, credentials);
  const window = windowOf(
    [
      ['find[created_at][$gte]', 'from', true, query['find[created_at][$gte]']],
      ['find[created_at][$gt]', 'from', false, query['find[created_at][$gt]']],
      ['find[created_at][$lte]', 'to', true, query['find[created_at][$lte]']],
      ['find[created_at][$lt]', 'to', false, query['find[created_at][$lt]']],
    ],
    deps.clock.now(),
  );
  const limit = Math.min(query.count ?? TREATMENTS_DEFAULT_COUNT, TREATMENTS_MAX_COUNT);
  const wanted = query['find[eventType]'];
  const patientId = uploader.patient.userId;
  const { events, sticks } = await deps.database.asActor(uploader.patient, async (tx) => {
    // A lookup by identity names its treatment whenever it was: no default period then.
    const scope: repo.TreatmentScope = (await identityScope(tx, patientId, query)) ?? { window };
    return {
      // A sent document is at most three events (insulin, carbs, activity): enough rows for `limit` treatments.
      events: wanted === 'BG Check' ? [] : await repo.listTreatmentEvents(tx, patientId, scope, wanted, limit * 3),
      sticks: wanted === undefined || wanted === 'BG Check' ? await repo.listFingerSticks(tx, patientId, scope, limit) : [],
    };
  });
  await recordRead(deps, uploader);

  const groups = new Map<string, repo.TreatmentEventRow[]>();
  for (const row of events) {
    const key = row.externalId ? `x:${row.externalId}` : `e:${row.id}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const treatments = [...[...groups.values()].map((rows) => eventTreatment(patientId, rows)), ...sticks.map((row) => fingerStickTreatment(patientId, row))];
  treatments.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a._id < b._id ? 1 : -1));
  return treatments.slice(0, limit);
}
