import type { ShareCategory } from '@glucosuivi/domain/care-team/care-team.schemas';
import { categoryOfKind } from '@glucosuivi/domain/care-team/care-team.rules';
import {
  TRIAGE_DAYS,
  type AlertNotifications,
  type ConsultationNote,
  type DoctorProfile,
  type DoctorProfileUpdate,
  type PatientAnalytics,
  type PatientEntries,
  type TriageList,
  type TriageQuery,
  type TriageRow,
} from '@glucosuivi/domain/doctor/doctor.schemas';
import { arrangeTriage } from '@glucosuivi/domain/doctor/doctor.rules';
import { ALERT_KINDS, type Alert } from '@glucosuivi/domain/alerts/alerts.schemas';
import { alertReachesProfessional } from '@glucosuivi/domain/alerts/alerts.rules';
import { figuresFromSums, SUFFICIENT_ACTIVE_PERCENT, SUFFICIENT_DAYS } from '@glucosuivi/domain/glucose/metrics';
import { cgmCoverageSufficient } from '@glucosuivi/domain/measurements/glucose-figures';
import { roundHalfUp } from '@glucosuivi/domain/glucose/stats';
import { lastLocalDays } from '@glucosuivi/domain/glucose/timezone';
import { MEASUREMENT_KINDS } from '@glucosuivi/domain/measurements/measurements.schemas';
import { type GlucoseSeriesResponse } from '@glucosuivi/domain/measurements/summary.schemas';
import type { TargetsInput } from '@glucosuivi/domain/profile/profile.schemas';
import type { Actor, Database, Tx } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/app-error';
import type { EventBus } from '../../platform/events/event-bus';
import { acknowledgeAlertInTx, listActiveAlertsInTx, publishStatusChange } from '../alerts/alerts.service';
import { logProfessionalListReadInTx, logProfessionalReadInTx } from '../care-team/access-log.service';
import { activeLinkInTx, setLinkAlertNotificationsInTx } from '../care-team/care-links.service';
import { ownNameInTx, requireProfessional, type ClientInfo } from '../care-team/care-team.service';
import { sharedSummaryInTx } from '../care-team/share-links.service';
import { glucoseSeriesInTx, recentEntriesInTx } from '../measurements/measurements.service';
import { setTargetsInTx, targetsInTx } from '../profile/profile.service';
import {
  deleteNoteRow,
  findOwnDoctorRow,
  insertNote,
  isActiveSpecialty,
  listNotesRows,
  triageRows,
  updateNoteRow,
  updateOwnSpeciality,
  type TriageDbRow,
} from './doctor.repository';

export interface DoctorDeps {
  database: Database;
  clock: Clock;
  events: EventBus;
}

const DAY_MS = 86_400_000;
const READINGS_PER_DAY = 288;

export interface PatientAccess {
  tx: Tx;
  professional: Actor;
  patientId: string;
  scopes: ShareCategory[];
  linkId: string;
  /** The professional asked to be told of this patient's alerts. */
  alertNotifications: boolean;
  now: Date;
  /** Writes the access-log rows of what this request read. */
  logRead(categories: ShareCategory[]): Promise<void>;
}

/**
 * Runs `fn` as the professional with the patient's active care link checked first: no link, or
 * (with `category`) a category not shared, is `not_found` — exactly what an unknown patient id
 * answers. RLS applies underneath, so a bug here still reads nothing it should not.
 */
export async function withPatient<T>(
  deps: DoctorDeps,
  actor: Actor | null,
  patientId: string,
  client: ClientInfo,
  category: ShareCategory | null,
  fn: (access: PatientAccess) => Promise<T>,
): Promise<T> {
  const professional = requireProfessional(actor);
  const now = deps.clock.now();
  return deps.database.asActor(professional, async (tx) => {
    const link = await activeLinkInTx(tx, patientId, professional.userId);
    if (!link || (category && !link.scopes.includes(category))) throw new AppError('not_found');
    let name: string | undefined;
    return fn({
      tx,
      professional,
      patientId,
      scopes: link.scopes,
      linkId: link.id,
      alertNotifications: link.alertNotifications,
      now,
      logRead: async (categories) => {
        if (categories.length === 0) return;
        name ??= await ownNameInTx(tx, professional.userId);
        await logProfessionalReadInTx(tx, { patientId, professionalId: professional.userId, professionalName: name, categories, at: now, client });
      },
    });
  });
}

