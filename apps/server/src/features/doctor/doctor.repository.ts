import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AdviceSignalFinding } from '@glucosuivi/domain/advice/advice.schemas';
import type { Tx } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/open-database';
import { medicalSpecialties } from '../accounts/accounts.tables';
import { consultationNotes, doctors } from './doctor.tables';

export type NoteRow = typeof consultationNotes.$inferSelect;

export interface TriageDbRow {
  patient_id: string;
  scopes: string[];
  time_zone: string;
  from_day: string;
  first_name: string | null;
  last_name: string | null;
  n: number | null;
  n_device: number | null;
  sum_mgdl: number | null;
  sum_squares: number | null;
  n_very_low: number | null;
  n_low: number | null;
  n_in_range: number | null;
  n_high: number | null;
  n_very_high: number | null;
  days_with_data: number | null;
  last_at: string | Date | null;
  open_alerts: number | null;
  urgent_alerts: number | null;
  hba1c_percent: number | null;
  hba1c_at: string | Date | null;
  /** The link's advice signal, null until computed for the link's current categories. */
  advice_findings: AdviceSignalFinding[] | null;
  advice_computed_at: string | Date | null;
}

/**
 * Every linked patient of the acting professional with the sums of their daily glucose
 * aggregates over the last `days` local days (each patient's own time zone), their open alerts
 * and last HbA1c — one statement, run under the professional's RLS, so a category the patient
 * does not share comes back empty from the database itself (the service also marks it "not
 * shared" from the link's scopes).
 */
export async function triageRows(tx: Tx, professionalId: string, now: Date, days: number): Promise<TriageDbRow[]> {
  return rowsOf<TriageDbRow>(await tx.execute(triageSql(professionalId, now, days)));
}

/**
 * The first local day of "the last `days` days" at `now` in `zone`, in SQL: the same date as
 * lastLocalDays(now, days, zone).firstDay (checked zone by zone, DST days included, in
 * triage-period.int.test.ts). The aggregates are keyed by the same local days.
 */
export function firstLocalDaySql(now: Date, days: number, zone: SQL) {
  return sql`((${now.toISOString()}::timestamptz at time zone ${zone})::date - ${days - 1}::int)`;
}

/** The statement of triageRows (exported for the benchmark's EXPLAIN). */
export function triageSql(professionalId: string, now: Date, days: number) {
  const zone = sql`coalesce(st.timezone, 'Europe/Paris')`;
  // Every per-patient part is a LATERAL over an index range of that patient (14 aggregate rows,
  // open alerts, newest aggregate, newest HbA1c): CTEs joined afterwards were planned as nested
  // loops over unindexed CTE scans (500 × 500 comparisons, measured in bench/triage.ts).
  return sql`
    select l.patient_id, l.scopes, ${zone} as time_zone, ${firstLocalDaySql(now, days, zone)}::text as from_day, p.first_name, p.last_name,
      agg.n, agg.n_device, agg.sum_mgdl, agg.sum_squares, agg.n_very_low, agg.n_low, agg.n_in_range, agg.n_high, agg.n_very_high,
      agg.days_with_data, last_reading.last_at, oa.open_alerts, oa.urgent_alerts, h.hba1c_percent, h.measured_at as hba1c_at,
      sig.findings as advice_findings, sig.computed_at as advice_computed_at
    from care_links l
    left join profiles p on p.id = l.patient_id
    left join user_settings st on st.user_id = l.patient_id
    left join lateral (
      select sum(a.n)::int as n, sum(a.n_device)::int as n_device,
        sum(a.sum_mgdl::float8) as sum_mgdl, sum(a.sum_squares::float8) as sum_squares,
        sum(a.n_very_low)::int as n_very_low, sum(a.n_low)::int as n_low, sum(a.n_in_range)::int as n_in_range,
        sum(a.n_high)::int as n_high, sum(a.n_very_high)::int as n_very_high,
        count(*)::int as days_with_data
      from glucose_daily_aggregates a
      where a.patient_id = l.patient_id and a.day >= ${firstLocalDaySql(now, days, zone)}
    ) agg on true
    left join lateral (
      select count(*)::int as open_alerts,
        count(*) filter (where al.kind in ('urgent_hypo', 'bp_urgent'))::int as urgent_alerts
      from alerts al
      where al.patient_id = l.patient_id and al.status = 'open'
    ) oa on true
    left join lateral (
      select d.last_at from glucose_daily_aggregates d where d.patient_id = l.patient_id order by d.day desc limit 1
    ) last_reading on true
    left join lateral (
      select hm.hba1c_percent, hm.measured_at from health_measurements hm
      where hm.patient_id = l.patient_id and hm.kind = 'hba1c'
      order by hm.measured_at desc limit 1
    ) h on true
    -- Computed from exactly the categories the link shares now (RLS says the same).
    left join advice_signals sig on sig.link_id = l.id and sig.scopes = l.scopes
    where l.professional_id = ${professionalId} and l.status = 'active'`;
}

