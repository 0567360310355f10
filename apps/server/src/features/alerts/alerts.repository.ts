import { and, count, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { DEFAULT_ALERT_SETTINGS, type AlertSettings } from '@glucosuivi/domain/alerts/alert-settings.schemas';
import type { Alert, AlertKind, AlertStatus } from '@glucosuivi/domain/alerts/alerts.schemas';
import type { AlertCandidate } from '@glucosuivi/domain/alerts/alerts.rules';
import type { Db, Tx } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/open-database';
import { profiles } from '../accounts/accounts.tables';
import { careLinks } from '../care-team/care-team.tables';
import { userSettings } from '../settings/settings.tables';
import { glucoseReadings } from '../measurements/measurements.tables';
import { nightscoutUploaders } from '../nightscout/nightscout.tables';
import { alerts, alertSettings } from './alerts.tables';

type AlertRow = typeof alerts.$inferSelect;

function toAlert(row: AlertRow): Alert {
  return {
    id: row.id,
    kind: row.kind as AlertKind,
    status: row.status as AlertStatus,
    origin: row.origin as Alert['origin'],
    measurementId: row.measurementId,
    glucoseMgdl: row.glucoseMgdl,
    systolic: row.systolic,
    diastolic: row.diastolic,
    occurredAt: row.occurredAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    acknowledgedBy: row.acknowledgedBy,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolvedBy: row.resolvedBy,
  };
}

/** Inserts the candidates; those already raised (same dedup key) are skipped. Returns the new ones. */
export async function insertAlerts(tx: Tx, patientId: string, candidates: AlertCandidate[], createdAt: Date): Promise<Alert[]> {
  if (candidates.length === 0) return [];
  const rows = await tx
    .insert(alerts)
    .values(
      candidates.map((c) => ({
        patientId,
        kind: c.kind,
        origin: c.origin,
        dedupKey: c.dedupKey,
        measurementId: c.measurementId,
        glucoseMgdl: c.glucoseMgdl,
        systolic: c.systolic,
        diastolic: c.diastolic,
        occurredAt: new Date(c.occurredAt),
        createdAt,
      })),
    )
    .onConflictDoNothing({ target: [alerts.patientId, alerts.dedupKey] })
    .returning();
  return rows.map(toAlert);
}

export async function findAlert(tx: Tx, patientId: string, id: string): Promise<Alert | undefined> {
  const [row] = await tx.select().from(alerts).where(and(eq(alerts.patientId, patientId), eq(alerts.id, id)));
  return row ? toAlert(row) : undefined;
}

export async function updateAlertStatus(
  tx: Tx,
  patientId: string,
  id: string,
  changes: Partial<Pick<AlertRow, 'status' | 'acknowledgedAt' | 'acknowledgedBy' | 'resolvedAt' | 'resolvedBy'>>,
): Promise<Alert | undefined> {
  const [row] = await tx
    .update(alerts)
    .set(changes)
    .where(and(eq(alerts.patientId, patientId), eq(alerts.id, id)))
    .returning();
  return row ? toAlert(row) : undefined;
}

/** Newest first; keyset on (created_at, id) strictly before the cursor. */
export async function listAlertRows(
  tx: Tx,
  patientId: string,
  options: { status?: AlertStatus; before?: { createdAt: Date; id: string }; limit: number },
): Promise<Alert[]> {
  const conditions = [eq(alerts.patientId, patientId)];
  if (options.status) conditions.push(eq(alerts.status, options.status));
  if (options.before) {
    const { createdAt, id } = options.before;
    conditions.push(
      or(lt(alerts.createdAt, createdAt), and(eq(alerts.createdAt, createdAt), lt(alerts.id, id))) ?? sql`false`,
    );
  }
  const rows = await tx
    .select()
    .from(alerts)
    .where(and(...conditions))
    .orderBy(desc(alerts.createdAt), desc(alerts.id))
    .limit(options.limit);
  return rows.map(toAlert);
}

export async function countAlertsByStatus(tx: Tx, patientId: string): Promise<Record<AlertStatus, number>> {
  const rows = await tx
    .select({ status: alerts.status, n: count() })
    .from(alerts)
    .where(eq(alerts.patientId, patientId))
    .groupBy(alerts.status);
  const out: Record<AlertStatus, number> = { open: 0, acknowledged: 0, resolved: 0 };
  for (const row of rows) if (row.status in out) out[row.status as AlertStatus] = Number(row.n);
  return out;
}

/** Alerts of the given kinds whose condition occurred in [from, to). */
export async function countAlertsOccurred(tx: Tx, patientId: string, kinds: AlertKind[], from: Date, to: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(alerts)
    .where(and(eq(alerts.patientId, patientId), inArray(alerts.kind, kinds), gte(alerts.occurredAt, from), lt(alerts.occurredAt, to)));
  return Number(row?.n ?? 0);
}

/** Quiet hours of a recipient (local 'HH:MM', both or neither) and their time zone. */
export interface QuietHours {
  quietHoursStart: string | null;
  quietHoursEnd: string | null;
  timeZone: string;
}

/** A patient's own delivery preferences for alerts (settings; defaults when never saved). */
export async function patientAlertChannels(db: Db, patientId: string): Promise<{ push: boolean; email: boolean } & QuietHours> {
  const [row] = await db
    .select({
      push: userSettings.notificationsPush,
      email: userSettings.emailAlerts,
      quietHoursStart: userSettings.quietHoursStart,
      quietHoursEnd: userSettings.quietHoursEnd,
      timeZone: userSettings.timezone,
    })
    .from(userSettings)
    .where(eq(userSettings.userId, patientId));
  return {
    push: row?.push ?? true,
    email: row?.email ?? false,
    quietHoursStart: row?.quietHoursStart ?? null,
    quietHoursEnd: row?.quietHoursEnd ?? null,
    timeZone: row?.timeZone ?? 'Europe/Paris',
  };
}

export interface AlertFollower extends QuietHours {
  professionalId: string;
  scopes: string[];
  push: boolean;
  email: boolean;
}

/**
 * The professionals who asked to be told of this patient's alerts: active links with
 * `alert_notifications`, with what each link shares and each professional's own channels. Read
 * by the delivery job on the owner connection (no request actor); the shared categories decide
 * per alert in the service.
 */
export async function alertFollowers(db: Db, patientId: string): Promise<AlertFollower[]> {
  const rows = await db
    .select({
      professionalId: careLinks.professionalId,
      scopes: careLinks.scopes,
      push: userSettings.notificationsPush,
      email: userSettings.emailAlerts,
      quietHoursStart: userSettings.quietHoursStart,
      quietHoursEnd: userSettings.quietHoursEnd,
      timeZone: userSettings.timezone,
    })
    .from(careLinks)
    .leftJoin(userSettings, eq(userSettings.userId, careLinks.professionalId))
    .where(and(eq(careLinks.patientId, patientId), eq(careLinks.status, 'active'), eq(careLinks.alertNotifications, true)));
  return rows.map((row) => ({
    professionalId: row.professionalId,
    scopes: row.scopes,
    push: row.push ?? true,
    email: row.email ?? false,
    quietHoursStart: row.quietHoursStart,
    quietHoursEnd: row.quietHoursEnd,
    timeZone: row.timeZone ?? 'Europe/Paris',
  }));
}

/** One alert of a patient with the patient's name, as the recipient's row-level security lets them see it. */
export async function findAlertWithPatientName(tx: Tx, alertId: string) {
  const [row] = await tx
    .select({ alert: alerts, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(alerts)
    .leftJoin(profiles, eq(profiles.id, alerts.patientId))
    .where(eq(alerts.id, alertId));
  return row ? { alert: toAlert(row.alert), patientId: row.alert.patientId, firstName: row.firstName ?? '', lastName: row.lastName } : undefined;
}

/** The user's own time zone (settings), for the times an e-mail quotes. */
export async function userTimeZone(tx: Tx, userId: string): Promise<string> {
  const [row] = await tx.select({ timeZone: userSettings.timezone }).from(userSettings).where(eq(userSettings.userId, userId));
  return row?.timeZone ?? 'Europe/Paris';
}

/** The patient's live alert settings, the defaults when never saved. */
export async function findAlertSettings(tx: Tx | Db, patientId: string): Promise<AlertSettings> {
  const [row] = await tx.select().from(alertSettings).where(eq(alertSettings.patientId, patientId));
  if (!row) return DEFAULT_ALERT_SETTINGS;
  return {
    urgentLowSoonMgdl: row.urgentLowSoonMgdl,
    rateAlerts: row.rateAlerts,
    rateMgdlPerMin: row.rateMgdlPerMin,
    signalLoss: row.signalLoss,
    signalLossMinutes: row.signalLossMinutes,
  };
}

export async function saveAlertSettings(tx: Tx, patientId: string, settings: AlertSettings, now: Date): Promise<void> {
  const values = { ...settings, updatedAt: now };
  await tx
    .insert(alertSettings)
    .values({ patientId, ...values })
    .onConflictDoUpdate({ target: alertSettings.patientId, set: values });
}

/** The newest alert of each of the given kinds (by creation), for the re-alert rules. */
export async function latestAlertsOfKinds(tx: Tx, patientId: string, kinds: readonly AlertKind[]): Promise<Map<AlertKind, Alert>> {
  const out = new Map<AlertKind, Alert>();
  for (const kind of kinds) {
    const [row] = await tx
      .select()
      .from(alerts)
      .where(and(eq(alerts.patientId, patientId), eq(alerts.kind, kind)))
      .orderBy(desc(alerts.createdAt), desc(alerts.id))
      .limit(1);
    if (row) out.set(kind, toAlert(row));
  }
  return out;
}

/** Closes the patient's signal-loss alerts still open or seen: a reading came. Returns them. */
export async function resolveSignalLossAlerts(tx: Tx, patientId: string, now: Date): Promise<Alert[]> {
  const rows = await tx
    .update(alerts)
    .set({ status: 'resolved', resolvedAt: now })
    .where(and(eq(alerts.patientId, patientId), eq(alerts.kind, 'signal_loss'), inArray(alerts.status, ['open', 'acknowledged'])))
    .returning();
  return rows.map(toAlert);
}

export interface SilentUploaderPatient {
  patientId: string;
  lastReadingAt: Date;
}

/**
 * Patients with an active uploader (not revoked, an upload within `activeSince`) whose newest
 * device reading is older than `silentSince` but not older than `activeSince`. Read by the
 * signal-loss job on the owner connection; each patient's own wait is checked in the service.
 */
export async function silentUploaderPatients(db: Db, activeSince: Date, silentSince: Date): Promise<SilentUploaderPatient[]> {
  const result = await db.execute(sql`
    select u.patient_id as "patientId", max(g.measured_at) as "lastReadingAt"
      from (select distinct ${nightscoutUploaders.patientId} as patient_id
              from ${nightscoutUploaders}
             where ${nightscoutUploaders.revokedAt} is null
               and ${nightscoutUploaders.lastUploadAt} >= ${activeSince.toISOString()}) u
      join ${glucoseReadings} g
        on g.patient_id = u.patient_id
       and g.measured_at >= ${activeSince.toISOString()}
       and g.source in ('cgm', 'import', 'nightscout')
     group by u.patient_id
    having max(g.measured_at) <= ${silentSince.toISOString()}`);
  return rowsOf<{ patientId: string; lastReadingAt: string | Date }>(result).map((row) => ({ patientId: row.patientId, lastReadingAt: new Date(row.lastReadingAt) }));
}