export async function patientAnalytics(deps: DoctorDeps, actor: Actor | null, patientId: string, days: number, client: ClientInfo): Promise<PatientAnalytics> {
  return withPatient(deps, actor, patientId, client, null, async ({ tx, scopes, now, logRead }) => {
    const { summary, context, read } = await sharedSummaryInTx(tx, patientId, scopes, (timeZone) => lastLocalDays(now.getTime(), days, timeZone), 'daily_rows');
    const { targetsSetBy } = await targetsInTx(tx, patientId);
    await logRead(read);
    return { patient: { id: patientId, firstName: context.firstName, lastName: context.lastName }, summary, targetsSetBy };
  });
}

export async function patientGlucoseSeries(
  deps: DoctorDeps,
  actor: Actor | null,
  patientId: string,
  range: { from: string; to: string },
  client: ClientInfo,
): Promise<GlucoseSeriesResponse> {
  return withPatient(deps, actor, patientId, client, 'glucose', async ({ tx, logRead }) => {
    const series = await glucoseSeriesInTx(tx, patientId, new Date(range.from), new Date(range.to));
    await logRead(['glucose']);
    return series;
  });
}

/** The latest entries of the kinds whose category is shared; none shared is `not_found`. */
export async function patientEntries(deps: DoctorDeps, actor: Actor | null, patientId: string, limit: number, client: ClientInfo): Promise<PatientEntries> {
  return withPatient(deps, actor, patientId, client, null, async ({ tx, scopes, logRead }) => {
    const kinds = MEASUREMENT_KINDS.filter((kind) => scopes.includes(categoryOfKind(kind)));
    if (kinds.length === 0) throw new AppError('not_found');
    const items = await recentEntriesInTx(tx, patientId, kinds, limit);
    await logRead([...new Set(items.map((item) => categoryOfKind(item.kind)))]);
    return { items };
  });
}

type PatientAlert = Alert & { acknowledgedByWho: 'patient' | 'you' | 'care_team' | null };

/** Who acknowledged, as the reading professional may know them. */
function withAcknowledger(alert: Alert, patientId: string, readerId: string): PatientAlert {
  const by = alert.acknowledgedBy;
  return { ...alert, acknowledgedByWho: by === null ? null : by === patientId ? 'patient' : by === readerId ? 'you' : 'care_team' };
}

export async function patientAlerts(deps: DoctorDeps, actor: Actor | null, patientId: string, client: ClientInfo): Promise<{ items: PatientAlert[] }> {
  return withPatient(deps, actor, patientId, client, 'alerts', async ({ tx, professional, logRead }) => {
    const items = await listActiveAlertsInTx(tx, patientId, 100);
    await logRead(['alerts']);
    return { items: items.map((alert) => withAcknowledger(alert, patientId, professional.userId)) };
  });
}

export async function acknowledgePatientAlert(deps: DoctorDeps, actor: Actor | null, patientId: string, alertId: string, client: ClientInfo): Promise<PatientAlert> {
  const alert = await withPatient(deps, actor, patientId, client, 'alerts', async ({ tx, professional, now, logRead }) => {
    const alert = await acknowledgeAlertInTx(tx, patientId, alertId, professional.userId, now);
    if (!alert) throw new AppError('not_found');
    await logRead(['alerts']);
    return alert;
  });
  const readerId = requireProfessional(actor).userId;
  await publishStatusChange(deps.events, patientId, alert, readerId);
  return withAcknowledger(alert, patientId, readerId);
}

export async function setPatientTargets(deps: DoctorDeps, actor: Actor | null, patientId: string, targets: TargetsInput, client: ClientInfo) {
  const saved = await withPatient(deps, actor, patientId, client, null, async ({ tx, professional, now }) =>
    setTargetsInTx(tx, patientId, targets, { userId: professional.userId, name: await ownNameInTx(tx, professional.userId) }, now),
  );
  await deps.events.publish({ type: 'targets.changed', patientId, changedBy: requireProfessional(actor).userId });
  return saved;
}

// --- Alert notifications ----------------------------------------------------------------------

const alertNotificationsOf = (scopes: readonly ShareCategory[], enabled: boolean): AlertNotifications => ({
  enabled,
  available: ALERT_KINDS.some((kind) => alertReachesProfessional(kind, scopes)),
});

export async function getAlertNotifications(deps: DoctorDeps, actor: Actor | null, patientId: string, client: ClientInfo): Promise<AlertNotifications> {
  return withPatient(deps, actor, patientId, client, null, async ({ scopes, alertNotifications }) => alertNotificationsOf(scopes, alertNotifications));
}