// --- The professional's own record ------------------------------------------------------------

/** The acting professional's row with the speciality's name (own row under RLS). */
export async function findOwnDoctorRow(tx: Tx, userId: string) {
  const [row] = await tx
    .select({
      firstName: doctors.firstName,
      lastName: doctors.lastName,
      email: doctors.email,
      medicalLicense: doctors.medicalLicense,
      speciality: doctors.speciality,
      specialityName: medicalSpecialties.name,
      verifiedAt: doctors.verifiedAt,
      rejectedAt: doctors.rejectedAt,
      rejectionReason: doctors.rejectionReason,
      inviteCode: doctors.inviteCode,
      createdAt: doctors.createdAt,
    })
    .from(doctors)
    .leftJoin(medicalSpecialties, eq(medicalSpecialties.id, doctors.speciality))
    .where(eq(doctors.userId, userId));
  return row;
}

export async function isActiveSpecialty(tx: Tx, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: medicalSpecialties.id })
    .from(medicalSpecialties)
    .where(and(eq(medicalSpecialties.id, id), eq(medicalSpecialties.isActive, true)));
  return Boolean(row);
}

/** Sets the speciality of the acting professional's row; false when they have none. */
export async function updateOwnSpeciality(tx: Tx, userId: string, speciality: string | null): Promise<boolean> {
  const rows = await tx.update(doctors).set({ speciality }).where(eq(doctors.userId, userId)).returning({ id: doctors.id });
  return rows.length > 0;
}

// --- Consultation notes (the professional's own, about a linked patient) ----------------------

export async function listNotesRows(tx: Tx, patientId: string, professionalId: string): Promise<NoteRow[]> {
  return tx
    .select()
    .from(consultationNotes)
    .where(and(eq(consultationNotes.patientId, patientId), eq(consultationNotes.professionalId, professionalId)))
    .orderBy(desc(consultationNotes.createdAt));
}

export async function insertNote(tx: Tx, values: typeof consultationNotes.$inferInsert): Promise<NoteRow> {
  const [row] = await tx.insert(consultationNotes).values(values).returning();
  return row as NoteRow;
}

export async function updateNoteRow(tx: Tx, patientId: string, professionalId: string, id: string, body: string, at: Date) {
  const [row] = await tx
    .update(consultationNotes)
    .set({ body, updatedAt: at })
    .where(and(eq(consultationNotes.id, id), eq(consultationNotes.patientId, patientId), eq(consultationNotes.professionalId, professionalId)))
    .returning();
  return row;
}

export async function deleteNoteRow(tx: Tx, patientId: string, professionalId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(consultationNotes)
    .where(and(eq(consultationNotes.id, id), eq(consultationNotes.patientId, patientId), eq(consultationNotes.professionalId, professionalId)))
    .returning({ id: consultationNotes.id });
  return rows.length > 0;
}
