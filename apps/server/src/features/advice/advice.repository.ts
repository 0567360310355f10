import { and, count, eq, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { AdviceKind, AdviceVote } from '@glucosuivi/domain/advice/advice.schemas';
import type { Db, Tx } from '../../platform/db/database';
import { glucoseReadings, healthMeasurements } from '../measurements/measurements.tables';
import { adviceFeedback } from './advice.tables';

/** The patient's vote on a kind of finding; a second vote on the same kind replaces the first. */
export async function upsertVote(tx: Tx, patientId: string, kind: AdviceKind, vote: AdviceVote, at: Date): Promise<void> {
  await tx
    .insert(adviceFeedback)
    .values({ patientId, kind, vote, updatedAt: at })
    .onConflictDoUpdate({ target: [adviceFeedback.patientId, adviceFeedback.kind], set: { vote, updatedAt: at } });
}

export async function votesOf(tx: Tx, patientId: string): Promise<Array<{ kind: AdviceKind; vote: AdviceVote }>> {
  const rows = await tx
    .select({ kind: adviceFeedback.kind, vote: adviceFeedback.vote })
    .from(adviceFeedback)
    .where(eq(adviceFeedback.patientId, patientId));
  return rows as Array<{ kind: AdviceKind; vote: AdviceVote }>;
}

export interface VoteCount {
  kind: AdviceKind;
  vote: AdviceVote;
  count: number;
}

/**
 * Votes per kind and vote across every patient, on the owner connection (an administrator's
 * statistics: row-level security would show each request its own votes only). Counts only: no
 * patient id leaves the query.
 */
export async function countVotesByKind(db: Db): Promise<VoteCount[]> {
  const rows = await db
    .select({ kind: adviceFeedback.kind, vote: adviceFeedback.vote, count: count() })
    .from(adviceFeedback)
    .groupBy(adviceFeedback.kind, adviceFeedback.vote)
    .orderBy(adviceFeedback.kind, adviceFeedback.vote);
  return rows.map((row) => ({ kind: row.kind as AdviceKind, vote: row.vote as AdviceVote, count: Number(row.count) }));
}

/** The kinds of health measurement advice reads; events are the meals (carbohydrate entries). */
export type AdviceResultKind = 'hba1c' | 'lipids' | 'blood_pressure';

export interface AdviceResults {
  hba1c: Array<{ at: number; percent: number }>;
  ldl: Array<{ at: number; mgdl: number }>;
  bloodPressure: Array<{ at: number; systolic: number; diastolic: number }>;
}

// `real` may come back widened (64.9 → 64.90000152…) through drivers that read float4 as float8.
const oneDecimal = (x: number): number => Math.round(x * 10) / 10;

/**
 * HbA1c, LDL and blood pressure results of [from, to), oldest first: one index range per kind
 * on (patient_id, kind, measured_at). A lipid panel without LDL says nothing about LDL.
 */
export async function resultsBetween(tx: Tx, patientId: string, kinds: readonly AdviceResultKind[], from: Date, to: Date): Promise<AdviceResults> {
  const out: AdviceResults = { hba1c: [], ldl: [], bloodPressure: [] };
  if (kinds.length === 0) return out;
  const h = healthMeasurements;
  const rows = await tx
    .select({ kind: h.kind, measuredAt: h.measuredAt, hba1c: h.hba1cPercent, ldl: h.ldlMgdl, systolic: h.systolic, diastolic: h.diastolic })
    .from(h)
    .where(
      and(
        eq(h.patientId, patientId),
        inArray(h.kind, [...kinds]),
        gte(h.measuredAt, from),
        lt(h.measuredAt, to),
        or(eq(h.kind, 'hba1c'), eq(h.kind, 'blood_pressure'), and(eq(h.kind, 'lipids'), isNotNull(h.ldlMgdl))),
      ),
    )
    .orderBy(h.measuredAt, h.id);
  for (const row of rows) {
    const at = row.measuredAt.getTime();
    if (row.kind === 'hba1c' && row.hba1c !== null) out.hba1c.push({ at, percent: oneDecimal(row.hba1c) });
    else if (row.kind === 'lipids' && row.ldl !== null) out.ldl.push({ at, mgdl: oneDecimal(row.ldl) });
    else if (row.kind === 'blood_pressure' && row.systolic !== null && row.diastolic !== null) {
      out.bloodPressure.push({ at, systolic: row.systolic, diastolic: row.diastolic });
    }
  }
  return out;
}

/**
 * Times of the meals of [from, to): the carbohydrate entries, typed by the patient or sent by a
 * Nightscout uploader (a "Meal Bolus" gives one). Two entries for one meal need no merging: the
 * engine reads meals by meal slot of each day.
 */
export async function mealTimesBetween(tx: Tx, patientId: string, from: Date, to: Date): Promise<number[]> {
  const h = healthMeasurements;
  const rows = await tx
    .select({ t: sql<number | string>`(extract(epoch from ${h.measuredAt}) * 1000)::float8` })
    .from(h)
    .where(and(eq(h.patientId, patientId), eq(h.kind, 'event'), eq(h.eventType, 'carbs'), gte(h.measuredAt, from), lt(h.measuredAt, to)))
    .orderBy(h.measuredAt);
  return rows.map((row) => Number(row.t));
}

/**
 * Times of the readings of [from, to) the patient said they felt as a low (a partial index is not
 * worth it: the patient's readings of the period are one primary-key range).
 */
export async function symptomaticTimesBetween(tx: Tx, patientId: string, from: Date, to: Date): Promise<number[]> {
  const g = glucoseReadings;
  const rows = await tx
    .select({ t: sql<number | string>`(extract(epoch from ${g.measuredAt}) * 1000)::float8` })
    .from(g)
    .where(and(eq(g.patientId, patientId), gte(g.measuredAt, from), lt(g.measuredAt, to), eq(g.symptomatic, true)))
    .orderBy(g.measuredAt);
  return rows.map((row) => Number(row.t));
}