export async function setAlertNotifications(deps: DoctorDeps, actor: Actor | null, patientId: string, enabled: boolean, client: ClientInfo): Promise<AlertNotifications> {
  return withPatient(deps, actor, patientId, client, null, async ({ tx, scopes, linkId }) => {
    if (!(await setLinkAlertNotificationsInTx(tx, linkId, enabled))) throw new AppError('not_found');
    return alertNotificationsOf(scopes, enabled);
  });
}

// --- Consultation notes -----------------------------------------------------------------------

const toNote = (row: { id: string; body: string; createdAt: Date; updatedAt: Date }): ConsultationNote => ({
  id: row.id,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listNotes(deps: DoctorDeps, actor: Actor | null, patientId: string, client: ClientInfo) {
  return withPatient(deps, actor, patientId, client, null, async ({ tx, professional }) => ({
    items: (await listNotesRows(tx, patientId, professional.userId)).map(toNote),
  }));
}

export async function createNote(deps: DoctorDeps, actor: Actor | null, patientId: string, body: string, client: ClientInfo) {
  return withPatient(deps, actor, patientId, client, null, async ({ tx, professional, now }) =>
    toNote(await insertNote(tx, { patientId, professionalId: professional.userId, body, createdAt: now, updatedAt: now })),
  );
}

export async function updateNote(deps: DoctorDeps, actor: Actor | null, patientId: string, noteId: string, body: string, client: ClientInfo) {
  return withPatient(deps, actor, patientId, client, null, async ({ tx, professional, now }) => {
    const row = await updateNoteRow(tx, patientId, professional.userId, noteId, body, now);
    if (!row) throw new AppError('not_found');
    return toNote(row);
  });
}

export async function deleteNote(deps: DoctorDeps, actor: Actor | null, patientId: string, noteId: string, client: ClientInfo) {
  return withPatient(deps, actor, patientId, client, null, async ({ tx, professional }) => {
    if (!(await deleteNoteRow(tx, patientId, professional.userId, noteId))) throw new AppError('not_found');
    return { ok: true as const };
  });
}

// --- Triage -----------------------------------------------------------------------------------

const pct = (part: number, whole: number): number => roundHalfUp((part / whole) * 100, 1);
const toIso = (value: string | Date | null): string | null => (value === null ? null : new Date(value).toISOString());

/** One row of the list from the aggregate sums over `days` days; categories not shared become `{ notShared: true }`. */
export function toTriageRow(row: TriageDbRow, now: number, days: number = TRIAGE_DAYS): TriageRow {
  const window = lastLocalDays(now, days, row.time_zone);
  const scopes = row.scopes as ShareCategory[];
  const n = row.n ?? 0;
  let glucose: TriageRow['glucose'] = { notShared: true };
  if (scopes.includes('glucose')) {
    const figures = figuresFromSums({
      n,
      sumMgdl: row.sum_mgdl ?? 0,
      sumSquares: row.sum_squares ?? 0,
      bandCounts: { very_low: row.n_very_low ?? 0, low: row.n_low ?? 0, in_range: row.n_in_range ?? 0, high: row.n_high ?? 0, very_high: row.n_very_high ?? 0 },
    });
    const expected = Math.max(1, ((window.to - window.from) / DAY_MS) * READINGS_PER_DAY);
    const activePercent = Math.min(100, pct(row.n_device ?? 0, expected));
    const daysWithData = row.days_with_data ?? 0;
    glucose = {
      lastReadingAt: toIso(row.last_at),
      readings: n,
      inRange: figures?.inRange ?? null,
      belowRange: figures?.belowRange ?? null,
      veryLow: figures?.veryLow ?? null,
      aboveRange: figures?.aboveRange ?? null,
      // GMI is defined on continuous data only: shown when the sensor covered enough of the
      // period, by the rule of every other surface (glucose-figures.ts).
      gmi: cgmCoverageSufficient(activePercent) ? (figures?.gmi ?? null) : null,
      cv: figures?.cv ?? null,
      daysWithData,
      activePercent,
      sufficient: daysWithData >= SUFFICIENT_DAYS && activePercent >= SUFFICIENT_ACTIVE_PERCENT,
    };
  }
  return {
    patientId: row.patient_id,
    firstName: row.first_name ?? '',
    lastName: row.last_name,
    categories: scopes,
    glucose,
    alerts: scopes.includes('alerts') ? { open: row.open_alerts ?? 0, urgent: row.urgent_alerts ?? 0 } : { notShared: true },
    hba1c: scopes.includes('hba1c')
      ? row.hba1c_percent !== null && row.hba1c_at !== null
        ? { percent: roundHalfUp(row.hba1c_percent, 1), measuredAt: new Date(row.hba1c_at).toISOString() }
        : null
      : { notShared: true },
    advice: row.advice_findings && row.advice_computed_at ? { findings: row.advice_findings, computedAt: new Date(row.advice_computed_at).toISOString() } : null,
  };
}

/**
 * The professional's patient list. Each patient's figures cover the last 14 days of their own
 * time zone (lastLocalDays, the daily aggregates being kept per local day), like their page;
 * metrics use the standard bands, so patients compare on one scale. Each patient's shared categories are logged at most once an hour.
 */
export async function triage(deps: DoctorDeps, actor: Actor | null, query: TriageQuery, client: ClientInfo): Promise<TriageList> {
  const { rows, period } = await linkedPatientRows(deps, actor, TRIAGE_DAYS, ['glucose', 'alerts', 'hba1c'], client);
  return { items: arrangeTriage(rows, query), total: rows.length, period };
}

/**
 * Every linked patient's triage row over the last `days` days (the triage list's, and department
 * tracking's population view, which must show the same figures); the `read` categories each
 * patient shares are written to their access log, at most once an hour.
 */
export async function linkedPatientRows(
  deps: DoctorDeps,
  actor: Actor | null,
  days: number,
  read: readonly ShareCategory[],
  client: ClientInfo,
): Promise<{ rows: TriageRow[]; period: TriageList['period'] }> {
  const professional = requireProfessional(actor);
  const now = deps.clock.now();
  // The list's own period, in the professional's zone; each patient's figures use the patient's.
  const period = lastLocalDays(now.getTime(), days, 'Europe/Paris');
  return deps.database.asActor(professional, async (tx) => {
    const rows = (await triageRows(tx, professional.userId, now, days)).map((row) => toTriageRow(row, now.getTime(), days));
    const reads = rows.flatMap((row) => read.filter((c) => row.categories.includes(c)).map((category) => ({ patientId: row.patientId, category })));
    if (reads.length > 0) {
      await logProfessionalListReadInTx(tx, {
        reads,
        professionalId: professional.userId,
        professionalName: await ownNameInTx(tx, professional.userId),
        at: now,
        client,
      });
    }
    return { rows, period: { from: new Date(period.from).toISOString(), to: now.toISOString(), days } };
  });
}

// --- The professional's own profile -----------------------------------------------------------

type DoctorRow = NonNullable<Awaited<ReturnType<typeof findOwnDoctorRow>>>;

const toDoctorProfile = (row: DoctorRow): DoctorProfile => ({
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  medicalLicense: row.medicalLicense,
  speciality: row.speciality,
  specialityName: row.specialityName,
  verified: row.verifiedAt !== null,
  verifiedAt: row.verifiedAt?.toISOString() ?? null,
  rejectedAt: row.rejectedAt?.toISOString() ?? null,
  rejectionReason: row.rejectedAt ? row.rejectionReason : null,
  inviteCode: row.inviteCode,
  createdAt: row.createdAt.toISOString(),
});

/**
 * A doctor account without a `doctors` row (registration kept going when the row could not be
 * made, SPEC §8) has no profile to show: not found, like a caller who is not a professional.
 */
export async function getDoctorProfile(deps: DoctorDeps, actor: Actor | null): Promise<DoctorProfile> {
  const professional = requireProfessional(actor);
  return deps.database.asActor(professional, async (tx) => {
    const row = await findOwnDoctorRow(tx, professional.userId);
    if (!row) throw new AppError('not_found');
    return toDoctorProfile(row);
  });
}

export async function updateDoctorProfile(deps: DoctorDeps, actor: Actor | null, input: DoctorProfileUpdate): Promise<DoctorProfile> {
  const professional = requireProfessional(actor);
  return deps.database.asActor(professional, async (tx) => {
    if (input.speciality !== null && !(await isActiveSpecialty(tx, input.speciality))) {
      throw new AppError('validation_failed', 'Unknown speciality', [
        { path: ['body', 'speciality'], code: 'unknown_speciality', message: 'Unknown speciality' },
      ]);
    }
    if (!(await updateOwnSpeciality(tx, professional.userId, input.speciality))) throw new AppError('not_found');
    const row = await findOwnDoctorRow(tx, professional.userId);
    if (!row) throw new AppError('not_found');
    return toDoctorProfile(row);
  });
}
